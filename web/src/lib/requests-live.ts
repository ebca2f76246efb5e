import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InboxCount } from "@workshift/contracts";
import { useEffect, useSyncExternalStore } from "react";
import { api, tokenRefresher } from "./api.ts";
import { type LiveStatus, openEventStream } from "./live-connection.ts";
import { createSharedStream } from "./shared-stream.ts";
import { getAccessToken } from "./tokens.ts";

/**
 * The managers' requests, as the admin frame and the inbox share them: the
 * count of what waits (the sidebar's badge) and the live stream that keeps it
 * and the inbox current (GET /api/requests/events, `requests` frames). One
 * connection serves the sidebar and the page together.
 */

/** Every query of the inbox starts with "requests", so one invalidation (an event, a decision) refreshes them all. */
export const requestKeys = {
  all: ["requests"] as const,
  count: ["requests", "count"] as const,
};

/** GET /api/requests/count → how many wait for this manager's yes. */
export function fetchRequestCount(signal?: AbortSignal): Promise<InboxCount> {
  return api.get<InboxCount>("/api/requests/count", { signal });
}

/** Without any event (the stream off), the count is read again now and then, and when the window comes back. */
const COUNT_REFRESH_MS = 5 * 60_000;

export function useRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.count,
    queryFn: ({ signal }) => fetchRequestCount(signal),
    enabled,
    staleTime: 30_000,
    refetchInterval: COUNT_REFRESH_MS,
  });
}

/** Requests come in bursts (a published week brings claims): one reload for the burst. */
const DEBOUNCE_MS = 400;

let client: QueryClient | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function reload() {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void client?.invalidateQueries({ queryKey: requestKeys.all });
  }, DEBOUNCE_MS);
}

const stream = createSharedStream(({ onChange, onStatus }) =>
  openEventStream({
    url: "/api/requests/events",
    event: "requests",
    fetch: (input, init) => globalThis.fetch(input, init),
    getAccessToken,
    refreshToken: () => tokenRefresher.refresh(),
    // Any change may move a request in or out of the list, or change another's impact: the inbox reads again.
    onMessage: onChange,
    onResync: onChange,
    onStatus,
  }),
);

/**
 * Follows the requests live while `enabled` (who may open the inbox and
 * decides some kind): every change and every reconnect reloads the count and
 * the inbox. Returns the connection's state for the page's "Live" indicator.
 */
export function useRequestsLive(enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const status = useSyncExternalStore(stream.watchStatus, stream.status, () => "off" as const);
  useEffect(() => {
    if (!enabled) return;
    client = queryClient;
    return stream.subscribe(reload);
  }, [enabled, queryClient]);
  return enabled ? status : "off";
}

/** The sidebar's badge: how many requests wait for this manager, kept current live; undefined until known. */
export function useWaitingRequests(enabled: boolean): number | undefined {
  useRequestsLive(enabled);
  const count = useRequestCount(enabled);
  return enabled ? count.data?.pending : undefined;
}
