import { randomUUID } from "node:crypto";
import type { ScheduleEvent } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { ListenEvents, OnPayload } from "../lib/db/listen.ts";
import { type EventSubscriber, ScheduleEventHub, TooManyStreamsError } from "./events-hub.ts";

const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** A hub over a fake LISTEN that the test drives. */
function hubWithFakeListen(maxPerUser?: number) {
  const fake = { onPayload: null as OnPayload | null, events: {} as ListenEvents, listens: 0, stopped: 0 };
  const listen = async (_channel: string, onPayload: OnPayload, events: ListenEvents = {}) => {
    fake.listens += 1;
    fake.onPayload = onPayload;
    fake.events = events;
    return async () => {
      fake.stopped += 1;
    };
  };
  return { hub: new ScheduleEventHub(listen, log, maxPerUser), fake };
}

function subscriber(organizationId: string, boards: "all" | string[], userId = randomUUID()) {
  const received: ScheduleEvent[] = [];
  const calls = { resync: 0, end: 0 };
  const value: EventSubscriber = {
    organizationId,
    userId,
    boards: boards === "all" ? "all" : new Set(boards),
    send: (event) => received.push(event),
    resync: () => {
      calls.resync += 1;
    },
    end: () => {
      calls.end += 1;
    },
  };
  return { value, received, calls };
}

const payload = (organizationId: string, boardIds: string[], shiftId = randomUUID()) =>
  JSON.stringify({
    organization_id: organizationId,
    board_ids: boardIds,
    shift_ids: [shiftId],
    actor_id: randomUUID(),
    kind: "changed",
  });

describe("ScheduleEventHub", () => {
  it("LISTENs once however many streams start, and again only after a failed start", async () => {
    let attempts = 0;
    const hub = new ScheduleEventHub(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("database down");
      return async () => undefined;
    }, log);
    await expect(hub.start()).rejects.toThrow("database down");
    await Promise.all([hub.start(), hub.start(), hub.start()]);
    expect(attempts).toBe(2);
  });

  it("without a way to LISTEN, refuses to start", async () => {
    await expect(new ScheduleEventHub(undefined, log).start()).rejects.toThrow(/cannot LISTEN/);
  });

  it("hands an event to its organization's streams on one of its boards, or on all, without the organization id", async () => {
    const { hub, fake } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const [boardA, boardB] = [randomUUID(), randomUUID()];
    const onA = subscriber(org, [boardA]);
    const onB = subscriber(org, [boardB]);
    const onAll = subscriber(org, "all");
    const otherOrg = subscriber(randomUUID(), "all");
    for (const s of [onA, onB, onAll, otherOrg]) hub.subscribe(s.value);

    fake.onPayload?.(payload(org, [boardA]));
    expect(onA.received).toHaveLength(1);
    expect(onA.received[0]).not.toHaveProperty("organization_id");
    expect(onB.received).toHaveLength(0);
    expect(onAll.received).toHaveLength(1);
    expect(otherOrg.received).toHaveLength(0);

    fake.onPayload?.(payload(org, [randomUUID(), boardB]));
    expect([onA, onB, onAll, otherOrg].map((s) => s.received.length)).toEqual([1, 1, 2, 0]);
    // Too many boards to list (a publish of every board): every stream of the organization hears it.
    fake.onPayload?.(
      JSON.stringify({
        organization_id: org,
        board_ids: [],
        every_board: true,
        shift_ids: [],
        actor_id: randomUUID(),
        kind: "published",
      }),
    );
    expect([onA, onB, onAll, otherOrg].map((s) => s.received.length)).toEqual([2, 2, 3, 0]);
    expect(onA.received[1]).not.toHaveProperty("every_board");
  });

  it("ignores a payload that is not a schedule event", async () => {
    const { hub, fake } = hubWithFakeListen();
    await hub.start();
    const org = randomUUID();
    const all = subscriber(org, "all");
    hub.subscribe(all.value);
    for (const bad of ["not json", "{}", JSON.stringify({ organization_id: org, board_ids: ["x"] }), "null"]) {
      fake.onPayload?.(bad);
    }
    expect(all.received).toEqual([]);
  });

  it("counts streams, limits them per person, and forgets a stream once however often it leaves", () => {
    const { hub } = hubWithFakeListen(2);
    const org = randomUUID();
    const person = randomUUID();
    const leaveFirst = hub.subscribe(subscriber(org, "all", person).value);
    hub.subscribe(subscriber(org, "all", person).value);
    expect(() => hub.subscribe(subscriber(org, "all", person).value)).toThrow(TooManyStreamsError);
    hub.subscribe(subscriber(org, "all").value); // someone else
    expect(hub.size).toBe(3);
    leaveFirst();
    leaveFirst();
    expect(hub.size).toBe(2);
    hub.subscribe(subscriber(org, "all", person).value);
    expect(hub.size).toBe(3);
  });

  it("tells every stream to reload when the listener comes back after a drop", async () => {
    const { hub, fake } = hubWithFakeListen();
    await hub.start();
    const streams = [subscriber(randomUUID(), "all"), subscriber(randomUUID(), [randomUUID()])];
    for (const s of streams) hub.subscribe(s.value);
    fake.events.onLost?.(new Error("connection ended"), 1, 250);
    expect(streams.map((s) => s.calls.resync)).toEqual([0, 0]);
    fake.events.onRestored?.(1, 300);
    expect(streams.map((s) => s.calls.resync)).toEqual([1, 1]);
  });

  it("ends every stream and stops listening when closed", async () => {
    const { hub, fake } = hubWithFakeListen();
    await hub.start();
    const s = subscriber(randomUUID(), "all");
    hub.subscribe(s.value);
    await hub.close();
    expect(s.calls.end).toBe(1);
    expect(fake.stopped).toBe(1);
    await expect(hub.start()).rejects.toThrow(/closed/);
  });
});
