// IndexedDB for Node: a test double of the browser's API (the product uses the browser's own).
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { openPunchStore } from "./punch-indexeddb.ts";
import { memoryPunchStore } from "./punch-memory-store.ts";
import { unsentPunchCount } from "./punch-store.ts";
import type { PunchOwner } from "./queued-punch.ts";

const ann: PunchOwner = {
  organizationId: "0e0c7d3e-0000-4000-8000-000000000001",
  userId: "a0000000-0000-4000-8000-000000000001",
};
const annElsewhere: PunchOwner = { ...ann, organizationId: "0e0c7d3e-0000-4000-8000-000000000002" };
const bob = "b0000000-0000-4000-8000-000000000002";
const clockIn = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: "clock_in" as const,
  at: "2026-06-08T09:00:00Z",
});

describe("the punches asked about before signing out", () => {
  it("are the person's own punches still on the device, in any of their organizations", async () => {
    for (const store of [memoryPunchStore(), await openPunchStore(`test-${crypto.randomUUID()}`)]) {
      await store.add(ann, clockIn(1), 1);
      await store.add(annElsewhere, clockIn(2), 2);
      expect(await unsentPunchCount(ann.userId, async () => store)).toBe(2);
      expect(await unsentPunchCount(bob, async () => store)).toBe(0);
      store.close();
    }
  });

  it("are none when the queue cannot be read, so signing out never hangs on it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await unsentPunchCount(ann.userId, async () => Promise.reject(new Error("blocked")))).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
