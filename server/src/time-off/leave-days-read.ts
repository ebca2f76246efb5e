import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Approved leave as the schedule and the timesheets read it: the days of
 * time-off requests (time_off_days) whose request is approved. Status lives
 * on the request only, so every read joins it; pending, declined and
 * cancelled leave never shows. Every query is driven by an index of
 * time_off_days (organization and person or day), each day's request then
 * read by its key. People are accounts here; the week's JSON names them by
 * their person id itself.
 */

/** The leave of a day, with its type (name, colour, paid). People are accounts (not person ids). */
export interface LeaveDay {
  request_id: string;
  user_id: string;
  /** The day, in the person's zone (YYYY-MM-DD). */
  date: string;
  minutes: number;
  starts_at: string;
  ends_at: string;
  /** A part of the day (else the whole day). */
  part: boolean;
  leave_type: { id: string; name: string; color: string; paid: boolean };
}

/** An instant as JavaScript's toISOString writes it (milliseconds, UTC, "Z"). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The request's details hold its leave, whose part ({start, end}) is null for whole days (records.ts, TimeOffDetails). */
const partSql = "coalesce(jsonb_typeof(r.details -> 'time_off' -> 'part'), 'null') <> 'null'";

/**
 * Days of leave `d` (narrowed by the caller) with their approved request `r`
 * and its type `t`. The request is looked up per day by its key (lateral,
 * kept apart by OFFSET 0): joined as a set, PostgreSQL reads every time-off
 * request of the organization to keep a few (~40 ms for a year of 500
 * people's, against ~3 ms for a busy week's days this way).
 */
const approvedDaysFrom = sql.raw(`time_off_days d
    cross join lateral (
      select r.leave_type_id, r.details from requests r
      where r.organization_id = d.organization_id and r.id = d.request_id
        and r.status = 'approved' and r.kind = 'time_off'
      offset 0
    ) r
    join leave_types t on t.organization_id = d.organization_id and t.id = r.leave_type_id`);

/**
 * The week answer's `time_off` as JSON text (BoardTimeOff[]): the approved
 * leave of `userIds` on the days from `from` to `to` (inclusive), people named
 * by their person id, one row per person and day, ordered by person and day.
 * A scalar subquery: the week folds it into a statement it already runs.
 */
