// IndexedDB for Node: a test double of the browser's API (the product uses the browser's own).
import "fake-indexeddb/auto";
import type { PunchKind, PunchRequest, PunchResponse } from "@workshift/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  BACKOFF_MAX_MS,
  backoffMs,
  createPunchSync,
  drainQueue,
  LOCATION_WAIT_MS,
  memoryPunchStore,
  type NewPunch,
  openPunchStore,
  outcomeOfFailure,
  type PunchOwner,
  type PunchStore,
  type Refusal,
  type Timers,
} from "./punch-queue.ts";

const ann: PunchOwner = {
  organizationId: "0e0c7d3e-0000-4000-8000-000000000001",
  userId: "a0000000-0000-4000-8000-000000000001",
};
/** Whose punch it is travels with it (the server refuses it under anyone else's session). */
const whose = { organization_id: ann.organizationId, user_id: ann.userId };
const bob: PunchOwner = { organizationId: ann.organizationId, userId: "b0000000-0000-4000-8000-000000000002" };
const annElsewhere: PunchOwner = { organizationId: "0e0c7d3e-0000-4000-8000-000000000002", userId: ann.userId };

let counter = 0;
function punch(kind: PunchKind, extra: Partial<NewPunch> = {}): NewPunch {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return { id, kind, at: new Date(Date.UTC(2026, 5, 8, 9, counter)).toISOString(), ...extra };
}

/** An axios-like refusal or failure, as the API client rejects with. */
function answered(status: number, data: unknown = {}, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`answered ${status}`), { response: { status, data, headers } });
}
const noAnswer = () => new Error("Network error: Please check your internet connection.");

function okFor(request: PunchRequest, replayed = false): PunchResponse {
  return { replayed, punch: { id: request.id } } as unknown as PunchResponse;
}

let store: PunchStore;
let dbName: string;
beforeEach(async () => {
  dbName = `test-${crypto.randomUUID()}`;
  store = await openPunchStore(dbName);
});
afterEach(() => store.close());

describe("the IndexedDB store", () => {
  it("keeps punches in the order they were made", async () => {
    const made = [punch("clock_in"), punch("break_start"), punch("break_end"), punch("clock_out")];
    for (const item of made) await store.add(ann, item, 1);
    expect((await store.list(ann)).map((item) => item.id)).toEqual(made.map((item) => item.id));
  });

  it("keeps each person's and each organization's punches apart", async () => {
    const a = punch("clock_in");
    const b = punch("clock_in");
    const c = punch("clock_in");
    await store.add(ann, a, 1);
    await store.add(bob, b, 2);
    await store.add(annElsewhere, c, 3);
    expect((await store.list(ann)).map((item) => item.id)).toEqual([a.id]);
    expect((await store.list(bob)).map((item) => item.id)).toEqual([b.id]);
    expect((await store.list(annElsewhere)).map((item) => item.id)).toEqual([c.id]);
    expect((await store.list(ann))[0]).toMatchObject(ann);
  });

  it("survives being closed and opened again (a reload)", async () => {
    const item = punch("clock_in", { job_id: "10000000-0000-4000-8000-000000000001" });
    await store.add(ann, item, 42);
    await store.saveStatus({ ...ann, status: { state: "in" } as never, savedAt: "2026-06-08T09:00:00.000Z" });
    store.close();
    store = await openPunchStore(dbName);
    expect(await store.list(ann)).toEqual([
      expect.objectContaining({ id: item.id, kind: "clock_in", at: item.at, job_id: item.job_id, queuedAt: 42 }),
    ]);
    expect(await store.loadStatus(ann)).toMatchObject({ status: { state: "in" } });
    expect(await store.loadStatus(bob)).toBeUndefined();
  });

  it("refuses the same id twice, updates and removes by id", async () => {
    const item = punch("clock_in", { locating: true });
    await store.add(ann, item, 1);
    await expect(store.add(ann, item, 2)).rejects.toThrow();
    await store.update(item.id, { locating: false, location: { latitude: 1, longitude: 2, accuracy: 30 } });
    expect((await store.list(ann))[0]).toMatchObject({
      locating: false,
      location: { latitude: 1, longitude: 2, accuracy: 30 },
    });
    await store.remove(item.id);
    expect(await store.list(ann)).toEqual([]);
  });
});

