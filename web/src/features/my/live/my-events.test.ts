import { describe, expect, it } from "vitest";
import { allLiveParts, partsFor } from "./my-events.ts";

describe("what a live frame reloads on /my", () => {
  it("a change of shifts reloads my shifts, the open shifts, the swap choices and the clock's shift", () => {
    expect([...partsFor("shifts")].sort()).toEqual(["clock", "open-shifts", "request-options", "shifts"]);
  });

  it("a change of requests reloads everything they touch (a decision moves shifts and availability)", () => {
    expect(partsFor("requests")).toEqual(allLiveParts);
    expect(allLiveParts).toContain("requests");
    expect(allLiveParts).toContain("entries");
    expect(allLiveParts).toContain("time-off");
  });

  it("another frame reloads nothing", () => {
    expect(partsFor("schedule")).toEqual([]);
  });
});