export function boardTimeOffJsonSql(
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): RawBuilder<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object(
      'request_id', d.request_id,
      'user_id', m.id,
      'date', d.day::text,
      'starts_at', ${sql.raw(iso("d.starts_at"))},
      'ends_at', ${sql.raw(iso("d.ends_at"))},
      'part', ${sql.raw(partSql)},
      'leave_type', json_build_object('id', t.id, 'name', t.name, 'color', t.color)
    ) order by d.user_id, d.day, d.starts_at)::text, '[]')
    from ${approvedDaysFrom}
    join memberships m on m.organization_id = d.organization_id and m.user_id = d.user_id
    where d.organization_id = ${organizationId} and d.user_id = any(${[...userIds]}::uuid[])
      and d.day between ${from}::date and ${to}::date)`;
}

interface LeaveRow {
  request_id: string;
  user_id: string;
  date: string;
  minutes: number;
  starts_at: Date | string;
  ends_at: Date | string;
  part: boolean;
  type_id: string;
  type_name: string;
  type_color: string;
  type_paid: boolean;
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const leaveDayOf = (row: LeaveRow): LeaveDay => ({
  request_id: row.request_id,
  user_id: row.user_id,
  date: row.date,
  minutes: Number(row.minutes),
  starts_at: toIso(row.starts_at),
  ends_at: toIso(row.ends_at),
  part: row.part,
  leave_type: { id: row.type_id, name: row.type_name, color: row.type_color, paid: row.type_paid },
});

/** The approved leave of `userIds` on the days from `from` to `to` (inclusive, the person's dates), by person and day. */
export async function approvedLeaveDays(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<LeaveDay[]> {
  if (userIds.length === 0) return [];
  const found = await sql<LeaveRow>`
    select d.request_id, d.user_id, d.day::text as date, d.minutes, d.starts_at, d.ends_at,
      ${sql.raw(partSql)} as part, t.id as type_id, t.name as type_name, t.color as type_color, t.paid as type_paid
    from ${approvedDaysFrom}
    where d.organization_id = ${organizationId} and d.user_id = any(${[...userIds]}::uuid[])
      and d.day between ${from}::date and ${to}::date
    order by d.user_id, d.day, d.starts_at`.execute(tx);
  return found.rows.map(leaveDayOf);
}

/** A person's time, to meet against their leave. */
export interface PersonSpan {
  user_id: string;
  starts_at: string;
  ends_at: string;
}

/** The UTC date of an instant, moved by `days`. */
const utcDate = (instant: string, days: number) =>
  new Date(Date.parse(instant) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * For each span (by its index), the approved leave of its person that
 * overlaps it (touching ends do not), earliest first; and whether the
 * organization refuses scheduling people on leave. One statement whatever
 * the number of spans (a copied week is thousands): the people's leave days
 * from the day before the first span to the day after the last (a leave day
 * is a date in the person's zone, at most a day off a span's UTC dates),
 * met with the spans here.
 */
export async function leaveDuring(
  tx: Tx,
  organizationId: string,
  spans: readonly PersonSpan[],
): Promise<{ refuses: boolean; met: Map<number, LeaveDay[]> }> {
  const met = new Map<number, LeaveDay[]>();
  const userIds = [...new Set(spans.map((span) => span.user_id))];
  let from = "";
  let to = "";
  for (const span of spans) {
    const first = utcDate(span.starts_at, -1);
    const last = utcDate(span.ends_at, 1);
    if (from === "" || first < from) from = first;
    if (to === "" || last > to) to = last;
  }
  const found = await sql<LeaveRow & { refuses: boolean }>`
    with policy as (
      select coalesce((select leave_scheduling_policy = 'refuse' from organization_settings
        where organization_id = ${organizationId}), false) as refuses
    ), days as (
      select d.request_id, d.user_id, d.day::text as date, d.minutes, d.starts_at, d.ends_at,
        ${sql.raw(partSql)} as part, t.id as type_id, t.name as type_name, t.color as type_color, t.paid as type_paid
      from ${approvedDaysFrom}
      where d.organization_id = ${organizationId} and d.user_id = any(${userIds}::uuid[])
        and d.day between ${from || null}::date and ${to || null}::date
    )
    select policy.refuses, days.* from policy left join days on true
    order by days.user_id, days.starts_at, days.date`.execute(tx);
  let refuses = false;
  const byPerson = new Map<string, LeaveDay[]>();
  for (const row of found.rows) {
    refuses = row.refuses;
    if (row.request_id === null) continue;
    const day = leaveDayOf(row);
    byPerson.set(day.user_id, [...(byPerson.get(day.user_id) ?? []), day]);
  }
  spans.forEach((span, index) => {
    const starts = Date.parse(span.starts_at);
    const ends = Date.parse(span.ends_at);
    const overlapping = (byPerson.get(span.user_id) ?? []).filter(
      (day) => Date.parse(day.starts_at) < ends && Date.parse(day.ends_at) > starts,
    );
    if (overlapping.length > 0) met.set(index, overlapping);
  });
  return { refuses, met };
}

/** The people with approved leave on a day from `from` to `to` (inclusive): accounts, each once. */
export async function peopleOnLeave(tx: Tx, organizationId: string, from: string, to: string): Promise<string[]> {
  const found = await sql<{ user_id: string }>`
    select distinct d.user_id from ${approvedDaysFrom}
    where d.organization_id = ${organizationId} and d.day between ${from}::date and ${to}::date`.execute(tx);
  return found.rows.map((row) => row.user_id);
}
