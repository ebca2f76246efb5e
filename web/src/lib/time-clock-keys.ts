/**
 * Query keys of the managers' time clock. Every key starts with "timeClock",
 * so one invalidation (a change heard live, a save) refreshes them all; a
 * period's first page sits under its timesheets' key, so what refreshes the
 * one refreshes the other.
 */
export const clockKeys = {
  all: ["timeClock"] as const,
  live: (scope: string) => ["timeClock", "live", scope] as const,
  timesheets: (scope: string, date: string) => ["timeClock", "timesheets", scope, date] as const,
  timesheetsFirstPage: (scope: string, date: string) => ["timeClock", "timesheets", scope, date, "first"] as const,
  history: (entryId: string) => ["timeClock", "history", entryId] as const,
  settings: ["timeClock", "settings"] as const,
};

/**
 * How many people's sheets the first page of a period holds: more than a
 * tall screen shows, so the page is full before everyone's sheets arrive.
 */
export const TIMESHEETS_FIRST_PAGE = 40;

/** The address of a period's timesheets ("" = today's period); with a limit, its first page. */
export function timesheetsPath(scope: string, date: string, limit?: number): string {
  const params = new URLSearchParams();
  if (date) params.set("date", date);
  if (limit !== undefined) params.set("limit", String(limit));
  const query = params.toString();
  return `/api/time-clock/boards/${encodeURIComponent(scope)}/timesheets${query ? `?${query}` : ""}`;
}
