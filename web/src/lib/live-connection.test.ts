import { describe, expect, it, vi } from "vitest";
import { type LiveStatus, openEventStream } from "./live-connection.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function streamed() {
  let push: (text: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
    },
  });
  return { response: new Response(body, { status: 200 }), push };
}

describe("an event stream", () => {
  it("asks the given address and passes on only the frames of its event", async () => {
    const stream = streamed();
    const fetch = vi.fn(async () => stream.response);
    const messages: string[] = [];
    const statuses: LiveStatus[] = [];
    const close = openEventStream({
      url: "/api/time-clock/events?board=all",
      event: "clock",
      fetch: fetch as unknown as typeof globalThis.fetch,
      getAccessToken: () => "token-1",
      refreshToken: async () => undefined,
      onMessage: (data) => messages.push(data),
      onResync: () => {},
      onStatus: (status) => statuses.push(status),
      setTimer: () => 0,
      clearTimer: () => {},
    });
    await settle();
    stream.push('event: ready\ndata: {}\n\nevent: schedule\ndata: {"x":1}\n\nevent: clock\ndata: {"user_id":"u1"}\n\n');
    await settle();
    expect((fetch.mock.calls[0] as unknown[] | undefined)?.[0]).toBe("/api/time-clock/events?board=all");
    expect(messages).toEqual(['{"user_id":"u1"}']);
    expect(statuses).toEqual(["connecting", "live"]);
    close();
  });

  it("passes on the frames of each of its events, with their names", async () => {
    const stream = streamed();
    const fetch = vi.fn(async () => stream.response);
    const messages: [string, string][] = [];
    const close = openEventStream({
      url: "/api/my/events",
      event: ["requests", "shifts"],
      fetch: fetch as unknown as typeof globalThis.fetch,
      getAccessToken: () => "token-1",
      refreshToken: async () => undefined,
      onMessage: (data, event) => messages.push([event, data]),
      onResync: () => {},
      onStatus: () => {},
      setTimer: () => 0,
      clearTimer: () => {},
    });
    await settle();
    stream.push(
      'event: ready\ndata: {}\n\nevent: requests\ndata: {"a":1}\n\nevent: clock\ndata: {}\n\nevent: shifts\ndata: {"what":"shifts"}\n\n',
    );
    await settle();
    expect(messages).toEqual([
      ["requests", '{"a":1}'],
      ["shifts", '{"what":"shifts"}'],
    ]);
    close();
  });
});
