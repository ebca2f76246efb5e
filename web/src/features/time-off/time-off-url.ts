import { isBoardDate } from "../../lib/board-url.ts";
import type { CalendarView } from "./calendar/calendar-layout.ts";

/**
 * The time-off page's state in the address (?tab=&view=&date=&request=), so a
 * reload, Back and a shared link show the same tab, view and days, and the
 * same request open. Anything unreadable falls back to the default rather
 * than failing the page. Other parameters (a tab's own) are kept as they are.
 */
export const timeOffTabs = ["calendar", "balances", "settings"] as const;
export type TimeOffTab = (typeof timeOffTabs)[number];

export interface TimeOffUrlState {
  tab: TimeOffTab;
  view: CalendarView;
  /** Any day of the week or month shown; null = today (in the calendar's zone). */
  date: string | null;
  /** The request open for a decision, if any. */
  request: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function timeOffStateFromParams(params: URLSearchParams): TimeOffUrlState {
  const tab = params.get("tab");
  const date = params.get("date") ?? "";
  const request = params.get("request") ?? "";
  return {
    tab: timeOffTabs.includes(tab as TimeOffTab) ? (tab as TimeOffTab) : "calendar",
    view: params.get("view") === "week" ? "week" : "month",
    date: isBoardDate(date) ? date : null,
    request: UUID.test(request) ? request.toLowerCase() : null,
  };
}

/** The address with this state: only what differs from the defaults is written; other parameters stay. */
export function paramsWithTimeOffState(current: URLSearchParams, state: TimeOffUrlState): URLSearchParams {
  const params = new URLSearchParams(current);
  const put = (key: string, value: string | null) => {
    if (value === null) params.delete(key);
    else params.set(key, value);
  };
  put("tab", state.tab === "calendar" ? null : state.tab);
  put("view", state.view === "month" ? null : state.view);
  put("date", state.date);
  put("request", state.request);
  return params;
}

/** The tab shown: the one asked for when this manager may see it, else the calendar. */
export function shownTab(tab: TimeOffTab, allowed: { balances: boolean; settings: boolean }): TimeOffTab {
  if (tab === "balances" && !allowed.balances) return "calendar";
  if (tab === "settings" && !allowed.settings) return "calendar";
  return tab;
}
