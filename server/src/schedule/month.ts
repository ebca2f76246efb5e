import {
  type MonthResponse,
  monthOf,
  monthOfDate,
  type RuleShift,
  scheduleTotals,
  todayIn,
  workDateOf,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { boardDayRanges, onBoardDays } from "./board-days.ts";
import type { ScheduleScope } from "./scope.ts";

interface CostedShift extends RuleShift {
  rate: number | null;
}

/**
 * The month overview: per day of the month, the shifts on that day (their
 * board's day, zoneOfWork: on "all", each board's own; pending removals left out), open ones, headcount, paid
 * minutes and cost (paid hours × the person's rate, else the job's), and how
 * many unpublished changes (drafts, changes, pending removals) wait there.
 * Days are cut by the shared module, so a DST month has its 23- and 25-hour days.
 */
export async function loadMonth(
  tx: Tx,
  organizationId: string,
  scope: ScheduleScope,
  month: string | undefined,
): Promise<MonthResponse> {
  const range = monthOf(month ?? monthOfDate(todayIn(scope.zone)), scope.zone, scope.weekStart);
  const dates = range.days.map((day) => day.date);
  const first = range.days[0];
  const last = range.days[range.days.length - 1];
  const zones = new Map(scope.boards.map((board) => [board.id, board.time_zone]));
  const zoneOf = (boardId: string) => zones.get(boardId) ?? scope.zone;
  const rows =
    scope.boards.length === 0 || !first || !last
      ? []
      : await tx
          .selectFrom("shifts as s")
          .leftJoin("memberships as m", (join) =>
            join.onRef("m.organization_id", "=", "s.organization_id").onRef("m.user_id", "=", "s.user_id"),
          )
          .leftJoin("jobs as j", (join) =>
            join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
          )
          .select([
            "s.id",
            "s.job_scheduler_id",
            "s.user_id",
            "s.job_id",
            "s.starts_at",
            "s.ends_at",
            "s.break_minutes",
            sql<boolean>`s.deleted_at is not null`.as("deleted"),
            sql<boolean>`(s.published_at is null or s.deleted_at is not null
              or s.user_id is distinct from s.published_user_id or s.job_id is distinct from s.published_job_id
              or s.starts_at <> s.published_starts_at or s.ends_at <> s.published_ends_at
              or s.break_minutes <> s.published_break_minutes or s.note is distinct from s.published_note)`.as(
              "unpublished",
            ),
            sql<string | null>`coalesce(m.hourly_rate, j.hourly_rate)`.as("rate"),
          ])
          .where("s.organization_id", "=", organizationId)
          .where(onBoardDays(boardDayRanges(scope.boards, first.date, last.date), "s"))
          .execute();

  const unpublished = new Map<string, number>();
  const live: CostedShift[] = [];
  for (const row of rows) {
    if (row.unpublished) {
      const date = workDateOf(new Date(row.starts_at).toISOString(), {
        board: zoneOf(row.job_scheduler_id),
        job: null,
        organization: scope.zone,
      });
      unpublished.set(date, (unpublished.get(date) ?? 0) + 1);
    }
    if (row.deleted) continue;
    live.push({
      id: row.id,
      board_id: row.job_scheduler_id,
      user_id: row.user_id,
      job_id: row.job_id,
      starts_at: new Date(row.starts_at).toISOString(),
      ends_at: new Date(row.ends_at).toISOString(),
      break_minutes: row.break_minutes,
      rate: row.rate === null ? null : Number(row.rate),
    });
  }
  const totals = scheduleTotals(live, { zoneOf, dates, rateOf: (shift) => (shift as CostedShift).rate });
  return {
    month: range.month,
    time_zone: scope.zone,
    week_start: scope.weekStart,
    currency: scope.currency,
    days: dates.map((date) => {
      const day = totals.days.get(date);
      return {
        date,
        shifts: day?.shifts ?? 0,
        open_shifts: day?.open ?? 0,
        unpublished: unpublished.get(date) ?? 0,
        headcount: day?.headcount ?? 0,
        minutes: day?.minutes ?? 0,
        cost: day?.cost ?? 0,
      };
    }),
  };
}
