import { parseLsn } from "./read-pool-choice.ts";

/**
 * The primary's WAL positions as this process saw them, with when: enough
 * to tell how stale a replica is from the position it has replayed, on this
 * process's clock alone. Kept for twice the allowed lag; older notes are
 * never needed to tell "too late".
 */
export class PrimaryPositions {
  readonly #notes: Array<{ lsn: bigint; at: number }> = [];
  readonly #keepMs: number;

  constructor(maxLagMs: number) {
    this.#keepMs = Math.max(2 * maxLagMs, 1000);
  }

  add(position: string, at: number): void {
    const lsn = parseLsn(position);
    if (lsn === null) return;
    this.#notes.push({ lsn, at });
    while (this.#notes.length > 1 && (this.#notes[0]?.at ?? at) < at - this.#keepMs) this.#notes.shift();
  }

  /**
   * How far behind a replica that has replayed `replayed` is, at `now`: 0 when
   * it holds everything the primary had at the last note; otherwise the age of
   * the newest note it holds; unbounded when it holds none of the notes (it may
   * be any amount behind).
   */
  lagOf(replayed: string, now: number): number {
    const position = parseLsn(replayed);
    const newest = this.#notes.at(-1);
    if (position === null || newest === undefined) return Number.POSITIVE_INFINITY;
    if (position >= newest.lsn) return 0;
    for (let i = this.#notes.length - 1; i >= 0; i--) {
      const note = this.#notes[i];
      if (note && note.lsn <= position) return Math.max(0, now - note.at);
    }
    return Number.POSITIVE_INFINITY;
  }
}
