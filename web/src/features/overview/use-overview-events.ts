import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../lib/api.ts";
import { type LiveStatus, openEventStream } from "../../lib/live-connection.ts";
import { getAccessToken } from "../../lib/tokens.ts";
import { overviewKeys } from "./overview-api.ts";

/** Punches come in bursts (a shift change at 9:00), schedule edits too: one reload for the burst. */
export const OVERVIEW_EVENTS_DEBOUNCE_MS = 1_000;

/** The streams the overview listens to, each opened only for those who may see what it tells. */
export interface OverviewStreams {
  /** Punches and corrections (view_timesheet). */
  clock: boolean;
  /** Shifts added, moved, published (view_scheduler): today's shifts and the drafts count. */
  schedule: boolean;
}

const severity: Record<LiveStatus, number> = { off: 0, live: 1, connecting: 2, reconnecting: 3 };

/** The indicator shows the least healthy of the open streams ("live" only when every one is). */
export function combinedStatus(statuses: readonly LiveStatus[]): LiveStatus {
  const open = statuses.filter((status) => status !== "off");
  if (open.length === 0) return "off";
  return open.reduce((worst, status) => (severity[status] > severity[worst] ? status : worst));
}

/**
 * Keeps the overview in step with the organization: every schedule's punches
 * and corrections (GET /api/time-clock/events?board=all, `clock` frames) and
 * schedule changes (GET /api/schedule/events?board=all, `schedule` frames)
 * reload it, debounced; reconnecting with backoff; closed on unmount.
 * Returns the connections' state for the "Live" indicator.
 */
export function useOverviewEvents(organizationId: string | null | undefined, streams: OverviewStreams): LiveStatus {
  const queryClient = useQueryClient();
  const [clockStatus, setClockStatus] = useState<LiveStatus>("connecting");
  const [scheduleStatus, setScheduleStatus] = useState<LiveStatus>("connecting");
  const clock = streams.clock && Boolean(organizationId);
  const schedule = streams.schedule && Boolean(organizationId);

  useEffect(() => {
    if (!organizationId || (!clock && !schedule)) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: overviewKeys.of(organizationId) });
      }, OVERVIEW_EVENTS_DEBOUNCE_MS);
    };
    const common = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
      getAccessToken,
      refreshToken: () => tokenRefresher.refresh(),
      onMessage: reload,
      onResync: reload,
    };
    const closers: (() => void)[] = [];
    if (clock) {
      setClockStatus("connecting");
      closers.push(
        openEventStream({
          ...common,
          url: "/api/time-clock/events?board=all",
          event: "clock",
          onStatus: setClockStatus,
        }),
      );
    }
    if (schedule) {
      setScheduleStatus("connecting");
      closers.push(
        openEventStream({
          ...common,
          url: "/api/schedule/events?board=all",
          event: "schedule",
          onStatus: setScheduleStatus,
        }),
      );
    }
    return () => {
      for (const close of closers) close();
      if (timer) clearTimeout(timer);
    };
  }, [clock, schedule, organizationId, queryClient]);

  return combinedStatus([clock ? clockStatus : "off", schedule ? scheduleStatus : "off"]);
}
