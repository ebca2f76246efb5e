import type { EntryAudit, EntryBreak, Punch, TimeEntry } from "@workshift/contracts";

/**
 * An entry's history as a manager reads it: for each audit record, which of
 * the entry's fields changed, from what to what (pure, so the history modal
 * only formats); and the raw punches' delays.
 */

export const auditFields = ["clock_in_at", "clock_out_at", "breaks", "job_id", "note", "reviewed"] as const;
export type AuditField = (typeof auditFields)[number];

export interface AuditChange {
  field: AuditField;
  /** undefined: the field was not there (created, or left out of the snapshot). */
  before: unknown;
  after: unknown;
}

type Snapshot = Partial<TimeEntry> | null;

const normalise = (field: AuditField, value: unknown): unknown => {
  if (value === undefined) return undefined;
  if (field === "breaks") {
    const breaks = (value as EntryBreak[] | null) ?? [];
    // Instants written two ways ("…00Z", "…00.000Z") are the same time.
    return breaks.map((item) => ({
      starts_at: new Date(item.starts_at).toISOString(),
      ends_at: item.ends_at === null ? null : new Date(item.ends_at).toISOString(),
    }));
  }
  if ((field === "clock_in_at" || field === "clock_out_at") && typeof value === "string") {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : new Date(ms).toISOString();
  }
  if (field === "note" && typeof value === "string") return value.trim() || null;
  return value;
};

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a record changed: for an update (or a punch), the fields whose value
 * differs between before and after; for a creation, the fields it set; for a
 * deletion, what the entry held when it went. `reviewed` only counts when it
 * turned on or off (never on a creation or deletion).
 */
export function auditChanges(record: Pick<EntryAudit, "action" | "before" | "after">): AuditChange[] {
  const before: Snapshot = record.before;
  const after: Snapshot = record.after;
  const changes: AuditChange[] = [];
  for (const field of auditFields) {
    const was = before ? normalise(field, before[field]) : undefined;
    const now = after ? normalise(field, after[field]) : undefined;
    if (record.action === "created" || !before) {
      if (field !== "reviewed" && !isEmpty(now)) changes.push({ field, before: undefined, after: now });
    } else if (record.action === "deleted" || !after) {
      if (field !== "reviewed" && !isEmpty(was)) changes.push({ field, before: was, after: undefined });
    } else if (!(was === undefined && now === undefined) && !same(was ?? null, now ?? null)) {
      changes.push({ field, before: was, after: now });
    }
  }
  return changes;
}

/** Words for an audited value, given how to write times and jobs (the modal passes its formatters). */
export interface AuditValueWords {
  time(instant: string): string;
  job(id: string): string;
  /** An open break's or entry's missing end. */
  ongoing: string;
  none: string;
  yes: string;
  no: string;
  /** "9:00 – 9:30" for one break. */
  span(from: string, to: string): string;
}

export function auditValueText(field: AuditField, value: unknown, words: AuditValueWords): string {
  if (value === undefined || value === null) {
    return field === "clock_out_at" ? words.ongoing : words.none;
  }
  switch (field) {
    case "clock_in_at":
    case "clock_out_at":
      return typeof value === "string" ? words.time(value) : words.none;
    case "breaks": {
      const breaks = value as EntryBreak[];
      if (breaks.length === 0) return words.none;
      return breaks
        .map((item) => words.span(words.time(item.starts_at), item.ends_at ? words.time(item.ends_at) : words.ongoing))
        .join(", ");
    }
    case "job_id":
      return typeof value === "string" ? words.job(value) : words.none;
    case "note":
      return typeof value === "string" && value.trim() ? value : words.none;
    case "reviewed":
      return value ? words.yes : words.no;
  }
}

/** Minutes between when a punch was made on the device and when the server got it (sent later when offline). */
export function punchDelayMinutes(punch: Pick<Punch, "at" | "received_at">): number {
  const made = Date.parse(punch.at);
  const received = Date.parse(punch.received_at);
  if (Number.isNaN(made) || Number.isNaN(received)) return 0;
  return Math.max(0, Math.round((received - made) / 60_000));
}

/** The audit oldest first, as the server sends it, or newest first for reading. */
export function newestFirst<T extends { at: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
