import type { Tx } from "./tenancy.ts";

/** Who makes a change, in which organization. */
export interface Author {
  organizationId: string;
  userId: string;
}

/** Whom the log names: an author, or no one (the system itself, e.g. the demo seeder). */
export type AuditAuthor = Omit<Author, "userId"> & { userId: string | null };

/** What changed: the action, what it was done to, and the target as it was and as it is. */
export interface AuditEntry {
  /** `<thing>.<verb>`, e.g. "job.created", "people.archive". */
  action: string;
  targetType: string;
  targetId: string;
  /** The target before the change (omitted or null: nothing to show). Stored as JSON. */
  before?: unknown;
  /** The target after the change (omitted or null: nothing to show). Stored as JSON. */
  after?: unknown;
  /** Why, where the change asks for a reason. */
  reason?: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Audit-log entries by one author, written in the change's own transaction (so
 * they exist if and only if the change does), in one insert however many.
 */
export async function recordAudits(tx: Tx, author: AuditAuthor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insertInto("audit_log")
    .values(
      entries.map((entry) => ({
        organization_id: author.organizationId,
        actor_user_id: author.userId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: json(entry.before),
        after: json(entry.after),
        reason: entry.reason ?? null,
      })),
    )
    .execute();
}

/** One audit-log entry, written in the change's own transaction. */
export function recordAudit(tx: Tx, author: AuditAuthor, entry: AuditEntry): Promise<void> {
  return recordAudits(tx, author, [entry]);
}
