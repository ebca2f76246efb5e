import {
  type Attention,
  addDays,
  dayOf,
  entryDate,
  isFlaggedEntry,
  type LivePerson,
  type LiveStatus,
  type OverviewBoard,
  type OverviewResponse,
  payPeriodOf,
  type SetupStep,
  stepPayPeriod,
  todayIn,
  weekOf,
  workDateOf,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { loadLive } from "../time-clock/live.ts";
import { toEntry, workedMinutes } from "../time-clock/records.ts";
import { clockSettings } from "../time-clock/settings.ts";
import { entriesWithZones, entryZoneOf } from "../time-clock/work-zones.ts";
import { loadSetup } from "./setup.ts";
import { unpublishedWeeks } from "./unpublished-weeks.ts";

/** The people the overview names first: those who need a look, then who is working. */
const PRIORITY: LiveStatus[] = ["late", "absent", "unscheduled", "on_break", "working"];
const PEOPLE_SHOWN = 12;
const money = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);
/** Shifts and entries sit on their day in their own zone (zoneOfWork): a day's margin around the organization's covers every zone. */
const MARGIN_MS = 24 * 60 * 60 * 1000;

/** Shifts (as `s`) with their board (`board_id`) and its zone (`board_zone`), the zone of their day. */
function shiftsWithBoardZone(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .select(["s.job_scheduler_id as board_id", "b.time_zone as board_zone", "s.starts_at"])
    .where("s.organization_id", "=", organizationId);
}

/** The day a shift starting at `startsAt` is on: its board's (zoneOfWork). */
const shiftDate = (startsAt: Date | string, boardZone: string, organizationZone: string) =>
  workDateOf(new Date(startsAt).toISOString(), { board: boardZone, job: null, organization: organizationZone });

/**
 * The manager's day at a glance (see the contracts' overview.ts): built only
 * from what `can` allows, in the organization's zone and week.
 */
