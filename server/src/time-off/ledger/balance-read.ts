import { type LeaveAccrual, todayIn } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";
import { ensureLeaveTypes } from "../setup/default-types.ts";
import { recomputeLedgers } from "./recompute.ts";

/** A person's balance for one leave type, as the API shows it (without the type itself). */
export interface BalanceFigures {
  balance_minutes: number;
  /** Time off of this type asked for and still waiting (its days' minutes). */
  pending_minutes: number;
  /** The policy's; 0 without one. */
  negative_allowance_minutes: number;
  /** The person's usual day: theirs, else the organization's. */
  day_minutes: number;
  policy: { id: string; name: string; accrual: LeaveAccrual } | null;
}

/**
 * The balances of these people (members of the organization; others are left
 * out), per leave type (every type of the organization, archived ones too:
 * the caller keeps what it shows). Balances computed before today (in the
 * organization's zone) are recomputed first, since accruals happen with time;
 * an organization without any leave type gets the default ones first.
 */
export async function readBalances(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, Map<string, BalanceFigures>>> {
  const result = new Map<string, Map<string, BalanceFigures>>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return result;
  await ensureLeaveTypes(tx, organizationId);
  const settings = await tx
    .selectFrom("organization_settings")
    .select(["time_zone", "time_off_day_minutes"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  const today = todayIn(settings?.time_zone ?? "UTC");
  const orgDay = settings?.time_off_day_minutes ?? 480;

  const stale = await sql<{ user_id: string }>`
    select distinct m.user_id
    from memberships m
    cross join leave_types t
    left join leave_balances b
      on b.organization_id = m.organization_id and b.user_id = m.user_id and b.leave_type_id = t.id
    where m.organization_id = ${organizationId} and t.organization_id = ${organizationId}
      and m.user_id = any(${ids}::uuid[])
      and (b.computed_on is null or b.computed_on < ${today}::date)`.execute(tx);
  if (stale.rows.length > 0) {
    await recomputeLedgers(tx, organizationId, { userIds: stale.rows.map((row) => row.user_id) }, today);
  }

  const people = await tx
    .selectFrom("memberships")
    .select(["user_id", "day_minutes"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${ids}::uuid[])`)
    .execute();
  const types = await tx.selectFrom("leave_types").select("id").where("organization_id", "=", organizationId).execute();
  const balances = await tx
    .selectFrom("leave_balances")
    .select(["user_id", "leave_type_id", "balance_minutes"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${ids}::uuid[])`)
    .execute();
  const policies = await tx
    .selectFrom("leave_assignments as a")
    .innerJoin("leave_policies as p", (join) =>
      join.onRef("p.organization_id", "=", "a.organization_id").onRef("p.id", "=", "a.policy_id"),
    )
    .select(["a.user_id", "a.leave_type_id", "p.id", "p.name", "p.accrual", "p.negative_allowance_minutes"])
    .where("a.organization_id", "=", organizationId)
    .where(sql<boolean>`a.user_id = any(${ids}::uuid[])`)
    .execute();
  const pending = await tx
    .selectFrom("time_off_days as d")
    .innerJoin("requests as r", (join) =>
      join.onRef("r.organization_id", "=", "d.organization_id").onRef("r.id", "=", "d.request_id"),
    )
    .select(["d.user_id", "r.leave_type_id", sql<number>`sum(d.minutes)::int`.as("minutes")])
    .where("d.organization_id", "=", organizationId)
    .where(sql<boolean>`d.user_id = any(${ids}::uuid[])`)
    .where("r.kind", "=", "time_off")
    .where("r.status", "=", "pending")
    .groupBy(["d.user_id", "r.leave_type_id"])
    .execute();

  const k = (userId: string, typeId: string | null) => `${userId}|${typeId ?? ""}`;
  const balanceOf = new Map(balances.map((row) => [k(row.user_id, row.leave_type_id), row.balance_minutes]));
  const policyOf = new Map(policies.map((row) => [k(row.user_id, row.leave_type_id), row]));
  const pendingOf = new Map(pending.map((row) => [k(row.user_id, row.leave_type_id), Number(row.minutes)]));
  for (const person of people) {
    const perType = new Map<string, BalanceFigures>();
    for (const type of types) {
      const key = k(person.user_id, type.id);
      const policy = policyOf.get(key);
      perType.set(type.id, {
        balance_minutes: balanceOf.get(key) ?? 0,
        pending_minutes: pendingOf.get(key) ?? 0,
        negative_allowance_minutes: policy?.negative_allowance_minutes ?? 0,
        day_minutes: person.day_minutes ?? orgDay,
        policy: policy ? { id: policy.id, name: policy.name, accrual: policy.accrual as LeaveAccrual } : null,
      });
    }
    result.set(person.user_id, perType);
  }
  return result;
}
