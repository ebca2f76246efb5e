import type { Shift, ShiftStatus } from "@workshift/contracts";
import type { Selectable } from "kysely";
import type { ShiftsTable } from "../lib/db/schema.ts";

export type ShiftRow = Selectable<ShiftsTable>;

/** The columns toShift reads: select these rather than every column where many shifts are read (the week). */
export const shiftColumns = [
  "id",
  "job_scheduler_id",
  "user_id",
  "job_id",
  "starts_at",
  "ends_at",
  "break_minutes",
  "note",
  "version",
  "deleted_at",
  "published_at",
  "published_user_id",
  "published_job_id",
  "published_starts_at",
  "published_ends_at",
  "published_break_minutes",
  "published_note",
  "updated_at",
] as const satisfies readonly (keyof ShiftRow)[];
/** What toShift and shiftStatusOf need of a row (a whole ShiftRow will do). */
export type ShiftRecord = Pick<ShiftRow, (typeof shiftColumns)[number]>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
/** Milliseconds since the epoch (what iso() writes, compared without writing it: the week does this 6,000 times). */
const ms = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Whether the draft differs from what people last saw. */
function differsFromPublished(row: ShiftRecord): boolean {
  return (
    row.user_id !== row.published_user_id ||
    row.job_id !== row.published_job_id ||
    ms(row.starts_at) !== ms(row.published_starts_at as Date) ||
    ms(row.ends_at) !== ms(row.published_ends_at as Date) ||
    row.break_minutes !== row.published_break_minutes ||
    (row.note ?? null) !== (row.published_note ?? null)
  );
}

export function shiftStatusOf(row: ShiftRecord): ShiftStatus {
  if (row.published_at === null) return "draft";
  if (row.deleted_at !== null) return "deleted";
  return differsFromPublished(row) ? "changed" : "published";
}

/** A shifts row as the API answers it. */
export function toShift(row: ShiftRecord): Shift {
  const status = shiftStatusOf(row);
  const published =
    status === "draft" || status === "published"
      ? null
      : {
          user_id: row.published_user_id,
          job_id: row.published_job_id,
          starts_at: iso(row.published_starts_at as Date),
          ends_at: iso(row.published_ends_at as Date),
          break_minutes: row.published_break_minutes ?? 0,
          note: row.published_note,
          published_at: iso(row.published_at as Date),
        };
  return {
    id: row.id,
    board_id: row.job_scheduler_id,
    user_id: row.user_id,
    job_id: row.job_id,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    break_minutes: row.break_minutes,
    note: row.note,
    status,
    published_at: row.published_at === null ? null : iso(row.published_at),
    published,
    version: row.version,
    updated_at: iso(row.updated_at),
  };
}
