import type { LeaveAccrual, LeavePolicy, LeavePolicyInput } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import { refusingConstraints } from "../../lib/db/constraint-errors.ts";
import { isUuid } from "../../lib/db/ids.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound, refuse } from "../../lib/http/errors.ts";
import { recomputeLedgers } from "../ledger/recompute.ts";
import { loadLeaveType } from "../setup/leave-types.ts";
import { nameRefusals } from "../setup/names.ts";

const columns = [
  "p.id",
  "p.leave_type_id",
  "p.name",
  "p.accrual",
  "p.amount_minutes",
  "p.per_worked_minutes",
  "p.reset_month",
  "p.reset_day",
  "p.prorate",
  "p.max_balance_minutes",
  "p.carryover_max_minutes",
  "p.waiting_days",
  "p.negative_allowance_minutes",
  "p.archived_at",
] as const;

function policiesQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("leave_policies as p")
    .select(columns)
    .select((eb) =>
      eb
        .selectFrom("leave_assignments as a")
        .select(sql<number>`count(*)::int`.as("people"))
        .whereRef("a.organization_id", "=", "p.organization_id")
        .whereRef("a.policy_id", "=", "p.id")
        .as("people"),
    )
    .where("p.organization_id", "=", organizationId);
}

type Row = Awaited<ReturnType<ReturnType<typeof policiesQuery>["executeTakeFirstOrThrow"]>>;
const toPolicy = ({ archived_at, people, ...row }: Row): LeavePolicy => ({
  ...row,
  accrual: row.accrual as LeaveAccrual,
  archived: archived_at !== null,
  people: Number(people ?? 0),
});

/** The organization's policies (archived ones too), by type and name, each with how many people are on it. */
export async function listPolicies(tx: Tx, organizationId: string): Promise<LeavePolicy[]> {
  const rows = await policiesQuery(tx, organizationId)
    .orderBy("p.leave_type_id")
    .orderBy(sql`lower(p.name)`)
    .orderBy("p.id")
    .execute();
  return rows.map(toPolicy);
}

/** One policy of the organization; 404 for anything else. */
export async function loadPolicy(tx: Tx, organizationId: string, id: string): Promise<LeavePolicy> {
  const row = isUuid(id)
    ? await policiesQuery(tx, organizationId).where("p.id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound("No such policy");
  return toPolicy(row);
}

const perWorkedInvalid = () =>
  refuse("validation_failed", "Only a policy per hours worked has worked minutes, and it must", {
    per_worked_minutes: "timeOff.perWorkedInvalid",
  });

/** A new policy of an active leave type (404 for an unknown type, 422 for an archived one). Audited. */
export async function createPolicy(tx: Tx, actor: Actor, input: LeavePolicyInput): Promise<LeavePolicy> {
  const type = await loadLeaveType(tx, actor.organizationId, input.leave_type_id);
  if (type.archived) {
    throw refuse("time_off_type_archived", "This leave type is archived", { leave_type_id: "timeOff.typeArchived" });
  }
  const inserted = await refusingConstraints(nameRefusals, () =>
    tx
      .insertInto("leave_policies")
      .values({ organization_id: actor.organizationId, ...input })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const policy = await loadPolicy(tx, actor.organizationId, inserted.id);
  await recordAudit(tx, actor, {
    action: "leavePolicy.create",
    targetType: "leave_policy",
    targetId: policy.id,
    after: policy,
  });
  return policy;
}

export type PolicyPatch = Partial<Omit<LeavePolicyInput, "leave_type_id">> & { archived?: boolean | undefined };

/**
 * Changes a policy (archiving keeps it working for the people on it, and
 * takes it out of new assignments); the balances of everyone on it are
 * recomputed in the same transaction. Audited.
 */
export async function updatePolicy(tx: Tx, actor: Actor, id: string, patch: PolicyPatch): Promise<LeavePolicy> {
  const before = await loadPolicy(tx, actor.organizationId, id);
  const { archived, ...fields } = patch;
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const merged = { ...before, ...values };
  if ((merged.accrual === "per_hours") !== (merged.per_worked_minutes != null)) throw perWorkedInvalid();
  const changes = {
    ...values,
    ...(archived !== undefined && archived !== before.archived
      ? { archived_at: archived ? sql<Date>`now()` : null }
      : {}),
  };
  if (Object.keys(changes).length === 0) return before;
  await refusingConstraints(nameRefusals, () =>
    tx
      .updateTable("leave_policies")
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", id)
      .execute(),
  );
  const people = await tx
    .selectFrom("leave_assignments")
    .select("user_id")
    .where("organization_id", "=", actor.organizationId)
    .where("policy_id", "=", id)
    .execute();
  await recomputeLedgers(tx, actor.organizationId, {
    userIds: people.map((row) => row.user_id),
    leaveTypeIds: [before.leave_type_id],
  });
  const after = await loadPolicy(tx, actor.organizationId, id);
  await recordAudit(tx, actor, {
    action: "leavePolicy.update",
    targetType: "leave_policy",
    targetId: id,
    before,
    after,
  });
  return after;
}
