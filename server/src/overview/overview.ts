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
  stepPayPeriod,
  todayIn,
  weekOf,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { shiftStatusSql } from "../schedule/shift-json.ts";
import { loadLive } from "../time-clock/live.ts";
import { toEntry, workedMinutes } from "../time-clock/records.ts";
import { clockSettings } from "../time-clock/settings.ts";

/** The people the overview names first: those who need a look, then who is working. */
const PRIORITY: LiveStatus[] = ["late", "absent", "unscheduled", "on_break", "working"];
const PEOPLE_SHOWN = 12;
const money = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

/**
 * The manager's day at a glance (see the contracts' overview.ts): built only
 * from what `can` allows, in the organization's zone and week.
 */
export async function loadOverview(
  tx: Tx,
  organizationId: string,
  can: { schedule: boolean; time_clock: boolean },
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
    const paid = sql<number>`greatest(0, extract(epoch from (s.ends_at - s.starts_at)) / 60 - s.break_minutes)`;
    const rate = sql<string | null>`coalesce(m.hourly_rate, j.hourly_rate)`;
    const scheduled = await tx
      .selectFrom("shifts as s")
      .leftJoin("memberships as m", (join) =>
        join.onRef("m.organization_id", "=", "s.organization_id").onRef("m.user_id", "=", "s.user_id"),
      )
      .leftJoin("jobs as j", (join) =>
        join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
      )
      .select([
        "s.job_scheduler_id as board_id",
        sql<number>`coalesce(sum(${paid}), 0)::int`.as("minutes"),
        sql<string | null>`sum(${paid} * ${rate} / 60)`.as("cost"),
      ])
      .where("s.organization_id", "=", organizationId)
      .where("s.deleted_at", "is", null)
      .where("s.starts_at", ">=", weekStart)
      .where("s.starts_at", "<", weekEnd)
      .groupBy("s.job_scheduler_id")
      .execute();
    for (const row of scheduled) {
      const board = rows.get(row.board_id);
      if (!board) continue;
      board.scheduled_minutes = Number(row.minutes);
      board.scheduled_cost = money(row.cost);
    }
    const unpublished = await tx
      .selectFrom("shifts")
      .select(["job_scheduler_id as board_id", sql<number>`count(*)::int`.as("count")])
      .where("organization_id", "=", organizationId)
      .where("starts_at", ">=", new Date(today.startsAt))
      .where(sql<boolean>`(${sql.raw(shiftStatusSql)}) <> 'published'`)
      .groupBy("job_scheduler_id")
      .execute();
    for (const row of unpublished) {
      const board = rows.get(row.board_id);
      if (!board) continue;
      board.unpublished = Number(row.count);
      if (board.unpublished > 0) {
        attention.push({ kind: "unpublished", board_id: board.id, board_name: board.name, count: board.unpublished });
      }
    }
    const todayCount = await tx
      .selectFrom("shifts")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("organization_id", "=", organizationId)
      .where("published_at", "is not", null)
      .where("deleted_at", "is", null)
      .where("published_starts_at", ">=", new Date(today.startsAt))
      .where("published_starts_at", "<", new Date(today.endsAt))
      .executeTakeFirstOrThrow();
    shiftsToday = Number(todayCount.count);
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

    const entries = await tx
      .selectFrom("time_entries as e")
      .leftJoin("shifts as s", (join) =>
        join.onRef("s.organization_id", "=", "e.organization_id").onRef("s.id", "=", "e.shift_id"),
      )
      .selectAll("e")
      .select("s.job_scheduler_id as board_id")
      .where("e.organization_id", "=", organizationId)
      .where("e.deleted_at", "is", null)
      .where("e.clock_in_at", ">=", weekStart)
      .where("e.clock_in_at", "<", weekEnd)
      .execute();
    offBoard = 0;
    for (const row of entries) {
      const entry = toEntry(row);
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
    const flagged = await tx
      .selectFrom("time_entries")
      .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(clock_in_at)`.as("first")])
      .where("organization_id", "=", organizationId)
      .where("deleted_at", "is", null)
      .where("reviewed_at", "is", null)
      .where("clock_in_at", ">=", since)
      .where((eb) =>
        eb.or([
          eb.and([eb("clock_out_at", "is", null), eb("clock_in_at", "<", limit)]),
          eb(sql`clock_out_at - clock_in_at`, ">", sql`make_interval(mins => ${settings.open_limit_minutes})`),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (Number(flagged.count) > 0 && flagged.first) {
      const first = new Date(flagged.first).toISOString();
      attention.push({ kind: "flagged", count: Number(flagged.count), date: todayIn(zone, new Date(first)) });
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
  };
}

/**
 * How many people have time in `period` not covered by an approval, counted
 * as the timesheets count it: an entry sits on the day of its rounded
 * clock-in in its job's zone (so 23:55 rounded to the next day is the next
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
  const entries = await tx
    .selectFrom("time_entries as e")
    .leftJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "e.organization_id").onRef("j.id", "=", "e.job_id"),
    )
    .select(["e.user_id", "e.clock_in_at", "j.time_zone"])
    .where("e.organization_id", "=", organizationId)
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
    const date = entryDate(new Date(entry.clock_in_at).toISOString(), roundingMinutes, entry.time_zone ?? zone);
    if (date < period.start || date > period.end) continue;
    const covered = approvalsOf
      .get(entry.user_id)
      ?.some((approval) => approval.period_start <= date && approval.period_end >= date);
    if (!covered) waiting.add(entry.user_id);
  }
  return waiting.size;
}
