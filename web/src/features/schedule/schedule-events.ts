import type { ScheduleEvent } from "@workshift/contracts";
import { type EventStreamDeps, type LiveStatus, openEventStream } from "../../lib/live-connection.ts";

export { defaultBackoff, type LiveStatus } from "../../lib/live-connection.ts";

/**
 * The board's live connection (GET /api/schedule/events?board=…): the app's
 * event stream (lib/live-connection.ts: ready, resync, token refresh,
 * backoff) with the board's `schedule` frames, of which the board's own
 * echoes are skipped (they are already on screen).
 */
export interface LiveConnectionDeps
  extends Pick<
    EventStreamDeps,
    "fetch" | "getAccessToken" | "refreshToken" | "onResync" | "backoff" | "setTimer" | "clearTimer"
  > {
  scope: string;
  /** The signed-in user's id: events they caused are already on their screen. */
  me: string | undefined;
  onChange(event: ScheduleEvent): void;
  onStatus(status: LiveStatus): void;
}

function parseEvent(data: string): ScheduleEvent | null {
  try {
    const value = JSON.parse(data) as Partial<ScheduleEvent>;
    return typeof value === "object" && value !== null && typeof value.actor_id === "string"
      ? (value as ScheduleEvent)
      : null;
  } catch {
    return null;
  }
}

/** Opens the connection at once; the returned function closes it for good. */
export function openLiveConnection(deps: LiveConnectionDeps): () => void {
  const { scope, me, onChange, ...stream } = deps;
  return openEventStream({
    ...stream,
    url: `/api/schedule/events?board=${encodeURIComponent(scope)}`,
    event: "schedule",
    onMessage(data) {
      const event = parseEvent(data);
      // A board applies its own writes as it makes them; what its person did elsewhere (deciding a request) it hears.
      if (event && (event.actor_id !== me || event.source === "requests")) onChange(event);
    },
  });
}
