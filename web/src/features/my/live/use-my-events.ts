import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../../lib/api.ts";
import { type LiveStatus, openEventStream } from "../../../lib/live-connection.ts";
import { getAccessToken } from "../../../lib/tokens.ts";
import { allLiveParts, type MyPart, partsFor } from "./my-events.ts";

/** A decision touches several requests at once: one reload for the burst. */
const DEBOUNCE_MS = 400;

/**
 * Keeps /my in step (GET /api/my/events: `requests` and `shifts` frames):
 * the queries a frame concerns reload, debounced, and everything after a
 * reconnect; reconnecting with backoff; closed on unmount or when the
 * organization changes. Returns the connection's state.
 */
export function useMyEvents(organizationId: string | null, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || !organizationId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const due = new Set<MyPart>();
    const reload = (parts: readonly MyPart[]) => {
      for (const part of parts) due.add(part);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const parts = new Set<unknown>(due);
        due.clear();
        void queryClient.invalidateQueries({
          predicate: ({ queryKey }) => queryKey[0] === "my" && queryKey[1] === organizationId && parts.has(queryKey[2]),
        });
      }, DEBOUNCE_MS);
    };
    setStatus("connecting");
    const close = openEventStream({
      url: "/api/my/events",
      event: ["requests", "shifts"],
      fetch: (input, init) => globalThis.fetch(input, init),
      getAccessToken,
      refreshToken: () => tokenRefresher.refresh(),
      onMessage: (_data, event) => reload(partsFor(event)),
      onResync: () => reload(allLiveParts),
      onStatus: setStatus,
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [organizationId, enabled, queryClient]);

  return enabled && organizationId ? status : "off";
}
