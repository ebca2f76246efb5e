import { describe, expect, it } from "vitest";
import { PrimaryPositions } from "./primary-positions.ts";

describe("a replica's lag, from the primary's positions as seen", () => {
  it("is 0 for a replica that holds all the primary had at the last look", () => {
    const notes = new PrimaryPositions(10_000);
    notes.add("0/100", 1_000);
    notes.add("0/200", 1_200);
    expect(notes.lagOf("0/200", 1_300)).toBe(0);
    expect(notes.lagOf("0/250", 1_300)).toBe(0);
  });

  it("is the age of the newest position it holds: a replica cut off from the primary falls behind by the clock", () => {
    const notes = new PrimaryPositions(10_000);
    notes.add("0/100", 1_000);
    notes.add("0/200", 5_000);
    notes.add("0/300", 12_000);
    expect(notes.lagOf("0/100", 12_000)).toBe(11_000);
    expect(notes.lagOf("0/250", 12_000)).toBe(7_000);
  });

  it("is unbounded when the replica holds none of the positions seen, or nothing was seen yet", () => {
    const notes = new PrimaryPositions(10_000);
    expect(notes.lagOf("0/100", 1_000)).toBe(Number.POSITIVE_INFINITY);
    notes.add("1/0", 1_000);
    expect(notes.lagOf("0/FFFFFFFF", 1_100)).toBe(Number.POSITIVE_INFINITY);
  });

  it("forgets positions older than twice the allowed lag", () => {
    const notes = new PrimaryPositions(1_000);
    notes.add("0/100", 0);
    notes.add("0/200", 5_000);
    // 0/100 is forgotten: a replica there is further behind than anything still noted.
    expect(notes.lagOf("0/150", 5_100)).toBe(Number.POSITIVE_INFINITY);
  });
});
