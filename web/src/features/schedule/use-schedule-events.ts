import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tokenRefresher } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth-context.ts";
import { scheduleKeys } from "../../lib/schedule-keys.ts";
import { getAccessToken } from "../../lib/tokens.ts";
import { type LiveStatus, openLiveConnection } from "./schedule-events.ts";

/** Changes arrive in bursts (a publish, a copied week): one reload for the burst. */
const DEBOUNCE_MS = 250;

/**
 * Keeps the open board in step with other managers: their changes reload
 * what the board shows (debounced), reconnecting with backoff; closed on
 * unmount or when the board changes. Returns the connection's state for the
 * "Live" indicator.
 */
export function useScheduleEvents(scope: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  // Events name their author by person id in the organization, as the signed-in person's person_id.
  const me = useAuth().user?.person_id ?? undefined;
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || !scope) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      }, DEBOUNCE_MS);
    };
    setStatus("connecting");
    const close = openLiveConnection({
      scope,
      me,
      fetch: (input, init) => globalThis.fetch(input, init),
      getAccessToken,
      refreshToken: () => tokenRefresher.refresh(),
      onChange: reload,
      onResync: reload,
      onStatus: setStatus,
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [scope, enabled, me, queryClient]);

  return enabled ? status : "off";
}
