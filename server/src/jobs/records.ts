import type { Tx } from "../lib/db/tenancy.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row id at all (anything else is simply not found). */
export const isUuid = (value: string) => UUID.test(value);

/** A search term for ILIKE, its own % _ and \ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Who makes a change, in which organization. */
export interface Author {
  organizationId: string;
  userId: string;
}

/** One audit-log entry, written in the change's own transaction. */
export async function recordAudit(
  tx: Tx,
  actor: Author,
  action: string,
  targetType: string,
  targetId: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx
    .insertInto("audit_log")
    .values({
      organization_id: actor.organizationId,
      actor_user_id: actor.userId,
      action,
      target_type: targetType,
      target_id: targetId,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    })
    .execute();
}