describe("outcomeOfFailure", () => {
  it("keeps punches that got no answer or a server error", () => {
    expect(outcomeOfFailure(noAnswer())).toEqual({ kind: "retry", afterMs: undefined });
    expect(outcomeOfFailure(answered(500))).toEqual({ kind: "retry", afterMs: undefined });
    expect(outcomeOfFailure(answered(503))).toEqual({ kind: "retry", afterMs: undefined });
    expect(outcomeOfFailure(answered(429, {}, { "retry-after": "7" }))).toEqual({ kind: "retry", afterMs: 7000 });
  });

  it("keeps a punch on answers that say nothing about it (a proxy's 404 or 413, a 400 without fields)", () => {
    expect(outcomeOfFailure(answered(404))).toEqual({ kind: "retry", afterMs: undefined });
    expect(outcomeOfFailure(answered(413))).toEqual({ kind: "retry", afterMs: undefined });
    expect(outcomeOfFailure(answered(400, { code: "validation_failed" }))).toEqual({
      kind: "retry",
      afterMs: undefined,
    });
    expect(
      outcomeOfFailure(answered(422, { code: "validation_failed", fields: { at: "timeClock.future" } })),
    ).toMatchObject({ kind: "refused" });
  });

  it("waits for a new sign-in on 401 and 403", () => {
    expect(outcomeOfFailure(answered(401))).toEqual({ kind: "signedOut" });
    expect(outcomeOfFailure(answered(403, { code: "forbidden" }))).toEqual({ kind: "signedOut" });
  });

  it("reads a refusal's code and fields", () => {
    const error = answered(409, { error: "no", code: "conflict", fields: { kind: "timeClock.alreadyIn" } });
    expect(outcomeOfFailure(error)).toEqual({
      kind: "refused",
      refusal: { status: 409, code: "conflict", fields: { kind: "timeClock.alreadyIn" } },
    });
  });

  it("takes an answer that does not read as sent (the server has it)", () => {
    const parsed = z.object({ punch: z.string() }).safeParse({});
    expect(outcomeOfFailure(parsed.error)).toEqual({ kind: "sent", response: null });
  });
});

