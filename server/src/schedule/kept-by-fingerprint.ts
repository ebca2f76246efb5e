/**
 * Values kept between requests while a fingerprint of the rows they were
 * read from stays the same (week-cache.ts, week-people.ts). The fingerprint
 * is read in the request's own transaction, so a hit is exactly what reading
 * again would give, whatever wrote the rows and through whichever server
 * instance: nothing needs invalidating. Each instance keeps what fits its
 * budget, the least recently used going first.
 */
export class KeptByFingerprint<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T; size: number }>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The value kept under `key` if its fingerprint is still `fingerprint`. */
  get(key: string, fingerprint: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    // Most recently used goes last (first out is the oldest).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, fingerprint: string, value: T): void {
    this.forget(key);
    const size = this.sizeOf(value);
    if (size > this.budgetBytes / 4) return;
    this.entries.set(key, { fingerprint, value, size });
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.size;
  }
}
