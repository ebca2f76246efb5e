import type { LeaveAssign } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudits } from "../../lib/db/audit.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound, refuse } from "../../lib/http/errors.ts";
import { recomputeLedgers } from "../ledger/recompute.ts";
import { loadLeaveType } from "../setup/leave-types.ts";
import { loadPolicy } from "./policies.ts";

/**
 * Puts people on a policy of a type (replacing the policy they were on for
 * it), or takes them off it (policy null), and recomputes their balances of
 * that type. Every person must be a member here, else 404 and nothing is
 * written; a policy of another type or an archived one is refused (422).
 * One audit row per person.
 */
export async function assignPolicy(tx: Tx, actor: Actor, input: LeaveAssign): Promise<number> {
  const organizationId = actor.organizationId;
  await loadLeaveType(tx, organizationId, input.leave_type_id);
  if (input.policy_id !== null) {
    const policy = await loadPolicy(tx, organizationId, input.policy_id);
    if (policy.leave_type_id !== input.leave_type_id || policy.archived) {
      throw refuse("time_off_type_archived", "This policy is archived or of another leave type", {
        policy_id: "timeOff.policyNotForType",
      });
    }
  }
  const userIds = [...new Set(input.user_ids)];
  const members = await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
    .execute();
  if (members.length !== userIds.length) throw notFound("Someone named is not a member here");

  const before = await tx
    .selectFrom("leave_assignments")
    .select(["user_id", "policy_id"])
    .where("organization_id", "=", organizationId)
    .where("leave_type_id", "=", input.leave_type_id)
    .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
    .execute();
  const previous = new Map(before.map((row) => [row.user_id, row.policy_id]));
  if (input.policy_id === null) {
    await tx
      .deleteFrom("leave_assignments")
      .where("organization_id", "=", organizationId)
      .where("leave_type_id", "=", input.leave_type_id)
      .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
      .execute();
  } else {
    await sql`
      insert into leave_assignments (organization_id, user_id, leave_type_id, policy_id)
      select ${organizationId}::uuid, u, ${input.leave_type_id}::uuid, ${input.policy_id}::uuid
      from unnest(${userIds}::uuid[]) as x(u)
      on conflict (organization_id, user_id, leave_type_id)
      do update set policy_id = excluded.policy_id, assigned_at = now()`.execute(tx);
  }
  await recomputeLedgers(tx, organizationId, { userIds, leaveTypeIds: [input.leave_type_id] });
  await recordAudits(
    tx,
    actor,
    userIds
      .filter((id) => (previous.get(id) ?? null) !== input.policy_id)
      .map((id) => ({
        action: "leaveAssignment.set",
        targetType: "leave_assignment",
        targetId: `${id}:${input.leave_type_id}`,
        before: { policy_id: previous.get(id) ?? null },
        after: { policy_id: input.policy_id },
      })),
  );
  return userIds.length;
}
