import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../lib/api.ts";
import { type LiveStatus, openEventStream } from "../../lib/live-connection.ts";
import { getAccessToken } from "../../lib/tokens.ts";
import { type ClockQueryKind, viewsToReload } from "./clock-event.ts";
import { clockKeys } from "./time-clock-api.ts";

/** Punches come in bursts (a shift change at 9:00): one reload for the burst. */
const DEBOUNCE_MS = 500;

/**
 * Keeps the time clock page in step with punches and other managers'
 * corrections (GET /api/time-clock/events?board=, `clock` frames naming
 * whose time changed): the live view and the timesheets reload (debounced;
 * a refused punch reloads only the live view),
 * reconnecting with backoff; closed on unmount or when the board changes.
 * Returns the connection's state for the "Live" indicator.
 */
export function useClockEvents(scope: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || !scope) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const due = new Set<ClockQueryKind>();
    const reload = (views: readonly ClockQueryKind[]) => {
      for (const view of views) due.add(view);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const reloading = new Set<unknown>(due);
        due.clear();
        // History stays as it is: it is read when opened.
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === clockKeys.all[0] && reloading.has(query.queryKey[1]),
        });
      }, DEBOUNCE_MS);
    };
    setStatus("connecting");
    const close = openEventStream({
      url: `/api/time-clock/events?board=${encodeURIComponent(scope)}`,
      event: "clock",
      fetch: (input, init) => globalThis.fetch(input, init),
      getAccessToken,
      refreshToken: () => tokenRefresher.refresh(),
      onMessage: (data) => reload(viewsToReload(data)),
      onResync: () => reload(["live", "timesheets"]),
      onStatus: setStatus,
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [scope, enabled, queryClient]);

  return enabled ? status : "off";
}
