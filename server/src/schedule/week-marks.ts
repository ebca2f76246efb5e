import { availabilityOn, type DayAvailability, datesBetween, wallTimeOfMinute } from "@workshift/contracts";
import { sql } from "kysely";
import { availabilityOf } from "../availability/rules.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { boardTimeOffJsonSql } from "../time-off/leave-days-read.ts";
import { type BoardDaysRange, onBoardDays } from "./board-days.ts";

/**
 * What the board marks on a week besides its shifts: the waiting claims,
 * covers and swaps of its shifts, the people's approved time off on its
 * days, and their availability. One query for the marks and the time off
 * (which also says whether anyone in the organization gave availability),
 * one for the availability when someone did: a team that uses neither pays
 * one round trip.
 */
export interface WeekMarks {
  /** JSON text of ShiftRequestMark[]. */
  requests: string;
  /** JSON text of BoardTimeOff[]. */
  timeOff: string;
  availability: DayAvailability[];
}

/**
 * The waiting (offered, pending) claims, covers and swaps of the week's
 * shifts (a swap marks both its shifts, each that is in the week), the
 * shown people's approved time off on the week's dates (each leave day is a
 * date in its person's zone: leave-days-read.ts), and each
 * shown person's windows on each of the week's days (dates of the week's
 * zone: the board's, the organization's on "all"), people named by their
 * person id (the week is sent past the answer's schema).
 */
export async function weekMarks(
  tx: Tx,
  organizationId: string,
  ranges: readonly BoardDaysRange[],
  userIds: readonly string[],
  week: { startDate: string; endDate: string },
): Promise<WeekMarks> {
  if (ranges.length === 0) return { requests: "[]", timeOff: "[]", availability: [] };
  // Driven from the organization's waiting requests (a partial index): few, where the week may hold thousands of shifts.
  const found = await sql<{ marks: string; time_off: string; availability: boolean }>`
    with marks as (
      select s.id as shift_id, r.id as request_id, r.kind, r.status
      from requests r join shifts s on s.organization_id = r.organization_id and s.id = r.shift_id
      where r.organization_id = ${organizationId} and r.status in ('offered', 'pending')
        and r.kind in ('claim', 'cover', 'swap') and ${onBoardDays(ranges, "s")}
      union all
      select s.id, r.id, r.kind, r.status
      from requests r join shifts s on s.organization_id = r.organization_id and s.id = r.other_shift_id
      where r.organization_id = ${organizationId} and r.status in ('offered', 'pending')
        and r.kind = 'swap' and ${onBoardDays(ranges, "s")}
    )
    select
      (select coalesce(json_agg(json_build_object('shift_id', shift_id, 'request_id', request_id, 'kind', kind,
        'status', status) order by shift_id, request_id)::text, '[]') from marks) as marks,
      ${boardTimeOffJsonSql(organizationId, userIds, week.startDate, week.endDate)} as time_off,
      exists (select 1 from availability_rules where organization_id = ${organizationId}) as availability`.execute(tx);
  const row = found.rows[0];
  return {
    requests: row?.marks ?? "[]",
    timeOff: row?.time_off ?? "[]",
    availability: row?.availability ? await weekAvailability(tx, organizationId, userIds, week) : [],
  };
}

/** Each person's windows on each of the week's days, a row per window. */
async function weekAvailability(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  week: { startDate: string; endDate: string },
): Promise<DayAvailability[]> {
  const byPerson = await availabilityOf(tx, organizationId, userIds, week.startDate, week.endDate);
  const dates = datesBetween(week.startDate, week.endDate);
  const days: DayAvailability[] = [];
  for (const [userId, rules] of byPerson) {
    const personId = personIdOf(organizationId, userId);
    for (const date of dates) {
      for (const window of availabilityOn(rules, date)) {
        days.push({
          user_id: personId,
          date,
          kind: window.kind,
          start: window.whole_day ? null : wallTimeOfMinute(window.start_minute),
          end: window.whole_day ? null : wallTimeOfMinute(window.end_minute),
          note: window.note,
        });
      }
    }
  }
  return days;
}
