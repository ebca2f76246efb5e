import { addDays, weekStartDate } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { shiftStatusSql } from "../schedule/shift-json.ts";

/** What one board has waiting to be published, today onwards, and the first week that holds any of it. */
export interface UnpublishedWeeks {
  /** Changes nobody was told of yet (drafts, changes, pending removals) on this day and after. */
  count: number;
  /** The first week with any of them, in the board's week start (the week its Publish button covers). */
  week_start: string;
  week_end: string;
  /** How many of them are in that week. */
  week_count: number;
}

/** A day's margin before today's start covers a board in any zone (zones are within ±14 h of each other). */
const MARGIN_MS = 24 * 60 * 60 * 1000;

/**
 * Per active board, the unpublished changes on `today` (the organization's
 * date) and after, each on its board's day (zoneOfWork, as the week view
 * lays it out), grouped by day in the database; the first week holding any
 * is cut with the board's week start, as the board cuts it. Boards with
 * nothing waiting are left out.
 */
export async function unpublishedWeeks(
  tx: Tx,
  organizationId: string,
  today: string,
  todayStartsAt: Date,
): Promise<Map<string, UnpublishedWeeks>> {
  const day = sql<string>`(s.starts_at at time zone b.time_zone)::date`;
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .select([
      "s.job_scheduler_id as board_id",
      "b.week_start",
      sql<string>`${day}::text`.as("date"),
      sql<number>`count(*)::int`.as("count"),
    ])
    .where("s.organization_id", "=", organizationId)
    .where("b.is_archived", "=", false)
    .where("s.starts_at", ">=", new Date(todayStartsAt.getTime() - MARGIN_MS))
    // The status's columns are the shift's alone (the board has none of those names).
    .where(sql<boolean>`(${sql.raw(shiftStatusSql)}) <> 'published'`)
    .where(sql<boolean>`${day} >= ${today}::date`)
    .groupBy(["s.job_scheduler_id", "b.week_start", sql`${day}`])
    .execute();

  const byBoard = new Map<string, { weekStart: number; days: { date: string; count: number }[] }>();
  for (const row of rows) {
    const board = byBoard.get(row.board_id) ?? { weekStart: Number(row.week_start), days: [] };
    board.days.push({ date: row.date, count: Number(row.count) });
    byBoard.set(row.board_id, board);
  }
  const answer = new Map<string, UnpublishedWeeks>();
  for (const [boardId, board] of byBoard) {
    const first = board.days.reduce((earliest, day) => (day.date < earliest ? day.date : earliest), "9999-12-31");
    const weekStart = weekStartDate(first, board.weekStart);
    const weekEnd = addDays(weekStart, 6);
    answer.set(boardId, {
      count: board.days.reduce((total, day) => total + day.count, 0),
      week_start: weekStart,
      week_end: weekEnd,
      week_count: board.days
        .filter((day) => day.date >= weekStart && day.date <= weekEnd)
        .reduce((total, day) => total + day.count, 0),
    });
  }
  return answer;
}
