import { describe, expect, it } from "vitest";
import { ann, bob, punch } from "./punch-fixtures.test-support.ts";
import { memoryPunchStore } from "./punch-memory-store.ts";

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
