import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";

/**
 * PLACEHOLDER until the ledger's own reading lands (branch tf-s-ledger): the
 * sum of the ledger, the minutes asked and waiting, and the policy's limits,
 * per person and active leave type.
 */
export interface BalanceRead {
  balance_minutes: number;
  pending_minutes: number;
  negative_allowance_minutes: number;
  day_minutes: number;
  policy: { id: string; name: string; accrual: "none" | "yearly" | "per_period" | "per_hours" } | null;
}

export async function readBalances(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, Map<string, BalanceRead>>> {
  const result = new Map<string, Map<string, BalanceRead>>();
  if (userIds.length === 0) return result;
  const ids = [...new Set(userIds)];
  const rows = await sql<{
    user_id: string;
    leave_type_id: string;
    balance: number;
    pending: number;
    allowance: number | null;
    day_minutes: number;
    policy_id: string | null;
    policy_name: string | null;
    accrual: string | null;
  }>`
    select m.user_id, t.id as leave_type_id,
      coalesce((select sum(l.minutes) from leave_ledger l where l.organization_id = m.organization_id
        and l.user_id = m.user_id and l.leave_type_id = t.id), 0)::int as balance,
      coalesce((select sum(d.minutes) from time_off_days d join requests r on r.organization_id = d.organization_id
        and r.id = d.request_id where d.organization_id = m.organization_id and d.user_id = m.user_id
        and r.leave_type_id = t.id and r.kind = 'time_off' and r.status = 'pending'), 0)::int as pending,
      p.negative_allowance_minutes as allowance,
      coalesce(m.day_minutes, s.time_off_day_minutes, 480)::int as day_minutes,
      p.id as policy_id, p.name as policy_name, p.accrual
    from memberships m
    join leave_types t on t.organization_id = m.organization_id and t.archived_at is null
    left join organization_settings s on s.organization_id = m.organization_id
    left join leave_assignments a on a.organization_id = m.organization_id and a.user_id = m.user_id and a.leave_type_id = t.id
    left join leave_policies p on p.organization_id = a.organization_id and p.id = a.policy_id
    where m.organization_id = ${organizationId} and m.user_id = any(${ids}::uuid[])`.execute(tx);
  for (const row of rows.rows) {
    const mine = result.get(row.user_id) ?? new Map<string, BalanceRead>();
    mine.set(row.leave_type_id, {
      balance_minutes: Number(row.balance),
      pending_minutes: Number(row.pending),
      negative_allowance_minutes: Number(row.allowance ?? 0),
      day_minutes: Number(row.day_minutes),
      policy:
        row.policy_id && row.policy_name && row.accrual
          ? {
              id: row.policy_id,
              name: row.policy_name,
              accrual: row.accrual as NonNullable<BalanceRead["policy"]>["accrual"],
            }
          : null,
    });
    result.set(row.user_id, mine);
  }
  return result;
}
