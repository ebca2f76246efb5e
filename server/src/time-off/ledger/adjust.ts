import type { LedgerAdjust, LedgerResponse } from "@workshift/contracts";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound } from "../../lib/http/errors.ts";
import { loadLeaveType } from "../setup/leave-types.ts";
import { readLedger } from "./ledger-read.ts";
import { recomputeLedgers } from "./recompute.ts";

/**
 * A manager's change to a member's balance, with the reason: an entry kept
 * as written (recomputes never touch it); the person's balance of that type
 * is recomputed (caps and expiries count it). Audited.
 */
export async function adjustBalance(tx: Tx, actor: Actor, input: LedgerAdjust): Promise<LedgerResponse> {
  const organizationId = actor.organizationId;
  const member = await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", input.user_id)
    .executeTakeFirst();
  if (!member) throw notFound("No such person");
  await loadLeaveType(tx, organizationId, input.leave_type_id);
  const row = await tx
    .insertInto("leave_ledger")
    .values({
      organization_id: organizationId,
      user_id: input.user_id,
      leave_type_id: input.leave_type_id,
      kind: "adjustment",
      minutes: input.minutes,
      effective_on: input.effective_on,
      reason: input.reason,
      created_by: actor.userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recomputeLedgers(tx, organizationId, { userIds: [input.user_id], leaveTypeIds: [input.leave_type_id] });
  await recordAudit(tx, actor, {
    action: "leave.adjust",
    targetType: "leave_ledger",
    targetId: row.id,
    after: {
      user_id: input.user_id,
      leave_type_id: input.leave_type_id,
      minutes: input.minutes,
      effective_on: input.effective_on,
    },
    reason: input.reason,
  });
  return readLedger(tx, organizationId, input.user_id, input.leave_type_id);
}
