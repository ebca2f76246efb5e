/*
 * Part of the app's first bundle (the router's admin pages import it): keep
 * its imports to what the frame loads anyway (the query client, the stored
 * token), the board's tiny key list and the week's decoder (no schema).
 */
import { decodeWeek, type WeekWire } from "@workshift/contracts";
import { queryClient } from "../../lib/query-client.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { tokenFetch } from "../../lib/token-fetch.ts";
import { getAccessToken } from "../../lib/tokens.ts";

const BOARD_PATH = /^\/admin\/jobs-scheduling-dashboard\/([^/?#]+)\/?$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Starts loading the week the address asks for as soon as the route starts
 * loading the board's code and texts, instead of after the page first
 * renders: on opening the board that is most of the wait. The page's own
 * query (same key) picks the answer up. A plain fetch with the stored
 * token, so nothing has to load first; an answer other than 200 (an expired
 * token, a refusal) goes through the API client, which refreshes the token
 * and reports errors as everywhere else. Signed-out visits ask nothing.
 */
export function prefetchWeek(location: Pick<Location, "pathname" | "search"> = window.location): void {
  const match = BOARD_PATH.exec(location.pathname);
  const token = getAccessToken();
  if (!match?.[1] || !token) return;
  const scope = decodeURIComponent(match[1]);
  const param = new URLSearchParams(location.search).get("date") ?? "";
  // The page reads the date strictly (board-url.ts); a date it would drop only costs this early request.
  const date = DATE_SHAPE.test(param) ? param : "";
  void queryClient.prefetchQuery({
    queryKey: scheduleKeys.week(scope, date),
    queryFn: async ({ signal }) => {
      const query = date ? `?date=${date}` : "";
      const response = await tokenFetch(
        `/api/schedule/boards/${encodeURIComponent(scope)}/week${query}`,
        token,
        signal,
      );
      if (response.ok) return decodeWeek((await response.json()) as WeekWire);
      const { fetchWeek } = await import("./week-api.ts");
      return fetchWeek(scope, date, signal);
    },
    staleTime: 30_000,
  });
}
