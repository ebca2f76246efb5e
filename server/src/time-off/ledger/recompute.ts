import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";

/**
 * PLACEHOLDER until the ledger's own recompute lands (branch tf-s-ledger):
 * rewrites only the `taken` entries of these people from their approved time
 * off, so deciding time off can be built and tested against the signature.
 */
export async function recomputeLedgers(
  tx: Tx,
  organizationId: string,
  scope: { userIds: readonly string[]; leaveTypeIds?: readonly string[] },
  _today?: string,
): Promise<void> {
  if (scope.userIds.length === 0) return;
  let remove = tx
    .deleteFrom("leave_ledger")
    .where("organization_id", "=", organizationId)
    .where("kind", "=", "taken")
    .where(sql<boolean>`user_id = any(${[...scope.userIds]}::uuid[])`);
  if (scope.leaveTypeIds) remove = remove.where(sql<boolean>`leave_type_id = any(${[...scope.leaveTypeIds]}::uuid[])`);
  await remove.execute();
  const types = scope.leaveTypeIds ? sql`and r.leave_type_id = any(${[...scope.leaveTypeIds]}::uuid[])` : sql``;
  await sql`
    insert into leave_ledger (organization_id, user_id, leave_type_id, kind, minutes, effective_on, request_id)
    select d.organization_id, d.user_id, r.leave_type_id, 'taken', -d.minutes, d.day, d.request_id
    from time_off_days d join requests r on r.organization_id = d.organization_id and r.id = d.request_id
    where d.organization_id = ${organizationId} and r.status = 'approved' and d.minutes > 0
      and d.user_id = any(${[...scope.userIds]}::uuid[]) ${types}`.execute(tx);
}
