/*
 * Part of the app's first bundle (the router's admin pages import it): keep
 * its imports to what the frame loads anyway (the query client, the stored
 * token), the board's tiny key list and the week's decoder (no schema).
 */
import { decodeWeek, type WeekWire } from "@workshift/contracts";
import { boardWeekOf, takeEarlyWeek, weekPath } from "../../lib/early-week.ts";
import { queryClient } from "../../lib/query-client.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { tokenFetch } from "../../lib/token-fetch.ts";
import { getAccessToken } from "../../lib/tokens.ts";

/**
 * Starts loading the week the address asks for as soon as the route starts
 * loading the board's code and texts, instead of after the page first
 * renders: on opening the board that is most of the wait. When the page's
 * first module (lib/early-week.ts) already asked for this week with this
 * token, its request is the one used. The page's own query (same key)
 * picks the answer up. A plain fetch with the stored token, so nothing has
 * to load first; an answer other than 200 (an expired token, a refusal)
 * goes through the API client, which refreshes the token and reports errors
 * as everywhere else. Signed-out visits ask nothing.
 */
export function prefetchWeek(location: Pick<Location, "pathname" | "search"> = window.location): void {
  const week = boardWeekOf(location);
  const token = getAccessToken();
  if (!week || !token) return;
  const { scope, date } = week;
  void queryClient.prefetchQuery({
    queryKey: scheduleKeys.week(scope, date),
    queryFn: async ({ signal }) => {
      const path = weekPath(scope, date);
      const response = (await takeEarlyWeek(path, token)) ?? (await tokenFetch(path, token, signal));
      if (response.ok) return decodeWeek((await response.json()) as WeekWire);
      const { fetchWeek } = await import("./week-api.ts");
      return fetchWeek(scope, date, signal);
    },
    staleTime: 30_000,
  });
}
