import type { NearbyFacts, ShiftFacts, ShiftStatus } from "@workshift/contracts";
import { type RawBuilder, sql } from "kysely";

/**
 * A week's shifts as PostgreSQL writes them for the week's answer: one JSON
 * array per row, its instants as milliseconds since 1970, people as their
 * accounts (the answer names them by place, week-wire.ts). A board's week is
 * thousands of shifts: reading each as a row, parsing its timestamps into
 * Dates, was most of the request; one JSON text parses in a few
 * milliseconds, and plain values are cheap to write (ISO text and person ids
 * per row were most of writing the rows as objects).
 *
 * Must stay equal to toShift and shiftStatusOf once decoded: week.api.test.ts
 * compares the two for every status.
 */

/** Milliseconds since 1970, cut to the millisecond as toISOString and to_char's MS are. */
const msOf = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/** shiftStatusOf: draft, deleted (removal pending), changed since publishing, or published. */
export const shiftStatusSql = `case
  when published_at is null then 'draft'
  when deleted_at is not null then 'deleted'
  when user_id is distinct from published_user_id
    or job_id is distinct from published_job_id
    or starts_at is distinct from published_starts_at
    or ends_at is distinct from published_ends_at
    or break_minutes is distinct from published_break_minutes
    or note is distinct from published_note then 'changed'
  else 'published'
end`;

/** What people were told, only while it differs from the shift (toShift: changed or deleted). */
const published = `case when (${shiftStatusSql}) in ('draft', 'published') then null else json_build_array(
  published_user_id, published_job_id, ${msOf("published_starts_at")}, ${msOf("published_ends_at")},
  coalesce(published_break_minutes, 0), published_note
) end`;

/** One row of `shifts` (unaliased) as the array shiftFactsOf reads. */
const shiftRow: RawBuilder<unknown> = sql.raw(`json_build_array(
  id, job_scheduler_id, user_id, job_id, ${msOf("starts_at")}, ${msOf("ends_at")}, break_minutes, note,
  ${shiftStatusSql}, ${msOf("published_at")}, version, ${msOf("updated_at")}, ${published}
)`);

/** One row of `shifts` (unaliased) as the array nearbyFactsOf reads, with its board's zone (its day is its board's). */
const nearbyRow: RawBuilder<unknown> = sql.raw(`json_build_array(
  id, job_scheduler_id, (select b.time_zone from job_schedulers b
    where b.organization_id = shifts.organization_id and b.id = shifts.job_scheduler_id),
  user_id, ${msOf("starts_at")}, ${msOf("ends_at")}, break_minutes
)`);

/** The rows as one JSON array text, in the week's order ("[]" when none). */
const rowsText = (row: RawBuilder<unknown>) =>
  sql<string>`coalesce(json_agg(${row} order by starts_at, id)::text, '[]')`;
/**
 * Each row of `shifts` with its xmin (the transaction that wrote its current
 * version), as [xmin, row] pairs: a kept week is brought up to date by
 * reading only the rows whose xmin changed (week-cache.ts).
 */
export const writtenShiftRowsText = rowsText(sql`json_build_array(xmin::text, ${shiftRow})`);
export const nearbyRowsText = rowsText(nearbyRow);

type ShiftRow = [
  string,
  string,
  string | null,
  string | null,
  number,
  number,
  number,
  string | null,
  ShiftStatus,
  number | null,
  number,
  number,
  [string | null, string | null, number, number, number, string | null] | null,
];

/** The shifts of writtenShiftRowsText, each with its xmin. */
export function writtenShiftFactsOf(text: string): Array<{ xmin: string; shift: ShiftFacts }> {
  return (JSON.parse(text) as Array<[string, ShiftRow]>).map(([xmin, row]) => ({ xmin, shift: factsOf(row) }));
}

function factsOf(row: ShiftRow): ShiftFacts {
  return {
    id: row[0],
    board_id: row[1],
    user_id: row[2],
    job_id: row[3],
    starts_at: row[4],
    ends_at: row[5],
    break_minutes: row[6],
    note: row[7],
    status: row[8],
    published_at: row[9],
    version: row[10],
    updated_at: row[11],
    published: row[12] && {
      user_id: row[12][0],
      job_id: row[12][1],
      starts_at: row[12][2],
      ends_at: row[12][3],
      break_minutes: row[12][4],
      note: row[12][5],
    },
  };
}

type NearbyRow = [string, string, string, string | null, number, number, number];

export function nearbyFactsOf(text: string): NearbyFacts[] {
  return (JSON.parse(text) as NearbyRow[]).map((row) => ({
    id: row[0],
    board_id: row[1],
    time_zone: row[2],
    user_id: row[3],
    starts_at: row[4],
    ends_at: row[5],
    break_minutes: row[6],
  }));
}
