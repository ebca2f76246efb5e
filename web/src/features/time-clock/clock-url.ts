import { isBoardDate } from "../../lib/board-url.ts";

/**
 * The time clock page's state in the address (?date=&view=&person=), so a
 * reload, Back and a shared link show the same period the same way. Anything
 * unreadable falls back to the default rather than failing the page.
 */
export const clockViews = ["live", "timesheets"] as const;
export type ClockView = (typeof clockViews)[number];

export interface ClockUrlState {
  /** Any day of the pay period shown; null = the period holding today (the server's today, in its zone). */
  date: string | null;
  view: ClockView;
  /** The person whose timesheet is open (their entries listed), if any. */
  person: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function clockStateFromParams(params: URLSearchParams): ClockUrlState {
  const date = params.get("date") ?? "";
  const view = params.get("view");
  const person = params.get("person") ?? "";
  return {
    date: isBoardDate(date) ? date : null,
    view: view === "timesheets" ? "timesheets" : "live",
    person: UUID.test(person) ? person.toLowerCase() : null,
  };
}

/** Only what differs from the defaults is written (the live view of today has a plain address). */
export function paramsFromClockState(state: ClockUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== "live") params.set("view", state.view);
  if (state.date) params.set("date", state.date);
  if (state.person) params.set("person", state.person);
  return params;
}
