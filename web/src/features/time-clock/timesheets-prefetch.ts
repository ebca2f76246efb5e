/*
 * Part of the app's first bundle (the router's admin pages import it): keep
 * its imports to what the frame loads anyway (the query client, the stored
 * token) and the time clock's tiny key list.
 */
import { queryClient } from "../../lib/query-client.ts";
import { clockKeys, TIMESHEETS_FIRST_PAGE, timesheetsPath } from "../../lib/time-clock-keys.ts";
import { tokenFetch } from "../../lib/token-fetch.ts";
import { getAccessToken } from "../../lib/tokens.ts";

const CLOCK_PATH = /^\/admin\/time-clock\/([^/?#]+)\/?$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Starts loading the first page of the period the address asks for as soon
 * as the route starts loading the time clock's code and texts, instead of
 * after the page first renders. The page's own query (same key) picks the
 * answer up. A plain fetch with the stored token, so nothing has to load
 * first; an answer other than 200 (an expired token, a refusal) goes through
 * the API client, which refreshes the token and reports errors as everywhere
 * else. Signed-out visits ask nothing.
 */
export function prefetchTimesheets(location: Pick<Location, "pathname" | "search"> = window.location): void {
  const match = CLOCK_PATH.exec(location.pathname);
  const token = getAccessToken();
  if (!match?.[1] || !token) return;
  const scope = decodeURIComponent(match[1]);
  const param = new URLSearchParams(location.search).get("date") ?? "";
  // The page reads the date strictly (clock-url.ts); a date it would drop only costs this early request.
  const date = DATE_SHAPE.test(param) ? param : "";
  void queryClient.prefetchQuery({
    queryKey: clockKeys.timesheetsFirstPage(scope, date),
    queryFn: async ({ signal }) => {
      const response = await tokenFetch(timesheetsPath(scope, date, TIMESHEETS_FIRST_PAGE), token, signal);
      if (response.ok) return response.json();
      const { fetchTimesheets } = await import("./time-clock-api.ts");
      return fetchTimesheets(scope, date, signal, TIMESHEETS_FIRST_PAGE);
    },
    staleTime: 30_000,
  });
}
