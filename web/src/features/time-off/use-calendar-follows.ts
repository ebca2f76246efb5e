import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useRequestCount, useRequestsLive } from "../../lib/requests-live.ts";
import { timeOffKeys } from "./time-off-api.ts";

/**
 * The calendar follows the requests live: a request asked, cancelled or
 * decided elsewhere (another manager, an employee on /my) arrives on the
 * requests' stream, which reads the waiting count again; each new count reads
 * the calendar's days again too.
 */
export function useCalendarFollows(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRequestsLive(enabled);
  const count = useRequestCount(enabled);
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!count.dataUpdatedAt) return;
    // The first count is the page's own first read, not a change.
    if (seen.current !== null && seen.current !== count.dataUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: [...timeOffKeys.all, "calendar"] });
    }
    seen.current = count.dataUpdatedAt;
  }, [count.dataUpdatedAt, queryClient]);
}
