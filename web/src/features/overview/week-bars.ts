import type { OverviewResponse } from "@workshift/contracts";

/**
 * The week's chart, pure: scheduled against worked hours per board as bars
 * on one common scale (the largest figure fills the track), so boards compare
 * at a glance. Only what the person may see is drawn: scheduled with the
 * schedule's permission, worked with the time clock's.
 */

/** The smallest width a non-zero figure gets, so a few minutes are still a visible sliver (percent of the track). */
export const MIN_BAR_PERCENT = 1.5;

export interface Bar {
  minutes: number;
  /** Width on the track, 0–100. */
  percent: number;
}

export interface WeekRow {
  id: string;
  name: string;
  scheduled: Bar | null;
  worked: Bar | null;
  /** Scheduled cost; null when nobody's rate is known or the schedule is not the person's to see. */
  cost: number | null;
}

export interface WeekChart {
  rows: WeekRow[];
  /** Worked on no board's shift (clocked in to a job, or without a shift); null when there is none to show. */
  offBoard: Bar | null;
  totals: { scheduled: number | null; worked: number | null; cost: number | null };
  /** Nothing at all this week (every figure zero). */
  empty: boolean;
}

/** A figure's width on a track whose full length is `max` (0 for nothing; at least a sliver for something). */
export function barPercent(minutes: number, max: number): number {
  if (!(minutes > 0) || !(max > 0)) return 0;
  const percent = Math.min(100, (minutes / max) * 100);
  return Math.round(Math.max(MIN_BAR_PERCENT, percent) * 10) / 10;
}

export function weekChart(overview: Pick<OverviewResponse, "boards" | "can" | "worked_off_board_minutes">): WeekChart {
  const { can } = overview;
  const offBoardMinutes = can.time_clock ? (overview.worked_off_board_minutes ?? 0) : 0;
  const figures = overview.boards.flatMap((board) => [
    can.schedule ? board.scheduled_minutes : 0,
    can.time_clock ? (board.worked_minutes ?? 0) : 0,
  ]);
  const max = Math.max(0, offBoardMinutes, ...figures);
  const bar = (minutes: number): Bar => ({ minutes, percent: barPercent(minutes, max) });

  const rows = overview.boards.map<WeekRow>((board) => ({
    id: board.id,
    name: board.name,
    scheduled: can.schedule ? bar(board.scheduled_minutes) : null,
    worked: can.time_clock ? bar(board.worked_minutes ?? 0) : null,
    cost: can.schedule ? board.scheduled_cost : null,
  }));

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const costs = rows.map((row) => row.cost).filter((cost): cost is number => cost !== null);
  return {
    rows,
    offBoard: offBoardMinutes > 0 ? bar(offBoardMinutes) : null,
    totals: {
      scheduled: can.schedule ? sum(rows.map((row) => row.scheduled?.minutes ?? 0)) : null,
      worked: can.time_clock ? sum(rows.map((row) => row.worked?.minutes ?? 0)) + offBoardMinutes : null,
      cost: costs.length > 0 ? Math.round(sum(costs) * 100) / 100 : null,
    },
    empty: max === 0,
  };
}
