import { describe, expect, it, vi } from "vitest";
import { memoryPunchStore, type PunchOwner } from "./punch-queue.ts";
import { unsentPunchCount } from "./punch-store.ts";

const ann: PunchOwner = {
  organizationId: "0e0c7d3e-0000-4000-8000-000000000001",
  userId: "a0000000-0000-4000-8000-000000000001",
};
const bob: PunchOwner = { ...ann, userId: "b0000000-0000-4000-8000-000000000002" };

describe("the punches asked about before signing out", () => {
  it("are the person's own punches still on the device", async () => {
    const store = memoryPunchStore();
    await store.add(
      ann,
      { id: "00000000-0000-4000-8000-000000000001", kind: "clock_in", at: "2026-06-08T09:00:00Z" },
      1,
    );
    await store.add(
      ann,
      { id: "00000000-0000-4000-8000-000000000002", kind: "clock_out", at: "2026-06-08T17:00:00Z" },
      2,
    );
    expect(await unsentPunchCount(ann, async () => store)).toBe(2);
    expect(await unsentPunchCount(bob, async () => store)).toBe(0);
  });

  it("are none when the queue cannot be read, so signing out never hangs on it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await unsentPunchCount(ann, async () => Promise.reject(new Error("blocked")))).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
