/**
 * A device's clock can be wrong (set by hand, a dead battery's reset), and the
 * server refuses a punch more than two minutes in its future: a punch timed
 * by such a clock would be refused and lost. The time clock therefore reads
 * the device's error off the server's own time in the last answer it got, and
 * times punches and running durations (the phone's timer, the manager's live
 * view) by the server's clock.
 */

/** Errors smaller than this are the network's delay, not a wrong clock: the device's time is used as it is. */
export const CLOCK_TOLERANCE_MS = 30_000;

/**
 * How far the server's clock is ahead of this device's (negative: behind),
 * from a status the server answered at `serverTime` and the device received
 * at `receivedAtMs` (its own clock); 0 within CLOCK_TOLERANCE_MS.
 */
export function clockOffsetMs(serverTime: string | undefined, receivedAtMs: number | null): number {
  if (!serverTime || receivedAtMs === null) return 0;
  const offset = Date.parse(serverTime) - receivedAtMs;
  if (!Number.isFinite(offset) || Math.abs(offset) < CLOCK_TOLERANCE_MS) return 0;
  return offset;
}

/** The server's time now, as this device can tell it. */
export function serverNow(offsetMs: number, deviceNow: number = Date.now()): number {
  return deviceNow + offsetMs;
}
