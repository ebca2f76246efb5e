import {
  type AccrualPolicy,
  type DerivedEntry,
  deriveLedger,
  type LeaveAccrual,
  payPeriodsBetween,
  todayIn,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";
import { clockSettings } from "../../time-clock/settings.ts";
import { fillWorkedMinutes } from "./worked-minutes.ts";

/** Which balances to recompute: these people, for these leave types (all of the organization's when left out). */
export interface LedgerScope {
  userIds: readonly string[];
  leaveTypeIds?: readonly string[];
}

interface PolicyRow extends AccrualPolicy {
  user_id: string;
  leave_type_id: string;
}

const key = (userId: string, typeId: string) => `${userId}|${typeId}`;

/**
 * Rewrites the derived entries (grant, accrual, taken, expiry) of the
 * people and types in scope from their inputs, through the contracts'
 * deriveLedger, then writes their balances (the sum with the kept
 * adjustments) as of `today` (the organization's today by default).
 * Everything that changes an input calls it in its own transaction.
 *
 * Set-based whatever the number of people: a handful of reads for all of
 * them, then one delete (of the entries no longer derived), one insert (of
 * the new ones) and one upsert of the balances. Each person's ledger lock (a
 * transaction-scoped advisory lock, taken in id order) is taken first, so two
 * recomputes of one person run one after the other instead of writing twice.
 */
export async function recomputeLedgers(
  tx: Tx,
  organizationId: string,
  scope: LedgerScope,
  today?: string,
): Promise<void> {
  const userIds = [...new Set(scope.userIds)];
  if (userIds.length === 0) return;
  const settings = await clockSettings(tx, organizationId);
  const day = today ?? todayIn(settings.time_zone);

  const typeQuery = tx.selectFrom("leave_types").select("id").where("organization_id", "=", organizationId);
  const typeIds = (
    scope.leaveTypeIds
      ? await typeQuery.where(sql<boolean>`id = any(${[...scope.leaveTypeIds]}::uuid[])`).execute()
      : await typeQuery.execute()
  ).map((row) => row.id);
  if (typeIds.length === 0) return;

  // Each person's ledger lock, in id order (one statement): two recomputes of one person queue.
  const sorted = [...userIds].sort();
  await sql`select count(pg_advisory_xact_lock(hashtext(${`ledger:${organizationId}:`} || u))) from unnest(${sorted}::text[]) as x(u)`.execute(
    tx,
  );
  const people = await tx
    .selectFrom("memberships")
    .select([
      "user_id",
      sql<string>`coalesce(started_on, (created_at at time zone ${settings.time_zone})::date)::text`.as("started_on"),
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
    .execute();
  if (people.length === 0) return;
  const memberIds = people.map((person) => person.user_id);

  const policies = await tx
    .selectFrom("leave_assignments as a")
    .innerJoin("leave_policies as p", (join) =>
      join.onRef("p.organization_id", "=", "a.organization_id").onRef("p.id", "=", "a.policy_id"),
    )
    .select([
      "a.user_id",
      "a.leave_type_id",
      "p.accrual",
      "p.amount_minutes",
      "p.per_worked_minutes",
      "p.reset_month",
      "p.reset_day",
      "p.prorate",
      "p.max_balance_minutes",
      "p.carryover_max_minutes",
      "p.waiting_days",
    ])
    .where("a.organization_id", "=", organizationId)
    .where(sql<boolean>`a.user_id = any(${memberIds}::uuid[])`)
    .where(sql<boolean>`a.leave_type_id = any(${typeIds}::uuid[])`)
    .execute();
  const policyOf = new Map<string, PolicyRow>(
    policies.map((row) => [key(row.user_id, row.leave_type_id), { ...row, accrual: row.accrual as LeaveAccrual }]),
  );

  const taken = await tx
    .selectFrom("time_off_days as d")
    .innerJoin("requests as r", (join) =>
      join.onRef("r.organization_id", "=", "d.organization_id").onRef("r.id", "=", "d.request_id"),
    )
    .select(["d.user_id", "r.leave_type_id", "d.request_id", sql<string>`d.day::text`.as("day"), "d.minutes"])
    .where("d.organization_id", "=", organizationId)
    .where(sql<boolean>`d.user_id = any(${memberIds}::uuid[])`)
    .where(sql<boolean>`r.leave_type_id = any(${typeIds}::uuid[])`)
    .where("r.kind", "=", "time_off")
    .where("r.status", "=", "approved")
    .execute();

  const adjustments = await tx
    .selectFrom("leave_ledger")
    .select(["user_id", "leave_type_id", sql<string>`effective_on::text`.as("effective_on"), "minutes"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${memberIds}::uuid[])`)
    .where(sql<boolean>`leave_type_id = any(${typeIds}::uuid[])`)
    .where("kind", "=", "adjustment")
    .execute();

  const hourly = [...new Set(policies.filter((row) => row.accrual === "per_hours").map((row) => row.user_id))];
  const worked = hourly.length === 0 ? [] : await fillWorkedMinutes(tx, organizationId, hourly);

  const group = <T>(rows: readonly T[], keyOf: (row: T) => string) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const k = keyOf(row);
      const list = map.get(k);
      if (list) list.push(row);
      else map.set(k, [row]);
    }
    return map;
  };
  const takenOf = group(taken, (row) => key(row.user_id, row.leave_type_id ?? ""));
  const adjustmentsOf = group(adjustments, (row) => key(row.user_id, row.leave_type_id));
  const workedOf = group(worked, (row) => row.user_id);

  // The pay periods since the earliest start, computed once for everyone.
  const earliest = people.reduce((first, person) => (person.started_on < first ? person.started_on : first), day);
  const periods = policies.some((row) => row.accrual === "per_period")
    ? payPeriodsBetween(earliest, day, settings)
    : [];

  const rows: (DerivedEntry & { user_id: string; leave_type_id: string })[] = [];
  const balances: { user_id: string; leave_type_id: string; balance: number }[] = [];
  for (const person of people) {
    for (const typeId of typeIds) {
      const k = key(person.user_id, typeId);
      const kept = adjustmentsOf.get(k) ?? [];
      const entries = deriveLedger({
        policy: policyOf.get(k) ?? null,
        started_on: person.started_on,
        pay_periods: settings,
        periods,
        worked: workedOf.get(person.user_id) ?? [],
        taken: takenOf.get(k) ?? [],
        adjustments: kept,
        today: day,
      });
      let balance = 0;
      for (const entry of entries) {
        balance += entry.minutes;
        rows.push({ ...entry, user_id: person.user_id, leave_type_id: typeId });
      }
      for (const entry of kept) balance += entry.minutes;
      balances.push({ user_id: person.user_id, leave_type_id: typeId, balance });
    }
  }

  // Only what changed is written: the entries already there that are still derived stay (most of them, on
  // a day's recompute), the others go, the new ones come. The same ledger as deleting and rewriting them
  // all, without rewriting tens of thousands of rows (and their foreign key checks) each time.
  // Each stored entry as its signature (built by the database: one short string a row to read).
  const existing = await tx
    .selectFrom("leave_ledger")
    .select([
      "id",
      sql<string>`concat_ws('|', user_id, leave_type_id, kind, minutes, effective_on, coalesce(request_id::text, ''), coalesce(period_start::text, ''))`.as(
        "signature",
      ),
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${memberIds}::uuid[])`)
    .where(sql<boolean>`leave_type_id = any(${typeIds}::uuid[])`)
    .where("kind", "!=", "adjustment")
    .execute();
  const signature = (row: DerivedEntry & { user_id: string; leave_type_id: string }) =>
    `${row.user_id}|${row.leave_type_id}|${row.kind}|${row.minutes}|${row.effective_on}|${row.request_id ?? ""}|${row.period_start ?? ""}`;
  const stored = new Map<string, string[]>();
  for (const row of existing) {
    const ids = stored.get(row.signature);
    if (ids) ids.push(row.id);
    else stored.set(row.signature, [row.id]);
  }
  const added = rows.filter((row) => {
    const ids = stored.get(signature(row));
    return !(ids && ids.pop() !== undefined);
  });
  const gone = [...stored.values()].flat();
  if (gone.length > 0) {
    await tx
      .deleteFrom("leave_ledger")
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${gone}::uuid[])`)
      .execute();
  }
  // One statement however many rows: arrays unnested (a row per value would pass PostgreSQL's parameter limit).
  if (added.length > 0) {
    await sql`
      insert into leave_ledger (organization_id, user_id, leave_type_id, kind, minutes, effective_on, request_id, period_start)
      select ${organizationId}::uuid, u, t, k, m, e, r, p
      from unnest(
        ${added.map((row) => row.user_id)}::uuid[],
        ${added.map((row) => row.leave_type_id)}::uuid[],
        ${added.map((row) => row.kind)}::text[],
        ${added.map((row) => row.minutes)}::int[],
        ${added.map((row) => row.effective_on)}::date[],
        ${added.map((row) => row.request_id)}::uuid[],
        ${added.map((row) => row.period_start)}::date[]
      ) as x(u, t, k, m, e, r, p)`.execute(tx);
  }
  await sql`
    insert into leave_balances (organization_id, user_id, leave_type_id, balance_minutes, computed_on)
    select ${organizationId}::uuid, u, t, b, ${day}::date
    from unnest(
      ${balances.map((row) => row.user_id)}::uuid[],
      ${balances.map((row) => row.leave_type_id)}::uuid[],
      ${balances.map((row) => row.balance)}::int[]
    ) as x(u, t, b)
    on conflict (organization_id, user_id, leave_type_id)
    do update set balance_minutes = excluded.balance_minutes, computed_on = excluded.computed_on`.execute(tx);
}
