import type { ScheduleEvent } from "@workshift/contracts";
import { describe, expect, it, vi } from "vitest";
import { defaultBackoff, type LiveConnectionDeps, type LiveStatus, openLiveConnection } from "./schedule-events.ts";

const ME = "00000000-0000-4000-8000-00000000aa01";
const OTHER = "00000000-0000-4000-8000-00000000aa02";
const BOARD = "00000000-0000-4000-8000-00000000bb01";

const event = (actor: string): ScheduleEvent => ({
  board_ids: [BOARD],
  shift_ids: [],
  actor_id: actor,
  kind: "changed",
});

/** A streaming response the test writes frames into, and ends. */
function streamed() {
  let push: (text: string) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { response: new Response(body, { status: 200 }), push, end };
}

const refusal = (status: number, code: string) =>
  new Response(JSON.stringify({ error: "no", code }), { status, headers: { "content-type": "application/json" } });

/** Lets the connection's promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(responses: Array<Response | Error>, extra: Partial<LiveConnectionDeps> = {}) {
  const statuses: LiveStatus[] = [];
  const changes: ScheduleEvent[] = [];
  const timers: Array<() => void> = [];
  let resyncs = 0;
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) return new Promise<Response>(() => {});
    if (next instanceof Error) throw next;
    return next;
  });
  const close = openLiveConnection({
    scope: BOARD,
    me: ME,
    fetch: fetch as unknown as typeof globalThis.fetch,
    getAccessToken: () => "token-1",
    refreshToken: async () => "token-2",
    onChange: (change) => changes.push(change),
    onResync: () => {
      resyncs += 1;
    },
    onStatus: (status) => statuses.push(status),
    backoff: () => 1000,
    setTimer: (run) => timers.push(run),
    clearTimer: () => {},
    ...extra,
  });
  return {
    fetch,
    statuses,
    changes,
    timers,
    close,
    get resyncs() {
      return resyncs;
    },
  };
}

describe("the live connection", () => {
  it("asks for the board's events with the Bearer token", async () => {
    const stream = streamed();
    const live = harness([stream.response]);
    await settle();
    const [url, init] = live.fetch.mock.calls[0] ?? [];
    expect(url).toBe(`/api/schedule/events?board=${BOARD}`);
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer token-1");
    expect((init?.headers as Record<string, string> | undefined)?.Accept).toBe("text/event-stream");
    live.close();
  });

  it("is live on `ready` and passes on other people's changes, not its own echoes", async () => {
    const stream = streamed();
    const live = harness([stream.response]);
    await settle();
    stream.push('retry: 3000\nevent: ready\ndata: {"resync":false}\n\n');
    stream.push(`event: schedule\ndata: ${JSON.stringify(event(ME))}\n\n: keepalive\n\n`);
    // A frame split across chunks still arrives whole.
    const frame = `event: schedule\ndata: ${JSON.stringify(event(OTHER))}\n\n`;
    stream.push(frame.slice(0, 20));
    stream.push(frame.slice(20));
    await settle();
    expect(live.statuses).toEqual(["connecting", "live"]);
    expect(live.changes.map((change) => change.actor_id)).toEqual([OTHER]);
    expect(live.resyncs).toBe(0);
    live.close();
  });

  it("passes on its own person's changes made through requests (deciding in the inbox), which the board did not make", async () => {
    const stream = streamed();
    const live = harness([stream.response]);
    await settle();
    stream.push('event: ready\ndata: {"resync":false}\n\n');
    stream.push(`event: schedule\ndata: ${JSON.stringify({ ...event(ME), source: "requests" })}\n\n`);
    await settle();
    expect(live.changes.map((change) => [change.actor_id, change.source])).toEqual([[ME, "requests"]]);
    live.close();
  });

  it("reloads when the server says it may have missed changes", async () => {
    const stream = streamed();
    const live = harness([stream.response]);
    await settle();
    stream.push('event: ready\ndata: {"resync":false}\n\nevent: ready\ndata: {"resync":true}\n\n');
    await settle();
    expect(live.resyncs).toBe(1);
    live.close();
  });

  it("reconnects with a delay when the stream ends, and reloads once back", async () => {
    const first = streamed();
    const second = streamed();
    const live = harness([first.response, second.response]);
    await settle();
    first.push('event: ready\ndata: {"resync":false}\n\n');
    await settle();
    first.end();
    await settle();
    expect(live.statuses.at(-1)).toBe("reconnecting");
    expect(live.fetch).toHaveBeenCalledTimes(1);
    live.timers.shift()?.();
    await settle();
    second.push('event: ready\ndata: {"resync":false}\n\n');
    await settle();
    expect(live.fetch).toHaveBeenCalledTimes(2);
    expect(live.statuses.at(-1)).toBe("live");
    expect(live.resyncs).toBe(1);
    live.close();
  });

  it("retries after a network failure or a 503", async () => {
    const live = harness([new TypeError("offline"), refusal(503, "database_unavailable")]);
    await settle();
    expect(live.statuses).toEqual(["connecting", "reconnecting"]);
    live.timers.shift()?.();
    await settle();
    expect(live.fetch).toHaveBeenCalledTimes(2);
    expect(live.timers).toHaveLength(1);
    live.close();
  });

  it("refreshes an expired token once, then reconnects at once", async () => {
    const stream = streamed();
    const refreshToken = vi.fn(async () => "token-2");
    let token = "token-1";
    const live = harness([refusal(403, "token_invalid"), stream.response], {
      refreshToken: async () => {
        token = await refreshToken();
      },
      getAccessToken: () => token,
    });
    await settle();
    await settle();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(live.fetch).toHaveBeenCalledTimes(2);
    const init = live.fetch.mock.calls[1]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer token-2");
    live.close();
  });

  it("waits like any failure when the token is still refused after a refresh", async () => {
    const live = harness([refusal(403, "token_invalid"), refusal(403, "token_invalid")]);
    await settle();
    await settle();
    expect(live.fetch).toHaveBeenCalledTimes(2);
    expect(live.statuses.at(-1)).toBe("reconnecting");
    live.close();
  });

  it("stops for good without access or for an unknown board", async () => {
    for (const [status, code] of [
      [403, "forbidden"],
      [404, "not_found"],
    ] as const) {
      const live = harness([refusal(status, code)]);
      await settle();
      expect(live.statuses.at(-1)).toBe("off");
      expect(live.timers).toHaveLength(0);
      live.close();
    }
  });

  it("closes the request when the board goes away, and does not reconnect", async () => {
    const stream = streamed();
    let signal: AbortSignal | undefined;
    const live = harness([], {
      fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return stream.response;
      }) as typeof globalThis.fetch,
    });
    await settle();
    live.close();
    expect(signal?.aborted).toBe(true);
    await settle();
    expect(live.timers).toHaveLength(0);
  });
});

describe("the reconnection delay", () => {
  it("doubles from one second to at most thirty, with some jitter", () => {
    const middle = () => 0.5;
    expect(defaultBackoff(1, middle)).toBe(1000);
    expect(defaultBackoff(2, middle)).toBe(2000);
    expect(defaultBackoff(5, middle)).toBe(16000);
    expect(defaultBackoff(9, middle)).toBe(30000);
    expect(defaultBackoff(1, () => 0)).toBe(750);
    expect(defaultBackoff(1, () => 1)).toBe(1250);
  });
});
