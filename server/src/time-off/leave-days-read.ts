import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Approved leave as the schedule and the timesheets read it: the days of
 * time-off requests (time_off_days) whose request is approved. Status lives
 * on the request only, so every read joins it; pending, declined and
 * cancelled leave never shows. Every query is driven by the person index of
 * time_off_days (organization, person, day).
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

/** The request's details hold the part asked ({start, end}), or null for whole days. */
const partSql = "coalesce(jsonb_typeof(r.details -> 'part'), 'null') <> 'null'";

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
      'user_id', person_id(d.organization_id, d.user_id),
      'date', d.day::text,
      'starts_at', ${sql.raw(iso("d.starts_at"))},
      'ends_at', ${sql.raw(iso("d.ends_at"))},
      'part', ${sql.raw(partSql)},
      'leave_type', json_build_object('id', t.id, 'name', t.name, 'color', t.color)
    ) order by d.user_id, d.day, d.starts_at)::text, '[]')
    from time_off_days d
    join requests r on r.organization_id = d.organization_id and r.id = d.request_id
    join leave_types t on t.organization_id = r.organization_id and t.id = r.leave_type_id
    where d.organization_id = ${organizationId} and d.user_id = any(${[...userIds]}::uuid[])
      and d.day between ${from}::date and ${to}::date
      and r.status = 'approved' and r.kind = 'time_off')`;
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
    from time_off_days d
    join requests r on r.organization_id = d.organization_id and r.id = d.request_id
    join leave_types t on t.organization_id = r.organization_id and t.id = r.leave_type_id
    where d.organization_id = ${organizationId} and d.user_id = any(${[...userIds]}::uuid[])
      and d.day between ${from}::date and ${to}::date
      and r.status = 'approved' and r.kind = 'time_off'
    order by d.user_id, d.day, d.starts_at`.execute(tx);
  return found.rows.map(leaveDayOf);
}

/** A person's time, to meet against their leave. */
export interface PersonSpan {
  user_id: string;
  starts_at: string;
  ends_at: string;
}

/**
 * For each span (by its index), the approved leave of its person that
 * overlaps it (touching ends do not), earliest first; and whether the
 * organization refuses scheduling people on leave. One statement: the
 * spans go in as arrays, each narrowed to the days around it (a leave day
 * is a date in the person's zone, at most a day off the span's UTC dates)
 * so the person index drives it.
 */
export async function leaveDuring(
  tx: Tx,
  organizationId: string,
  spans: readonly PersonSpan[],
): Promise<{ refuses: boolean; met: Map<number, LeaveDay[]> }> {
  const met = new Map<number, LeaveDay[]>();
  const found = await sql<LeaveRow & { n: number | string | null; refuses: boolean }>`
    with policy as (
      select coalesce((select leave_scheduling_policy = 'refuse' from organization_settings
        where organization_id = ${organizationId}), false) as refuses
    ), spans as (
      select * from unnest(
        ${spans.map((span) => span.user_id)}::uuid[],
        ${spans.map((span) => span.starts_at)}::timestamptz[],
        ${spans.map((span) => span.ends_at)}::timestamptz[]
      ) with ordinality as s(user_id, starts_at, ends_at, n)
    ), met as (
      select s.n, d.request_id, d.user_id, d.day::text as date, d.minutes, d.starts_at, d.ends_at,
        ${sql.raw(partSql)} as part, t.id as type_id, t.name as type_name, t.color as type_color, t.paid as type_paid
      from spans s
      join time_off_days d on d.organization_id = ${organizationId} and d.user_id = s.user_id
        and d.day between (s.starts_at at time zone 'UTC')::date - 1 and (s.ends_at at time zone 'UTC')::date + 1
        and d.starts_at < s.ends_at and d.ends_at > s.starts_at
      join requests r on r.organization_id = d.organization_id and r.id = d.request_id
      join leave_types t on t.organization_id = r.organization_id and t.id = r.leave_type_id
      where r.status = 'approved' and r.kind = 'time_off'
    )
    select policy.refuses, met.* from policy left join met on true
    order by met.n, met.starts_at, met.date`.execute(tx);
  let refuses = false;
  for (const row of found.rows) {
    refuses = row.refuses;
    if (row.n === null) continue;
    const index = Number(row.n) - 1;
    const list = met.get(index) ?? [];
    list.push(leaveDayOf(row));
    met.set(index, list);
  }
  return { refuses, met };
}
