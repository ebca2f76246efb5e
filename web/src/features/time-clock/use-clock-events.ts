import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../lib/api.ts";
import { type LiveStatus, openEventStream } from "../../lib/live-connection.ts";
import { getAccessToken } from "../../lib/tokens.ts";
import { clockKeys } from "./time-clock-api.ts";

/** Punches come in bursts (a shift change at 9:00): one reload for the burst. */
const DEBOUNCE_MS = 500;

/**
 * Keeps the time clock page in step with punches and other managers'
 * corrections (GET /api/time-clock/events?board=, `clock` frames naming
 * whose time changed): the live view and the timesheets reload (debounced),
 * reconnecting with backoff; closed on unmount or when the board changes.
 * Returns the connection's state for the "Live" indicator.
 */
export function useClockEvents(scope: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || !scope) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        // History stays as it is: it is read when opened.
        void queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === clockKeys.all[0] &&
            (query.queryKey[1] === "live" || query.queryKey[1] === "timesheets"),
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
      onMessage: reload,
      onResync: reload,
      onStatus: setStatus,
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [scope, enabled, queryClient]);

  return enabled ? status : "off";
}
