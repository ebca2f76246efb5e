import {
  type AvailabilityChange,
  type AvailabilityRuleInput,
  addDays,
  dayStartOf,
  localDateOf,
  minuteOfWallTime,
  type RequestImpact,
  unavailableDuring,
} from "@workshift/contracts";
import { sql } from "kysely";
import { availabilityQuery, rulesByPerson } from "../availability/rules.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import type { ReadBatch, Row } from "./read-batch.ts";
import { detailsOf, type RequestRow } from "./records.ts";

/**
 * The impact of availability changes: the author's published shifts that
 * the change would put in their unavailability. A weekly pattern is looked at
 * over the eight weeks from its first day, an exception on its date; the
 * rules are read as they would be once it holds.
 */

/** How far ahead a new weekly pattern is held against the published shifts. */
export const AVAILABILITY_LOOKAHEAD_DAYS = 8 * 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const minuteOf = (time: string | null | undefined) => (time ? minuteOfWallTime(time) : null);

/**
 * A person's availability once the change holds: a weekly pattern replaces
 * the weekly windows from its first day on (earlier ones end the day before),
 * an exception replaces that date's exceptions.
 */
export function availabilityAfter(
  rules: readonly AvailabilityRuleInput[],
  change: AvailabilityChange,
  note: string | null,
): AvailabilityRuleInput[] {
  if (change.type === "weekly") {
    const first = change.effective_from;
    const kept = rules.flatMap((rule): AvailabilityRuleInput[] => {
      if (rule.weekday === null || rule.effective_from === null) return [rule];
      if (rule.effective_from >= first) return [];
      if (rule.effective_until !== null && rule.effective_until < first) return [rule];
      return [{ ...rule, effective_until: addDays(first, -1) }];
    });
    return [
      ...kept,
      ...change.windows.map((window) => ({
        kind: window.kind,
        weekday: window.weekday,
        date: null,
        start_minute: minuteOf(window.start),
        end_minute: minuteOf(window.end),
        effective_from: first,
        effective_until: null,
        note,
      })),
    ];
  }
  return [
    ...rules.filter((rule) => rule.date !== change.date),
    {
      kind: change.kind,
      weekday: null,
      date: change.date,
      start_minute: minuteOf(change.start),
      end_minute: minuteOf(change.end),
      effective_from: null,
      effective_until: null,
      note,
    },
  ];
}

/** The days a change is held against the shifts: [first, last]. */
export function changeDays(change: AvailabilityChange): { first: string; last: string } {
  if (change.type === "weekly") {
    return { first: change.effective_from, last: addDays(change.effective_from, AVAILABILITY_LOOKAHEAD_DAYS - 1) };
  }
  return { first: change.date, last: change.date };
}

interface PublishedShift {
  id: string;
  user_id: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
}

/** The people's published shifts (pending removals left out) starting within their windows, by person. */
async function publishedShifts(
  batch: ReadBatch,
  organizationId: string,
  windows: readonly { user_id: string; from: string; to: string }[],
): Promise<Map<string, PublishedShift[]>> {
  const byPerson = new Map<string, PublishedShift[]>();
  if (windows.length === 0) return byPerson;
  const rows = await batch.rows<{
    id: string;
    user_id: string;
    starts_at: string;
    ends_at: string;
    time_zone: string;
  }>(sql`
    select distinct on (s.id) s.id, s.published_user_id as user_id, s.published_starts_at as starts_at,
           s.published_ends_at as ends_at, b.time_zone
    from unnest(${windows.map((w) => w.user_id)}::uuid[], ${windows.map((w) => w.from)}::timestamptz[],
                ${windows.map((w) => w.to)}::timestamptz[]) as w(user_id, from_at, to_at)
    cross join lateral (
      select * from shifts s
      where s.organization_id = ${organizationId} and s.published_at is not null and s.published_user_id = w.user_id
        and s.published_starts_at >= w.from_at and s.published_starts_at < w.to_at and s.deleted_at is null
      -- One index range scan per window: the planner would rather hash-join a small table and test every row.
      offset 0
    ) s
    join job_schedulers b on b.organization_id = s.organization_id and b.id = s.job_scheduler_id
    where not b.is_archived
    order by s.id
  `);
  for (const row of rows) {
    const shift = {
      id: row.id,
      user_id: row.user_id,
      starts_at: new Date(row.starts_at).toISOString(),
      ends_at: new Date(row.ends_at).toISOString(),
      time_zone: row.time_zone,
    };
    const list = byPerson.get(row.user_id);
    if (list) list.push(shift);
    else byPerson.set(row.user_id, [shift]);
  }
  return byPerson;
}

export async function availabilityImpacts(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  rows: readonly RequestRow[],
): Promise<Map<string, RequestImpact>> {
  const result = new Map<string, RequestImpact>();
  const asked = rows.flatMap((row) => {
    const change = detailsOf(row).change;
    return change ? [{ row, change, ...changeDays(change) }] : [];
  });
  if (asked.length === 0) {
    for (const row of rows) result.set(row.id, emptyAvailabilityImpact());
    return result;
  }
  // Days are cut in each shift's board's zone: a day more each way holds every zone's.
  const windows = asked.map(({ row, first, last }) => ({
    user_id: row.author_id,
    from: new Date(Date.parse(dayStartOf(first, "UTC")) - DAY_MS).toISOString(),
    to: new Date(Date.parse(dayStartOf(addDays(last, 1), "UTC")) + DAY_MS).toISOString(),
  }));
  const first = asked.reduce((min, item) => (item.first < min ? item.first : min), asked[0]?.first ?? "");
  const last = asked.reduce((max, item) => (item.last > max ? item.last : max), asked[0]?.last ?? "");
  const rulesQuery = availabilityQuery(
    tx,
    organizationId,
    asked.map(({ row }) => row.author_id),
    addDays(first, -1),
    addDays(last, 1),
  );
  const [shifts, rules] = await Promise.all([
    publishedShifts(batch, organizationId, windows),
    batch.rows<Row<typeof rulesQuery>>(rulesQuery).then(rulesByPerson),
  ]);
  for (const row of rows) result.set(row.id, emptyAvailabilityImpact());
  for (const { row, change, first: from, last: to } of asked) {
    const after = availabilityAfter(rules.get(row.author_id) ?? [], change, row.note);
    const conflicts = (shifts.get(row.author_id) ?? [])
      .filter((shift) => {
        const firstDay = localDateOf(shift.starts_at, shift.time_zone);
        const lastDay = localDateOf(new Date(Date.parse(shift.ends_at) - 1).toISOString(), shift.time_zone);
        return lastDay >= from && firstDay <= to;
      })
      .filter((shift) => unavailableDuring(after, shift.starts_at, shift.ends_at, shift.time_zone) !== null)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
      .map((shift) => ({
        user_id: shift.user_id,
        shift_id: shift.id,
        starts_at: shift.starts_at,
        ends_at: shift.ends_at,
        time_zone: shift.time_zone,
      }));
    result.set(row.id, { ...emptyAvailabilityImpact(), availability_conflicts: conflicts });
  }
  return result;
}

const emptyAvailabilityImpact = (): RequestImpact => ({
  blockers: [],
  assignments: [],
  hours: [],
  warnings: [],
  availability_conflicts: [],
  time_off: null,
  time_off_conflicts: [],
  coverage: null,
  entry: null,
});
