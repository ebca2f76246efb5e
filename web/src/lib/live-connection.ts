import { createParser } from "eventsource-parser";

/**
 * A live connection to one of the API's server-sent event streams (the
 * schedule's, the time clock's), framework free so it is tested with a fake
 * fetch. It is read with fetch streaming rather than EventSource because the
 * API wants the Bearer header. Every stream speaks the same protocol:
 *
 * - `ready` → live; after a reconnect, or with `resync`, everything reloads
 *   (changes may have been missed meanwhile);
 * - frames named `event` (or any of its names) → onMessage with their data
 *   (the caller parses it) and the frame's name;
 * - 403 token_invalid (or 401): the app's shared token refresh runs, then it reconnects;
 * - 403 forbidden, 404, 400: no live changes here (the page's own request
 *   says why), it stops;
 * - anything else (network, 429, 5xx, the stream ending): reconnects with a
 *   growing, jittered delay, reset once a connection is live again.
 */

export type LiveStatus = "connecting" | "live" | "reconnecting" | "off";

export interface EventStreamDeps {
  /** The stream's address, e.g. "/api/time-clock/events?board=all". */
  url: string;
  /** The name of the frames that carry changes ("schedule", "clock"), or several names (/my's "requests" and "shifts"). */
  event: string | readonly string[];
  fetch: typeof globalThis.fetch;
  getAccessToken(): string | null;
  /** The app's shared refresh (one for every caller); rejects when it cannot. */
  refreshToken(): Promise<unknown>;
  /** A frame named `event`, its data as sent, and its name. */
  onMessage(data: string, event: string): void;
  /** Reload everything: changes may have been missed. */
  onResync(): void;
  onStatus(status: LiveStatus): void;
  /** Delay before reconnect attempt n (1, 2, …); injectable for tests. */
  backoff?: (attempt: number) => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const BACKOFF_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, ±25 % so many pages do not come back at the same instant. */
export function defaultBackoff(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === "string" ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the connection at once; the returned function closes it for good. */
export function openEventStream(deps: EventStreamDeps): () => void {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const backoff = deps.backoff ?? ((attempt: number) => defaultBackoff(attempt));
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: unknown = null;
  let failures = 0;
  let connectedBefore = false;
  let refreshedForThisTry = false;
  let status: LiveStatus | null = null;
  const names: readonly string[] = typeof deps.event === "string" ? [deps.event] : deps.event;

  const setStatus = (next: LiveStatus) => {
    if (next !== status && !stopped) {
      status = next;
      deps.onStatus(next);
    }
  };

  const retry = () => {
    if (stopped) return;
    failures += 1;
    refreshedForThisTry = false;
    setStatus("reconnecting");
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, backoff(failures));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    if (status === null) setStatus("connecting");
    controller = new AbortController();
    const token = deps.getAccessToken();
    let response: Response;
    try {
      response = await deps.fetch(deps.url, {
        headers: {
          Accept: "text/event-stream",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        signal: controller.signal,
        cache: "no-store",
      });
    } catch {
      retry();
      return;
    }
    if (stopped) return;

    if (!response.ok || !response.body) {
      const code = response.ok ? undefined : await errorCode(response);
      if (response.status === 401 || (response.status === 403 && code === "token_invalid")) {
        // One refresh per attempt; a token still refused after it waits like any failure.
        if (refreshedForThisTry) {
          retry();
          return;
        }
        refreshedForThisTry = true;
        try {
          await deps.refreshToken();
          if (!stopped) void connect();
        } catch {
          retry();
        }
        return;
      }
      if (response.status === 400 || response.status === 403 || response.status === 404) {
        setStatus("off");
        return;
      }
      retry();
      return;
    }

    refreshedForThisTry = false;
    const parser = createParser({
      onEvent(message) {
        if (message.event === "ready") {
          let resync = false;
          try {
            resync = (JSON.parse(message.data) as { resync?: unknown }).resync === true;
          } catch {
            // A ready frame without a body is still ready.
          }
          failures = 0;
          if (connectedBefore || resync) deps.onResync();
          connectedBefore = true;
          setStatus("live");
        } else if (message.event !== undefined && names.includes(message.event)) {
          deps.onMessage(message.data, message.event);
        }
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // The connection dropped (or was closed below): reconnect unless stopped.
    }
    if (!stopped) retry();
  }

  void connect();

  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    controller?.abort();
  };
}
