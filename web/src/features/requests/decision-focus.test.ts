import { describe, expect, it } from "vitest";
import { focusAfterDecision } from "./decision-focus.ts";

describe("focus after a decision", () => {
  const listed = ["a", "b", "c", "d"];

  it("moves on to the next card still listed", () => {
    expect(focusAfterDecision(listed, new Set(["b"]))).toEqual({ card: "c" });
    expect(focusAfterDecision(listed, new Set(["a"]))).toEqual({ card: "b" });
  });

  it("skips cards decided at the same time", () => {
    expect(focusAfterDecision(listed, new Set(["b", "c"]))).toEqual({ card: "d" });
    expect(focusAfterDecision(listed, new Set(["a", "c"]))).toEqual({ card: "d" });
  });

  it("goes back to the card before when the last one was decided", () => {
    expect(focusAfterDecision(listed, new Set(["d"]))).toEqual({ card: "c" });
    expect(focusAfterDecision(listed, new Set(["c", "d"]))).toEqual({ card: "b" });
  });

  it("goes to the page's heading when no card is left", () => {
    expect(focusAfterDecision(["a"], new Set(["a"]))).toBe("heading");
    expect(focusAfterDecision(listed, new Set(listed))).toBe("heading");
    expect(focusAfterDecision([], new Set(["a"]))).toBe("heading");
  });

  it("moves on from a card no longer listed to the first one", () => {
    expect(focusAfterDecision(listed, new Set(["gone"]))).toEqual({ card: "a" });
  });
});
