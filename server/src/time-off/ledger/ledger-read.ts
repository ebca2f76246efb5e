import { type LedgerEntry, type LedgerKind, type LedgerResponse, ledgerKindRank } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";
import { readBalances } from "./balance-read.ts";

/**
 * A person's ledger for one type: its entries in date order (on one date:
 * expiry, grant or accrual, adjustment, taken), each with the balance after
 * it; `opening_minutes` is the balance before `from`, the list stops after
 * `to`, and `balance_minutes` is the whole ledger's sum (the balance). A
 * balance computed before today is brought up to date first.
 */
export async function readLedger(
  tx: Tx,
  organizationId: string,
  userId: string,
  leaveTypeId: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<LedgerResponse> {
  await readBalances(tx, organizationId, [userId]);
  const rows = await tx
    .selectFrom("leave_ledger as l")
    .leftJoin("memberships as m", (join) =>
      join.onRef("m.organization_id", "=", "l.organization_id").onRef("m.user_id", "=", "l.created_by"),
    )
    .leftJoin("users as u", "u.id", "l.created_by")
    .select([
      "l.id",
      "l.leave_type_id",
      "l.kind",
      "l.minutes",
      sql<string>`l.effective_on::text`.as("effective_on"),
      "l.request_id",
      sql<string | null>`l.period_start::text`.as("period_start"),
      "l.reason",
      "l.created_by",
      "l.created_at",
      sql<string | null>`coalesce(m.invited_first_name, u.first_name)`.as("first_name"),
      sql<string | null>`coalesce(m.invited_last_name, u.last_name)`.as("last_name"),
    ])
    .where("l.organization_id", "=", organizationId)
    .where("l.user_id", "=", userId)
    .where("l.leave_type_id", "=", leaveTypeId)
    .execute();
  const rank = (kind: string) => ledgerKindRank[kind as LedgerKind] ?? 9;
  rows.sort(
    (a, b) =>
      (a.effective_on < b.effective_on ? -1 : a.effective_on > b.effective_on ? 1 : 0) ||
      rank(a.kind) - rank(b.kind) ||
      a.created_at.getTime() - b.created_at.getTime() ||
      (a.id < b.id ? -1 : 1),
  );
  let opening = 0;
  let running = 0;
  const entries: LedgerEntry[] = [];
  for (const row of rows) {
    running += row.minutes;
    if (range.from !== undefined && row.effective_on < range.from) {
      opening = running;
      continue;
    }
    if (range.to !== undefined && row.effective_on > range.to) continue;
    entries.push({
      id: row.id,
      leave_type_id: row.leave_type_id,
      kind: row.kind as LedgerKind,
      minutes: row.minutes,
      effective_on: row.effective_on,
      request_id: row.request_id,
      period_start: row.period_start,
      reason: row.reason,
      created_by:
        row.created_by === null
          ? null
          : { user_id: row.created_by, first_name: row.first_name ?? "", last_name: row.last_name ?? "" },
      created_at: row.created_at.toISOString(),
      balance_minutes: running,
    });
  }
  return { entries, opening_minutes: opening, balance_minutes: running };
}