export async function loadOverview(
  tx: Tx,
  organizationId: string,
  can: { schedule: boolean; time_clock: boolean },
  setupSteps: readonly SetupStep[] = [],
  now = new Date(),
): Promise<OverviewResponse> {
  const settings = await clockSettings(tx, organizationId);
  const zone = settings.time_zone;
  const today = dayOf(todayIn(zone, now), zone);
  const week = weekOf(today.date, zone, settings.week_start);
  const weekStart = new Date(week.startsAt);
  const weekEnd = new Date(week.endsAt);
  const currency = await tx
    .selectFrom("organization_settings")
    .select("currency")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  const boards = await tx
    .selectFrom("job_schedulers")
    .select(["id", "name"])
    .where("organization_id", "=", organizationId)
    .where("is_archived", "=", false)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
  const rows = new Map<string, OverviewBoard>(
    boards.map((board) => [
      board.id,
      {
        id: board.id,
        name: board.name,
        scheduled_minutes: 0,
        scheduled_cost: null,
        worked_minutes: can.time_clock ? 0 : null,
        unpublished: can.schedule ? 0 : null,
      },
    ]),
  );
  const attention: Attention[] = [];
  let shiftsToday: number | null = null;

  if (can.schedule) {
    // Each shift counts on its board's day (zoneOfWork): read a day more each way, keep those whose day is in.
    const paid = sql<number>`greatest(0, extract(epoch from (s.ends_at - s.starts_at)) / 60 - s.break_minutes)`;
    const rate = sql<string | null>`coalesce(m.hourly_rate, j.hourly_rate)`;
    const weekShifts = await shiftsWithBoardZone(tx, organizationId)
      .leftJoin("memberships as m", (join) =>
        join.onRef("m.organization_id", "=", "s.organization_id").onRef("m.user_id", "=", "s.user_id"),
      )
      .leftJoin("jobs as j", (join) =>
        join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
      )
      .select([sql<number>`${paid}`.as("minutes"), sql<string | null>`${paid} * ${rate} / 60`.as("cost")])
      .where("s.deleted_at", "is", null)
      .where("s.starts_at", ">=", new Date(weekStart.getTime() - MARGIN_MS))
      .where("s.starts_at", "<", new Date(weekEnd.getTime() + MARGIN_MS))
      .execute();
    const costs = new Map<string, number | null>();
    for (const row of weekShifts) {
      const board = rows.get(row.board_id);
      const date = shiftDate(row.starts_at, row.board_zone, zone);
      if (!board || date < week.startDate || date > week.endDate) continue;
      board.scheduled_minutes += Math.round(Number(row.minutes));
      if (row.cost !== null) costs.set(board.id, (costs.get(board.id) ?? 0) + Number(row.cost));
    }
    for (const [boardId, cost] of costs) {
      const board = rows.get(boardId);
      if (board) board.scheduled_cost = money(cost);
    }

    const waiting = await unpublishedWeeks(tx, organizationId, today.date, new Date(today.startsAt));
    for (const board of rows.values()) {
      const item = waiting.get(board.id);
      if (!item) continue;
      board.unpublished = item.count;
      attention.push({ kind: "unpublished", board_id: board.id, board_name: board.name, ...item });
    }

    // Today's published shifts: those whose published start is on today (their board's day).
    const dayStart = Date.parse(today.startsAt);
    const near = await shiftsWithBoardZone(tx, organizationId)
      .select([
        sql<boolean>`(s.published_at is not null and s.deleted_at is null)`.as("published"),
        sql<Date | null>`s.published_starts_at`.as("published_starts_at"),
      ])
      .where("s.published_starts_at", ">=", new Date(dayStart - MARGIN_MS))
      .where("s.published_starts_at", "<", new Date(Date.parse(today.endsAt) + MARGIN_MS))
      .execute();
    let todayCount = 0;
    for (const row of near) {
      if (
        row.published &&
        row.published_starts_at &&
        shiftDate(row.published_starts_at, row.board_zone, zone) === today.date
      ) {
        todayCount += 1;
      }
    }
    shiftsToday = todayCount;
  }

  let nowPart: OverviewResponse["now"] = null;
  let offBoard: number | null = null;
  if (can.time_clock) {
    const live = await loadLive(tx, organizationId, "all", false, now);
    const rank = (person: LivePerson) => (person.flagged ? -1 : PRIORITY.indexOf(person.status));
    nowPart = {
      counts: live.counts,
      people: live.people
        .filter((person) => person.flagged || PRIORITY.includes(person.status))
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, PEOPLE_SHOWN),
    };

    // This week's entries: those whose day (as the timesheets cut it) is one of the week's.
    const entries = await entriesWithZones(tx, organizationId)
      .select("s.job_scheduler_id as board_id")
      .where("e.deleted_at", "is", null)
      .where("e.clock_in_at", ">=", new Date(weekStart.getTime() - MARGIN_MS))
      .where("e.clock_in_at", "<", new Date(weekEnd.getTime() + MARGIN_MS))
      .execute();
    offBoard = 0;
    for (const row of entries) {
      const entry = toEntry(row);
      const date = entryDate(entry.clock_in_at, settings.rounding_minutes, entryZoneOf(row, zone));
      if (date < week.startDate || date > week.endDate) continue;
      // A flagged entry counts nothing until a manager checks it, as in the timesheets.
      if (isFlaggedEntry(entry, settings.open_limit_minutes, now.getTime())) continue;
      const minutes = workedMinutes(entry, now);
      const board = row.board_id ? rows.get(row.board_id) : undefined;
      if (board && board.worked_minutes !== null) board.worked_minutes += minutes;
      else offBoard += minutes;
    }

    if (live.refused_total > 0) attention.push({ kind: "refused", count: live.refused_total });

    // Flags of the last pay period and this one (older ones are the approvals' business).
    const last = stepPayPeriod(payPeriodOf(today.date, settings), settings, -1);
    const since = new Date(dayOf(last.start, zone).startsAt);
    const limit = sql<Date>`now() - make_interval(mins => ${settings.open_limit_minutes})`;
    const flagged = await entriesWithZones(tx, organizationId)
      .where("e.deleted_at", "is", null)
      .where("e.reviewed_at", "is", null)
      .where("e.clock_in_at", ">=", since)
      .where((eb) =>
        eb.or([
          eb.and([eb("e.clock_out_at", "is", null), eb("e.clock_in_at", "<", limit)]),
          eb(sql`e.clock_out_at - e.clock_in_at`, ">", sql`make_interval(mins => ${settings.open_limit_minutes})`),
        ]),
      )
      .orderBy("e.clock_in_at")
      .execute();
    const first = flagged[0];
    if (first) {
      // The day the timesheets show the first one on.
      const date = entryDate(toEntry(first).clock_in_at, settings.rounding_minutes, entryZoneOf(first, zone));
      attention.push({ kind: "flagged", count: flagged.length, date });
    }

    const waiting = await waitingForApproval(tx, organizationId, last, settings.rounding_minutes, zone);
    if (waiting > 0) {
      attention.push({
        kind: "approvals",
        count: waiting,
        period_start: last.start,
        period_end: last.end,
      });
    }
  }

  return {
    today: today.date,
    time_zone: zone,
    currency: currency?.currency ?? "USD",
    week: { start_date: week.startDate, end_date: week.endDate },
    can,
    shifts_today: shiftsToday,
    now: nowPart,
    boards: [...rows.values()],
    worked_off_board_minutes: offBoard,
    attention,
    setup: await loadSetup(tx, organizationId, setupSteps),
  };
}

