import { RESEND_COOLDOWN_SECONDS } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { resendAvailableAt, secondsUntil } from "./countdown.ts";

describe("the resend countdown (spec §4)", () => {
  it("runs from 59 down to 0 after a code is sent", () => {
    expect(RESEND_COOLDOWN_SECONDS).toBe(59);
    const at = resendAvailableAt(1_000_000);
    expect(at).toBe(1_059_000);
    expect(secondsUntil(at, 1_000_000)).toBe(59);
    expect(secondsUntil(at, 1_000_400)).toBe(59);
    expect(secondsUntil(at, 1_001_000)).toBe(58);
    expect(secondsUntil(at, 1_058_001)).toBe(1);
    expect(secondsUntil(at, 1_059_000)).toBe(0);
    expect(secondsUntil(at, 2_000_000)).toBe(0);
  });

  it("waits as long as the server says after a 429", () => {
    expect(resendAvailableAt(0, 600)).toBe(600_000);
    expect(secondsUntil(resendAvailableAt(0, 600), 0)).toBe(600);
  });
});
