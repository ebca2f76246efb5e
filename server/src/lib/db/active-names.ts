import { sql } from "kysely";
import type { Tx } from "./tenancy.ts";

/** Tables whose names are unique, ignoring case, among their active rows (a partial unique index agrees). */
type NamedTable = "jobs" | "job_schedulers";

/** Whether another active (not archived) row of the table already has this name, ignoring case. */
export async function activeNameTaken(tx: Tx, table: NamedTable, name: string, exceptId?: string): Promise<boolean> {
  let query = tx
    .selectFrom(table)
    .select("id")
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .where("is_archived", "=", false);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
