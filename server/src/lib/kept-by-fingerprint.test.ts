import { describe, expect, it } from "vitest";
import { KeptByFingerprint } from "./kept-by-fingerprint.ts";

const sized = (budget: number, largestShare?: number) =>
  new KeptByFingerprint<{ size: number }>(budget, (value) => value.size, largestShare);

describe("values kept while their rows' fingerprint holds", () => {
  it("gives back a value only under its key and with the fingerprint it was kept with", () => {
    const kept = sized(100);
    const value = { size: 10 };
    kept.set("org-a/week", "print-1", value);
    expect(kept.get("org-a/week", "print-1")).toBe(value);
    expect(kept.get("org-b/week", "print-1")).toBeUndefined();
    expect(kept.get("org-a/week", "print-2")).toBeUndefined();
  });

  it("forgets a value once its rows have changed", () => {
    const kept = sized(100);
    kept.set("key", "print-1", { size: 10 });
    kept.get("key", "print-2");
    expect(kept.count).toBe(0);
    expect(kept.get("key", "print-1")).toBeUndefined();
  });

  it("gives the value kept under a key whatever its fingerprint, to be brought up to date", () => {
    const kept = sized(100);
    const value = { size: 10 };
    kept.set("key", "print-1", value);
    expect(kept.latest("key")).toBe(value);
    expect(kept.latest("other")).toBeUndefined();
  });

  it("drops the least recently used when over budget", () => {
    const kept = sized(60, 1 / 2);
    kept.set("a", "p", { size: 25 });
    kept.set("b", "p", { size: 25 });
    kept.get("a", "p");
    kept.set("c", "p", { size: 25 });
    expect(kept.has("a")).toBe(true);
    expect(kept.has("b")).toBe(false);
    expect(kept.has("c")).toBe(true);
  });

  it("does not keep a value larger than its share of the budget", () => {
    const kept = sized(100);
    kept.set("big", "p", { size: 26 });
    expect(kept.count).toBe(0);
    const generous = sized(100, 1 / 2);
    generous.set("big", "p", { size: 26 });
    expect(generous.count).toBe(1);
  });
});
