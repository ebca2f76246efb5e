import { type RawBuilder, sql } from "kysely";

/**
 * A shift as the API answers it (records.ts' toShift), written by PostgreSQL
 * as JSON. A board's week is thousands of shifts: reading each as a row,
 * parsing its eight timestamps into Dates and writing them back as ISO text
 * was most of the request (and of its garbage). Built in the database, the
 * week's shifts arrive as one text and go into the answer as they are.
 *
 * Must stay equal to toShift and shiftStatusOf: week.api.test.ts compares the
 * two for every status. Written past the answers' schemas, it names people by
 * their person id in the organization itself (person_id, as the API's edge
 * does for the other answers: lib/access/person-ids.ts).
 */

/** An instant as JavaScript's toISOString writes it (milliseconds, UTC, "Z"). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
const published = `case when (${shiftStatusSql}) in ('draft', 'published') then null else json_build_object(
  'user_id', person_id(organization_id, published_user_id),
  'job_id', published_job_id,
  'starts_at', ${iso("published_starts_at")},
  'ends_at', ${iso("published_ends_at")},
  'break_minutes', coalesce(published_break_minutes, 0),
  'note', published_note,
  'published_at', ${iso("published_at")}
) end`;

/** One row of `shifts` (unaliased) as a Shift. */
export const shiftJson: RawBuilder<unknown> = sql.raw(`json_build_object(
  'id', id,
  'board_id', job_scheduler_id,
  'user_id', person_id(organization_id, user_id),
  'job_id', job_id,
  'starts_at', ${iso("starts_at")},
  'ends_at', ${iso("ends_at")},
  'break_minutes', break_minutes,
  'note', note,
  'status', ${shiftStatusSql},
  'published_at', ${iso("published_at")},
  'published', ${published},
  'version', version,
  'updated_at', ${iso("updated_at")}
)`);

/** One row of `shifts` (unaliased) as a NearbyShift, with its board's zone (its day is its board's). */
export const nearbyShiftJson: RawBuilder<unknown> = sql.raw(`json_build_object(
  'id', id,
  'board_id', job_scheduler_id,
  'time_zone', (select b.time_zone from job_schedulers b
    where b.organization_id = shifts.organization_id and b.id = shifts.job_scheduler_id),
  'user_id', person_id(organization_id, user_id),
  'starts_at', ${iso("starts_at")},
  'ends_at', ${iso("ends_at")},
  'break_minutes', break_minutes
)`);

/** The rows' objects as one JSON array text, in the week's order ("[]" when none). */
export const jsonArrayText = (object: RawBuilder<unknown>) =>
  sql<string>`coalesce(json_agg(${object} order by starts_at, id)::text, '[]')`;
