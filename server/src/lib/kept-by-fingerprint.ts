/**
 * Values kept between requests while a fingerprint of the rows they were
 * read from stays the same (the schedule's week and people, the time clock's
 * periods). The fingerprint
 * is read in the request's own transaction, so a hit is exactly what reading
 * again would give, whatever wrote the rows and through whichever server
 * instance: nothing needs invalidating. Each instance keeps what fits its
 * budget (in the unit `sizeOf` gives: bytes, rows), the least recently used
 * going first; a value larger than `largestShare` of the budget is not kept.
 */
export class KeptByFingerprint<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T; size: number }>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: T) => number,
    private readonly largestShare = 1 / 4,
  ) {}

  /** The value kept under `key` if its fingerprint is still `fingerprint`. */
  get(key: string, fingerprint: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.fingerprint !== fingerprint) {
      // Out of date for good: its rows changed.
      this.forget(key);
      return undefined;
    }
    // Most recently used goes last (first out is the oldest).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value kept under `key` whatever its fingerprint (to bring it up to date from what changed). */
  latest(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  /** How many values are kept. */
  get count(): number {
    return this.entries.size;
  }

  set(key: string, fingerprint: string, value: T): void {
    this.forget(key);
    const size = this.sizeOf(value);
    if (size > this.budget * this.largestShare) return;
    this.entries.set(key, { fingerprint, value, size });
    this.used += size;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= old.size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.used -= old.size;
  }
}
