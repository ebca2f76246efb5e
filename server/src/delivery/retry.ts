/**
 * When to try a message again after a temporary failure: quick at first (a
 * blip), then spaced out (an outage), so that with the default 8 attempts a
 * message survives about four hours of provider downtime before it is given up.
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 3_600_000];
export const MAX_ATTEMPTS = 8;

/** The wait after the `attempt`-th delivery (1-based) failed; the last delay repeats. */
export function retryDelayMs(attempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number {
  const index = Math.min(Math.max(attempt, 1), delays.length) - 1;
  return delays[index] ?? 0;
}
