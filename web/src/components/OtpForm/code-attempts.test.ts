import { describe, expect, it } from "vitest";
import { decideCode, isCompleteCode, noAttempts, withRefused, withSent } from "./code-attempts.ts";

describe("a one-time code typed into the boxes", () => {
  it("is sent by itself once the last digit is typed or pasted", () => {
    expect(decideCode("4821", noAttempts, "typed")).toBe("send");
  });

  it("waits for more digits while some boxes are empty, and Verify says it is too short", () => {
    expect(decideCode("482", noAttempts, "typed")).toBe("wait");
    expect(decideCode("482", noAttempts, "button")).toBe("incomplete");
    expect(decideCode("", noAttempts, "button")).toBe("incomplete");
  });

  it("is never sent by itself twice", () => {
    const sent = withSent(noAttempts, "4821");
    expect(decideCode("4821", sent, "typed")).toBe("wait");
    // Verify is the way to try again after a slow or failed attempt.
    expect(decideCode("4821", sent, "button")).toBe("send");
    expect(decideCode("4822", sent, "typed")).toBe("send");
  });

  it("is never sent again once the server called it wrong, by typing or by Verify", () => {
    const refused = withRefused(noAttempts, "0000");
    expect(decideCode("0000", refused, "typed")).toBe("known-wrong");
    expect(decideCode("0000", refused, "button")).toBe("known-wrong");
    expect(decideCode("1111", refused, "typed")).toBe("send");
  });

  it("starts afresh for a new code", () => {
    expect(decideCode("0000", noAttempts, "typed")).toBe("send");
  });

  it("is complete with exactly four digits", () => {
    expect(isCompleteCode("1234")).toBe(true);
    expect(isCompleteCode("123")).toBe(false);
    expect(isCompleteCode("12345")).toBe(false);
    expect(isCompleteCode("12a4")).toBe(false);
  });
});
