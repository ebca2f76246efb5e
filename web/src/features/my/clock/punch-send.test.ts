// IndexedDB for Node: a test double of the browser's API (the product uses the browser's own).
import "fake-indexeddb/auto";
import type { PunchRequest } from "@workshift/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  ann,
  annElsewhere,
  answered,
  bob,
  noAnswer,
  okFor,
  punch,
  whose,
} from "../../../lib/punch-fixtures.test-support.ts";
import { openPunchStore } from "../../../lib/punch-indexeddb.ts";
import type { PunchStore } from "../../../lib/queued-punch.ts";
import {
  BACKOFF_MAX_MS,
  backoffMs,
  drainQueue,
  LOCATION_WAIT_MS,
  outcomeOfFailure,
  type Refusal,
} from "./punch-send.ts";

let store: PunchStore;
let dbName: string;
beforeEach(async () => {
  dbName = `test-${crypto.randomUUID()}`;
  store = await openPunchStore(dbName);
});
afterEach(() => store.close());

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
    const error = answered(409, {
      error: "no",
      code: "time_punch_already_in",
      fields: { kind: "timeClock.alreadyIn" },
    });
    expect(outcomeOfFailure(error)).toEqual({
      kind: "refused",
      refusal: { status: 409, code: "time_punch_already_in", fields: { kind: "timeClock.alreadyIn" } },
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
        throw answered(409, { error: "x", code: "time_punch_already_in", fields: { kind: "timeClock.alreadyIn" } });
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
    expect(refused).toEqual([
      [first.id, { status: 409, code: "time_punch_already_in", fields: { kind: "timeClock.alreadyIn" } }],
    ]);
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
