import type { Attention } from "@workshift/contracts";
import { type BoardUrlState, paramsFromBoardState } from "../../lib/board-url.ts";
import { NO_SCHEDULER, navItemPath, schedulingDashboardPath } from "../../lib/navigation.ts";

/**
 * Where the overview's figures lead: each number opens the page it sums up,
 * at the day or week it is about. The addresses follow those pages' own
 * readers (lib/board-url.ts; the time clock's ?view=&date=&person=).
 */

const plainBoard: BoardUrlState = { date: null, view: "week", jobIds: [], search: "", groupByJob: false };

function withSearch(path: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Every schedule's time clock, live (the view the counts come from). */
export function liveViewPath(): string {
  return navItemPath("timeClock", NO_SCHEDULER);
}

/** Every schedule's timesheets for the pay period holding `date`; one person's when given. */
export function timesheetsPath(date: string | null, person?: string): string {
  const params = new URLSearchParams({ view: "timesheets" });
  if (date) params.set("date", date);
  if (person) params.set("person", person);
  return withSearch(liveViewPath(), params);
}

/** Today on every schedule, as a day. */
export function todaySchedulePath(today: string): string {
  return withSearch(
    schedulingDashboardPath(NO_SCHEDULER),
    paramsFromBoardState({ ...plainBoard, date: today, view: "day" }),
  );
}

/** A schedule board's week (the week start: the board shows the week holding it). */
export function boardWeekPath(boardId: string, weekStart: string | null): string {
  return withSearch(schedulingDashboardPath(boardId), paramsFromBoardState({ ...plainBoard, date: weekStart }));
}

/**
 * A name typed by someone, set apart from the sentence around it (Unicode
 * first-strong isolate), so a Latin board name in an Arabic sentence, or the
 * reverse, keeps the sentence's order ("Hamra: 3" stays whole and in place).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

export type AttentionIcon = "unpublished" | "flagged" | "refused" | "approvals";

/** What an attention item says (a key of the overview namespace and its values) and where its action leads. */
export interface AttentionView {
  /** A stable React key. */
  key: string;
  icon: AttentionIcon;
  text: {
    key: `attention.${AttentionIcon}` | "attention.unpublishedWeeks";
    values: { count: number; board?: string; day?: string; period?: string; week?: string; weekCount?: number };
  };
  action: { key: `attention.${AttentionIcon}Action`; to: string };
}

/**
 * One attention item as the page shows it. `formatDay` and `formatPeriod`
 * write the dates in the reader's language (the page passes them in, so this
 * stays pure).
 */
export function attentionView(
  item: Attention,
  format: { day(date: string): string; period(start: string, end: string): string },
): AttentionView {
  switch (item.kind) {
    case "unpublished": {
      // The board publishes a week at a time: the action opens the first week holding changes, and says which.
      const week = format.period(item.week_start, item.week_end);
      const board = isolate(item.board_name);
      return {
        key: `unpublished-${item.board_id}`,
        icon: "unpublished",
        text:
          item.week_count === item.count
            ? { key: "attention.unpublished", values: { count: item.count, board, week } }
            : {
                key: "attention.unpublishedWeeks",
                values: { count: item.count, board, week, weekCount: item.week_count },
              },
        action: { key: "attention.unpublishedAction", to: boardWeekPath(item.board_id, item.week_start) },
      };
    }
    case "flagged":
      return {
        key: "flagged",
        icon: "flagged",
        text: { key: "attention.flagged", values: { count: item.count, day: format.day(item.date) } },
        action: { key: "attention.flaggedAction", to: timesheetsPath(item.date) },
      };
    case "refused":
      return {
        key: "refused",
        icon: "refused",
        text: { key: "attention.refused", values: { count: item.count } },
        action: { key: "attention.refusedAction", to: liveViewPath() },
      };
    case "approvals":
      return {
        key: `approvals-${item.period_start}`,
        icon: "approvals",
        text: {
          key: "attention.approvals",
          values: { count: item.count, period: format.period(item.period_start, item.period_end) },
        },
        action: { key: "attention.approvalsAction", to: timesheetsPath(item.period_start) },
      };
  }
}
