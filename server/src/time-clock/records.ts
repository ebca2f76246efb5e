import type { EntryBreak, TimeEntry } from "@workshift/contracts";
import type { Selectable } from "kysely";
import type { StoredBreak, TimeEntriesTable } from "../lib/db/schema.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** time_entries.breaks as stored (some drivers hand jsonb back as text). */
export function storedBreaks(value: StoredBreak[] | string | unknown): StoredBreak[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as StoredBreak[]) : [];
}

export type EntryRow = Selectable<TimeEntriesTable>;

/** The columns an API entry is made of (toEntry): what a reader of many entries selects. */
export const ENTRY_COLUMNS = [
  "e.id",
  "e.user_id",
  "e.job_id",
  "e.shift_id",
  "e.clock_in_at",
  "e.clock_out_at",
  "e.breaks",
  "e.source",
  "e.note",
  "e.reviewed_at",
  "e.version",
  "e.updated_at",
] as const;
type EntryColumn = (typeof ENTRY_COLUMNS)[number] extends `e.${infer Name}` ? Name : never;

/** The API's shape of a time entry row. */
export function toEntry(row: Pick<EntryRow, EntryColumn>): TimeEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    job_id: row.job_id,
    shift_id: row.shift_id,
    clock_in_at: iso(row.clock_in_at),
    clock_out_at: row.clock_out_at === null ? null : iso(row.clock_out_at),
    breaks: storedBreaks(row.breaks).map(
      (item): EntryBreak => ({
        starts_at: iso(item.starts_at),
        ends_at: item.ends_at === null ? null : iso(item.ends_at),
      }),
    ),
    source: row.source,
    note: row.note,
    reviewed: row.reviewed_at !== null,
    version: Number(row.version),
    updated_at: iso(row.updated_at),
  };
}

/** The break going on in an entry, if any (always the last one). */
export function openBreak(entry: Pick<TimeEntry, "breaks">): EntryBreak | null {
  const last = entry.breaks.at(-1);
  return last && last.ends_at === null ? last : null;
}

/**
 * Minutes worked in an entry up to its clock-out (or `now` while open):
 * elapsed time less its breaks (a break going on counts to `now`), never
 * below zero. As punched: no rounding (the timesheet rounds).
 */
export function workedMinutes(entry: Pick<TimeEntry, "clock_in_at" | "clock_out_at" | "breaks">, now: Date): number {
  const end = entry.clock_out_at === null ? now.getTime() : Date.parse(entry.clock_out_at);
  let ms = end - Date.parse(entry.clock_in_at);
  for (const item of entry.breaks) {
    const stop = item.ends_at === null ? end : Math.min(end, Date.parse(item.ends_at));
    ms -= Math.max(0, stop - Date.parse(item.starts_at));
  }
  return Math.max(0, Math.floor(ms / 60_000));
}