describe("drainQueue", () => {
  const base = { now: () => Date.now(), locating: () => false };

  it("sends strictly in order, one at a time, and empties the queue on 2xx (replays included)", async () => {
    const made = [punch("clock_in"), punch("break_start"), punch("break_end"), punch("clock_out")];
    for (const item of made) await store.add(ann, item, 1);
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async (request: PunchRequest) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      order.push(request.kind);
      inFlight -= 1;
      return okFor(request, request.kind === "break_start");
    });
    const sent: string[] = [];
    const result = await drainQueue({ ...base, store, owner: ann, send, onSent: (item) => sent.push(item.id) });
    expect(result).toEqual({ stop: "empty" });
    expect(order).toEqual(["clock_in", "break_start", "break_end", "clock_out"]);
    expect(most).toBe(1);
    expect(sent).toEqual(made.map((item) => item.id));
    expect(await store.list(ann)).toEqual([]);
  });

  it("sends nothing more once its queue is stopped (the card left, its owner signed out)", async () => {
    await store.add(ann, punch("clock_in"), 1);
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    const result = await drainQueue({ ...base, store, owner: ann, send, stopped: () => true });
    expect(send).not.toHaveBeenCalled();
    expect(result).toEqual({ stop: "signedOut" });
    expect(await store.list(ann)).toHaveLength(1);
  });

  it("sends the body the API takes: id, kind, at and what was given", async () => {
    const location = { latitude: 48.85, longitude: 2.35, accuracy: 12 };
    const item = punch("clock_in", { job_id: "10000000-0000-4000-8000-000000000001", location });
    await store.add(ann, item, 1);
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    await drainQueue({ ...base, store, owner: ann, send });
    expect(send).toHaveBeenCalledWith({
      id: item.id,
      kind: "clock_in",
      at: item.at,
      job_id: item.job_id,
      location,
      ...whose,
    });
  });

  it("removes a refused punch, reports it, and goes on with the next", async () => {
    const first = punch("clock_in");
    const second = punch("clock_out");
    await store.add(ann, first, 1);
    await store.add(ann, second, 1);
    const send = vi.fn(async (request: PunchRequest) => {
      if (request.id === first.id) {
        throw answered(409, { error: "x", code: "conflict", fields: { kind: "timeClock.alreadyIn" } });
      }
      return okFor(request);
    });
    const refused: Array<[string, Refusal]> = [];
    const result = await drainQueue({
      ...base,
      store,
      owner: ann,
      send,
      onRefused: (item, refusal) => refused.push([item.id, refusal]),
    });
    expect(result).toEqual({ stop: "empty" });
    expect(refused).toEqual([[first.id, { status: 409, code: "conflict", fields: { kind: "timeClock.alreadyIn" } }]]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await store.list(ann)).toEqual([]);
  });

  it("removes a 422 refusal too", async () => {
    await store.add(ann, punch("clock_in"), 1);
    const send = async () => {
      throw answered(422, { code: "validation_failed", fields: { at: "timeClock.tooOld" } });
    };
    await expect(drainQueue({ ...base, store, owner: ann, send })).resolves.toEqual({ stop: "empty" });
    expect(await store.list(ann)).toEqual([]);
  });

  it("keeps the punch and those after it when there is no answer or a 5xx, counting the tries", async () => {
    const first = punch("clock_in");
    const second = punch("break_start");
    await store.add(ann, first, 1);
    await store.add(ann, second, 1);
    for (const failure of [noAnswer(), answered(502)]) {
      const send = vi.fn(async () => {
        throw failure;
      });
      expect(await drainQueue({ ...base, store, owner: ann, send })).toEqual({ stop: "retry", afterMs: undefined });
      expect(send).toHaveBeenCalledTimes(1);
    }
    const left = await store.list(ann);
    expect(left.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(left[0]?.attempts).toBe(2);
  });

  it("keeps everything on 401/403 until the person is signed in again", async () => {
    await store.add(ann, punch("clock_in"), 1);
    const send = vi.fn(async () => {
      throw answered(401);
    });
    expect(await drainQueue({ ...base, store, owner: ann, send })).toEqual({ stop: "signedOut" });
    expect(await store.list(ann)).toHaveLength(1);
  });

  it("sends only the signed-in person's punches in their organization", async () => {
    const mine = punch("clock_in");
    await store.add(bob, punch("clock_in"), 1);
    await store.add(annElsewhere, punch("clock_in"), 1);
    await store.add(ann, mine, 1);
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    await drainQueue({ ...base, store, owner: ann, send });
    expect(send.mock.calls.map(([request]) => request.id)).toEqual([mine.id]);
    expect(await store.list(bob)).toHaveLength(1);
    expect(await store.list(annElsewhere)).toHaveLength(1);
  });

  it("holds a punch while its position is asked for, then sends it without one once the wait is over", async () => {
    const item = punch("clock_in", { locating: true });
    await store.add(ann, item, 1_000);
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    const asking = await drainQueue({ ...base, store, owner: ann, send, now: () => 2_000, locating: () => true });
    expect(asking.stop).toBe("locating");
    // Another tab (or a page since reloaded) may be asking: held until the wait is over.
    const other = await drainQueue({ ...base, store, owner: ann, send, now: () => 2_000 });
    expect(other).toEqual({ stop: "locating", afterMs: LOCATION_WAIT_MS - 1_000 });
    expect(send).not.toHaveBeenCalled();
    await drainQueue({ ...base, store, owner: ann, send, now: () => 1_000 + LOCATION_WAIT_MS });
    expect(send).toHaveBeenCalledWith({ id: item.id, kind: "clock_in", at: item.at, ...whose });
  });
});

describe("backoffMs", () => {
  it("doubles from 2 s up to a minute, spread by ±20 %", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, () => 0.5))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(backoffMs(1, () => 0)).toBe(1600);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_MAX_MS * 1.2);
  });
});

/** Timers run by hand: `due` lists what is planned, `fire` runs it. */
function manualTimers() {
  const planned = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    set(run, ms) {
      next += 1;
      planned.set(next, { run, ms });
      return next;
    },
    clear(handle) {
      planned.delete(handle as number);
    },
  };
  return {
    timers,
    due: () => [...planned.values()].map((item) => item.ms),
    fire() {
      const entries = [...planned.entries()];
      planned.clear();
      for (const [, item] of entries) item.run();
    },
  };
}

async function settled(sync: { getState(): { phase: string } }, phase: string) {
  await vi.waitFor(() => expect(sync.getState().phase).toBe(phase));
}

