import { describe, expect, it } from "vitest";
import { CLOCK_TOLERANCE_MS, clockOffsetMs, serverNow } from "./server-clock.ts";

const received = Date.parse("2026-06-08T09:00:00.000Z");

describe("the device's clock error", () => {
  it("is read off the server's time in the last status: a phone five minutes fast is corrected by five", () => {
    const offset = clockOffsetMs("2026-06-08T08:55:00.000Z", received);
    expect(offset).toBe(-5 * 60_000);
    expect(new Date(serverNow(offset, received)).toISOString()).toBe("2026-06-08T08:55:00.000Z");
  });

  it("is corrected when slow too", () => {
    expect(clockOffsetMs("2026-06-08T10:00:00.000Z", received)).toBe(3_600_000);
  });

  it("is none within the network's delay, or without a status", () => {
    expect(clockOffsetMs(new Date(received + CLOCK_TOLERANCE_MS - 1).toISOString(), received)).toBe(0);
    expect(clockOffsetMs(undefined, received)).toBe(0);
    expect(clockOffsetMs("2026-06-08T08:55:00.000Z", null)).toBe(0);
    expect(clockOffsetMs("not a time", received)).toBe(0);
    expect(serverNow(0, received)).toBe(received);
  });
});