/**
 * How many people have time in `period` not covered by an approval, counted
 * as the timesheets count it: an entry sits on the day of its rounded
 * clock-in in its zone of work (so 23:55 rounded to the next day is the next
 * period's), and an approval covers the days it spans (after a change of pay
 * period, one may start elsewhere).
 */
async function waitingForApproval(
  tx: Tx,
  organizationId: string,
  period: { start: string; end: string },
  roundingMinutes: number,
  zone: string,
): Promise<number> {
  // A day's margin each way: zones are within ±14 h of the organization's, and rounding moves minutes.
  const from = new Date(dayOf(addDays(period.start, -1), zone).startsAt);
  const to = new Date(dayOf(addDays(period.end, 2), zone).startsAt);
  const entries = await entriesWithZones(tx, organizationId)
    .where("e.deleted_at", "is", null)
    .where("e.clock_in_at", ">=", from)
    .where("e.clock_in_at", "<", to)
    .execute();
  const approvals = await tx
    .selectFrom("timesheet_approvals")
    .select([
      "user_id",
      sql<string>`period_start::text`.as("period_start"),
      sql<string>`period_end::text`.as("period_end"),
    ])
    .where("organization_id", "=", organizationId)
    .where("period_start", "<=", period.end)
    .where("period_end", ">=", period.start)
    .execute();
  const approvalsOf = new Map<string, { period_start: string; period_end: string }[]>();
  for (const approval of approvals)
    approvalsOf.set(approval.user_id, [...(approvalsOf.get(approval.user_id) ?? []), approval]);
  const waiting = new Set<string>();
  for (const entry of entries) {
    if (waiting.has(entry.user_id)) continue;
    const date = entryDate(new Date(entry.clock_in_at).toISOString(), roundingMinutes, entryZoneOf(entry, zone));
    if (date < period.start || date > period.end) continue;
    const covered = approvalsOf
      .get(entry.user_id)
      ?.some((approval) => approval.period_start <= date && approval.period_end >= date);
    if (!covered) waiting.add(entry.user_id);
  }
  return waiting.size;
}