describe("createPunchSync", () => {
  const direct = <T>(task: () => Promise<T>) => task();

  it("records then sends; retries with backoff while there is no answer; sends once when it comes back", async () => {
    const clock = manualTimers();
    let online = false;
    const send = vi.fn(async (request: PunchRequest) => {
      if (!online) throw noAnswer();
      return okFor(request);
    });
    const onSent = vi.fn();
    const sync = createPunchSync({
      store,
      owner: ann,
      send,
      online: () => true,
      onSent,
      timers: clock.timers,
      random: () => 0.5,
      exclusive: direct,
    });
    const item = punch("clock_in");
    await sync.record(item);
    await settled(sync, "waiting");
    expect(sync.getState().pending.map((p) => p.id)).toEqual([item.id]);
    expect(clock.due()).toEqual([2000]);

    clock.fire();
    await vi.waitFor(() => expect(clock.due()).toEqual([4000]));
    expect(send).toHaveBeenCalledTimes(2);

    online = true;
    sync.kick();
    await settled(sync, "idle");
    expect(send).toHaveBeenCalledTimes(3);
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(sync.getState().pending).toEqual([]);
    expect(clock.due()).toEqual([]);
    sync.stop();
  });

  it("tries nothing while the browser knows it is offline", async () => {
    const clock = manualTimers();
    let online = false;
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    const sync = createPunchSync({
      store,
      owner: ann,
      send,
      online: () => online,
      timers: clock.timers,
      random: () => 0.5,
      exclusive: direct,
    });
    await sync.record(punch("clock_in"));
    await settled(sync, "waiting");
    clock.fire();
    await vi.waitFor(() => expect(clock.due()).toEqual([4000]));
    expect(send).not.toHaveBeenCalled();
    online = true;
    sync.kick();
    await settled(sync, "idle");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("never sends two at once, however often it is kicked", async () => {
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async (request: PunchRequest) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return okFor(request);
    });
    const sync = createPunchSync({ store, owner: ann, send, exclusive: direct, timers: manualTimers().timers });
    await Promise.all([sync.record(punch("clock_in")), sync.record(punch("break_start"))]);
    sync.kick();
    sync.kick();
    await sync.record(punch("break_end"));
    await settled(sync, "idle");
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(most).toBe(1);
    expect(send.mock.calls.map(([request]) => request.kind)).toEqual(["clock_in", "break_start", "break_end"]);
  });

  it("waits for a new sign-in after 401/403, and sends once kicked", async () => {
    const clock = manualTimers();
    let signedIn = false;
    const send = vi.fn(async (request: PunchRequest) => {
      if (!signedIn) throw answered(403, { code: "forbidden" });
      return okFor(request);
    });
    const sync = createPunchSync({ store, owner: ann, send, timers: clock.timers, exclusive: direct });
    await sync.record(punch("clock_in"));
    await settled(sync, "signedOut");
    expect(clock.due()).toEqual([]);
    signedIn = true;
    sync.kick();
    await settled(sync, "idle");
    expect(await store.list(ann)).toEqual([]);
  });

  it("sends what an earlier page left in the queue when it starts", async () => {
    await store.add(ann, punch("clock_in"), 1);
    store.close();
    store = await openPunchStore(dbName);
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    const sync = createPunchSync({ store, owner: ann, send, exclusive: direct, timers: manualTimers().timers });
    sync.kick();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await settled(sync, "idle");
  });

  it("holds a locating punch until its position comes, then sends it with it", async () => {
    const clock = manualTimers();
    const send = vi.fn(async (request: PunchRequest) => okFor(request));
    const sync = createPunchSync({ store, owner: ann, send, timers: clock.timers, exclusive: direct });
    const item = punch("clock_in", { locating: true });
    await sync.record(item);
    await settled(sync, "waiting");
    expect(send).not.toHaveBeenCalled();
    const location = { latitude: 1, longitude: 2, accuracy: 5 };
    await sync.located(item.id, location);
    await settled(sync, "idle");
    expect(send).toHaveBeenCalledWith({ id: item.id, kind: "clock_in", at: item.at, location, ...whose });
  });
});

describe("memoryPunchStore", () => {
  it("behaves as the IndexedDB store does", async () => {
    const memory = memoryPunchStore();
    const a = punch("clock_in");
    const b = punch("clock_out");
    await memory.add(ann, a, 1);
    await memory.add(bob, punch("clock_in"), 1);
    await memory.add(ann, b, 1);
    expect((await memory.list(ann)).map((item) => item.id)).toEqual([a.id, b.id]);
    await expect(memory.add(ann, a, 1)).rejects.toThrow();
    await memory.remove(a.id);
    expect((await memory.list(ann)).map((item) => item.id)).toEqual([b.id]);
  });
});
