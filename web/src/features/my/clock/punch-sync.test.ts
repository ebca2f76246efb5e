// IndexedDB for Node: a test double of the browser's API (the product uses the browser's own).
import "fake-indexeddb/auto";
import type { PunchRequest } from "@workshift/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ann, answered, noAnswer, okFor, punch, whose } from "../../../lib/punch-fixtures.test-support.ts";
import { openPunchStore } from "../../../lib/punch-indexeddb.ts";
import type { PunchStore } from "../../../lib/queued-punch.ts";
import { createPunchSync, type Timers } from "./punch-sync.ts";

let store: PunchStore;
let dbName: string;
beforeEach(async () => {
  dbName = `test-${crypto.randomUUID()}`;
  store = await openPunchStore(dbName);
});
afterEach(() => store.close());

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
