import { randomUUID } from "node:crypto";
import type { RequestKind } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { ListenEvents, OnPayload } from "../lib/db/listen.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import { SCHEDULE_CHANNEL } from "../schedule/announce.ts";
import { REQUESTS_CHANNEL } from "./announce.ts";
import { type RequestStreamEvent, type RequestSubscriber, RequestsHub } from "./events-hub.ts";

const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** A hub over a fake LISTEN the test drives, channel by channel. */
function hubWithFakeListen() {
  const channels = new Map<string, { onPayload: OnPayload; events: ListenEvents }>();
  const stopped: string[] = [];
  const listen = async (channel: string, onPayload: OnPayload, events: ListenEvents = {}) => {
    channels.set(channel, { onPayload, events });
    return async () => {
      stopped.push(channel);
    };
  };
  return { hub: new RequestsHub(listen, log), channels, stopped };
}

function subscriber(organizationId: string, follows: RequestSubscriber["follows"], userId = randomUUID()) {
  const received: RequestStreamEvent[] = [];
  const calls = { resync: 0 };
  const value: RequestSubscriber = {
    organizationId,
    userId,
    follows,
    send: (event) => received.push(event),
    resync: () => {
      calls.resync += 1;
    },
    end: () => undefined,
  };
  return { value, received, calls, userId };
}

const note = (organizationId: string, kinds: RequestKind[], userIds: string[], actorId: string | null = null) =>
  JSON.stringify({
    organization_id: organizationId,
    request_ids: [randomUUID()],
    kinds,
    user_ids: userIds,
    actor_id: actorId,
  });

describe("RequestsHub", () => {
  it("hears requests and the schedule's publishes on one start, and stops both", async () => {
    const { hub, channels, stopped } = hubWithFakeListen();
    await Promise.all([hub.start(), hub.start()]);
    expect([...channels.keys()].sort()).toEqual([REQUESTS_CHANNEL, SCHEDULE_CHANNEL].sort());
    await hub.close();
    expect(stopped.sort()).toEqual([REQUESTS_CHANNEL, SCHEDULE_CHANNEL].sort());
  });

  it("without a way to LISTEN, refuses to start; a failed start is tried again", async () => {
    await expect(new RequestsHub(undefined, log).start()).rejects.toThrow(/cannot LISTEN/);
    let attempts = 0;
    const hub = new RequestsHub(async (channel) => {
      attempts += 1;
      if (attempts === 2 && channel === SCHEDULE_CHANNEL) throw new Error("database down");
      return async () => undefined;
    }, log);
    await expect(hub.start()).rejects.toThrow("database down");
    await hub.start();
    expect(attempts).toBe(4);
  });

  it("tells an inbox the changes of the kinds its manager decides, the author as a person id", async () => {
    const { hub, channels } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const shifts = subscriber(org, { inbox: new Set<RequestKind>(["claim", "cover", "swap", "availability"]) });
    const time = subscriber(org, { inbox: new Set<RequestKind>(["correction"]) });
    const nothing = subscriber(org, { inbox: new Set<RequestKind>() });
    const elsewhere = subscriber(randomUUID(), { inbox: new Set<RequestKind>(["claim"]) });
    for (const s of [shifts, time, nothing, elsewhere]) hub.subscribe(s.value);

    const actor = randomUUID();
    channels.get(REQUESTS_CHANNEL)?.onPayload(note(org, ["claim"], [], actor));
    channels.get(REQUESTS_CHANNEL)?.onPayload(note(org, ["correction", "cover"], []));
    expect(shifts.received).toHaveLength(2);
    expect(shifts.received[0]).toEqual({
      event: "requests",
      data: { request_ids: [expect.any(String)], kinds: ["claim"], actor_id: personIdOf(org, actor) },
    });
    expect(time.received.map((event) => event.data)).toEqual([
      { request_ids: [expect.any(String)], kinds: ["correction", "cover"], actor_id: null },
    ]);
    expect(nothing.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it("tells someone's /my the changes that concern them, or all of the organization's when none are named", async () => {
    const { hub, channels } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const me = subscriber(org, "me");
    const colleague = subscriber(org, "me");
    const inbox = subscriber(org, { inbox: new Set<RequestKind>(["swap"]) });
    for (const s of [me, colleague, inbox]) hub.subscribe(s.value);

    channels.get(REQUESTS_CHANNEL)?.onPayload(note(org, ["claim"], [me.userId]));
    expect(me.received).toHaveLength(1);
    expect(colleague.received).toEqual([]);
    expect(inbox.received).toEqual([]);
    channels.get(REQUESTS_CHANNEL)?.onPayload(note(org, ["swap"], []));
    expect(me.received).toHaveLength(2);
    expect(colleague.received).toHaveLength(1);
    expect(inbox.received).toHaveLength(1);
  });

  it("tells every /my of the organization of a publish, and no inbox; other schedule changes tell nobody", async () => {
    const { hub, channels } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const me = subscriber(org, "me");
    const inbox = subscriber(org, { inbox: new Set<RequestKind>(["claim"]) });
    const elsewhere = subscriber(randomUUID(), "me");
    for (const s of [me, inbox, elsewhere]) hub.subscribe(s.value);
    const schedule = (kind: string) =>
      channels
        .get(SCHEDULE_CHANNEL)
        ?.onPayload(
          JSON.stringify({ organization_id: org, board_ids: [], shift_ids: [], actor_id: randomUUID(), kind }),
        );
    schedule("changed");
    schedule("published");
    channels.get(SCHEDULE_CHANNEL)?.onPayload("not json");
    channels.get(REQUESTS_CHANNEL)?.onPayload(JSON.stringify({ organization_id: org }));
    expect(me.received).toEqual([{ event: "shifts", data: { what: "shifts" } }]);
    expect(inbox.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it("tells every stream to reload once when its listener reconnects", async () => {
    const { hub, channels } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const me = subscriber(org, "me");
    const inbox = subscriber(randomUUID(), { inbox: new Set<RequestKind>(["claim"]) });
    hub.subscribe(me.value);
    hub.subscribe(inbox.value);
    channels.get(REQUESTS_CHANNEL)?.events.onRestored?.(3, 1500);
    channels.get(SCHEDULE_CHANNEL)?.events.onRestored?.(3, 1500);
    expect([me.calls.resync, inbox.calls.resync]).toEqual([1, 1]);
  });
});
