// IndexedDB for Node: a test double of the browser's API (the product uses the browser's own).
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ann, annElsewhere, bob, punch } from "./punch-fixtures.test-support.ts";
import { openPunchStore } from "./punch-indexeddb.ts";
import type { PunchStore } from "./queued-punch.ts";

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
