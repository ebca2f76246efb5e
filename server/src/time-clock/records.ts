import type { EntryBreak, TimeEntry } from "@workshift/contracts";
import { type Selectable, sql } from "kysely";
import type { StoredBreak, TimeEntriesTable } from "../lib/db/schema.ts";

/** An instant as toISOString writes it (UTC, milliseconds): handed on as it is. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant (a Date, or text) as the API writes it. */
export const iso = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : ISO_INSTANT.test(value) ? value : new Date(value).toISOString();

/**
 * A timestamp column written by PostgreSQL as the API writes instants: a
 * reader of tens of thousands of rows skips making a Date of each and
 * writing it out again.
 */
export const isoText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** time_entries.breaks as stored (some drivers hand jsonb back as text). */
export function storedBreaks(value: StoredBreak[] | string | unknown): StoredBreak[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as StoredBreak[]) : [];
}

export type EntryRow = Selectable<TimeEntriesTable>;

/** The columns an API entry is made of (toEntry), its instants as text (isoText): what a reader of many entries selects. */
export const entryColumns = () =>
  [
    "e.id",
    "e.user_id",
    "e.job_id",
    "e.shift_id",
    isoText("e.clock_in_at").as("clock_in_at"),
    sql<string | null>`${isoText("e.clock_out_at")}`.as("clock_out_at"),
    "e.breaks",
    "e.source",
    "e.note",
    sql<string | null>`${isoText("e.reviewed_at")}`.as("reviewed_at"),
    "e.version",
    isoText("e.updated_at").as("updated_at"),
  ] as const;

type Instant = Date | string;
/** What toEntry reads: a row of time_entries, or of entryColumns (instants as text). */
type EntryFields = Omit<
  EntryRow,
  | "organization_id"
  | "deleted_at"
  | "created_by"
  | "updated_by"
  | "created_at"
  | "clock_in_at"
  | "clock_out_at"
  | "reviewed_at"
  | "updated_at"
> & {
  clock_in_at: Instant;
  clock_out_at: Instant | null;
  reviewed_at: Instant | null;
  updated_at: Instant;
};

/** The API's shape of a time entry row. */
export function toEntry(row: EntryFields): TimeEntry {
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
