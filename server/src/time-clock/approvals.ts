import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The approved pay period of a person holding `date` (YYYY-MM-DD), if any: its entries are locked. */
export async function approvedPeriodHolding(
  tx: Tx,
  organizationId: string,
  userId: string,
  date: string,
): Promise<{ period_start: string; period_end: string } | undefined> {
  return tx
    .selectFrom("timesheet_approvals")
    .select([sql<string>`period_start::text`.as("period_start"), sql<string>`period_end::text`.as("period_end")])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("period_start", "<=", date)
    .where("period_end", ">=", date)
    .executeTakeFirst();
}
