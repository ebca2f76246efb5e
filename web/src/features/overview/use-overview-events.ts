import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../lib/api.ts";
import { type LiveStatus, openEventStream } from "../../lib/live-connection.ts";
import { getAccessToken } from "../../lib/tokens.ts";
import { overviewKeys } from "./overview-api.ts";

/** Punches come in bursts (a shift change at 9:00): one reload for the burst. */
export const OVERVIEW_EVENTS_DEBOUNCE_MS = 1_000;

/**
 * Keeps the overview in step with the time clock: every schedule's punches
 * and corrections (GET /api/time-clock/events?board=all, `clock` frames)
 * reload the overview, debounced; reconnecting with backoff; closed on
 * unmount. Only for those who may see the time clock. Returns the
 * connection's state for the "Live" indicator.
 */
export function useOverviewEvents(organizationId: string | null | undefined, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const on = enabled && Boolean(organizationId);

  useEffect(() => {
    if (!on || !organizationId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: overviewKeys.of(organizationId) });
      }, OVERVIEW_EVENTS_DEBOUNCE_MS);
    };
    setStatus("connecting");
    const close = openEventStream({
      url: "/api/time-clock/events?board=all",
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
  }, [on, organizationId, queryClient]);

  return on ? status : "off";
}
