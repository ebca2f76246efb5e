import { SCHEDULE_DATE_MAX, SCHEDULE_DATE_MIN } from "@workshift/contracts";

/** The board's three views; week is the default. */
export type ScheduleView = "week" | "day" | "month";

/** What the board shows: which jobs (none = all), whose names match, grouped by job or not. */
export interface BoardFilter {
  jobIds: string[];
  search: string;
  groupByJob: boolean;
}

/**
 * The board's state in the address (?date=&view=&jobs=&q=&group=), so a
 * reload, Back and a shared link show the same week the same way. Anything
 * unreadable falls back to the default rather than failing the page.
 */
export interface BoardUrlState extends BoardFilter {
  /** The day shown (any day of the week); null = today in the board's zone, which the server picks. */
  date: string | null;
  view: ScheduleView;
}

const views: readonly ScheduleView[] = ["week", "day", "month"];
const SEARCH_MAX = 100;
const JOBS_MAX = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar date within the board's range (no zod here: this runs before the page's forms load). */
export function isBoardDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && value >= SCHEDULE_DATE_MIN && value <= SCHEDULE_DATE_MAX;
}

export function boardStateFromParams(params: URLSearchParams): BoardUrlState {
  const date = params.get("date") ?? "";
  const view = params.get("view") as ScheduleView | null;
  const jobIds = [
    ...new Set(
      (params.get("jobs") ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter((id) => UUID.test(id)),
    ),
  ].slice(0, JOBS_MAX);
  return {
    date: isBoardDate(date) ? date : null,
    view: view && views.includes(view) ? view : "week",
    jobIds,
    search: (params.get("q") ?? "").slice(0, SEARCH_MAX),
    groupByJob: params.get("group") === "job",
  };
}

/** Only what differs from the defaults is written, so the plain board has a plain address. */
export function paramsFromBoardState(state: BoardUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.date) params.set("date", state.date);
  if (state.view !== "week") params.set("view", state.view);
  if (state.jobIds.length > 0) params.set("jobs", state.jobIds.join(","));
  const search = state.search.trim();
  if (search) params.set("q", state.search.slice(0, SEARCH_MAX));
  if (state.groupByJob) params.set("group", "job");
  return params;
}

/** Calendar arithmetic on dates (no zone involved: a date is a day, not an instant). */
function plus(date: string, unit: "days" | "months", amount: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  if (unit === "days") {
    const next = new Date(Date.UTC(y, m - 1, d + amount));
    return next.toISOString().slice(0, 10);
  }
  // A month later keeps the day where it exists (Jan 31 → Feb 28), like every calendar.
  const first = new Date(Date.UTC(y, m - 1 + amount, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Previous/next step of a view: a week, a day or a month; clamped to the board's range. */
export function stepDate(date: string, view: ScheduleView, direction: -1 | 1): string {
  const next =
    view === "month" ? plus(date, "months", direction) : plus(date, "days", view === "day" ? direction : 7 * direction);
  if (next < SCHEDULE_DATE_MIN) return SCHEDULE_DATE_MIN;
  if (next > SCHEDULE_DATE_MAX) return SCHEDULE_DATE_MAX;
  return next;
}
