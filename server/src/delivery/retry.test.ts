import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./retry.ts";

describe("retryDelayMs", () => {
  it("backs off 5 s, 30 s, 2 min, 10 min, then hourly", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt))).toEqual([
      5_000, 30_000, 120_000, 600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it("gives a provider outage hours before a message is given up", () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) total += retryDelayMs(attempt, RETRY_DELAYS_MS);
    expect(total).toBeGreaterThanOrEqual(3 * 3_600_000);
  });

  it("uses the delays it is given (tests run fast)", () => {
    expect(retryDelayMs(1, [10, 20])).toBe(10);
    expect(retryDelayMs(9, [10, 20])).toBe(20);
  });
});
