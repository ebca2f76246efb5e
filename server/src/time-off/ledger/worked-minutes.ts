import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";
import { loadTimesheets } from "../../time-clock/timesheets.ts";

export interface WorkedPeriod {
  user_id: string;
  period_start: string;
  period_end: string;
  worked_minutes: number;
}

/**
 * The approved pay periods of these people with the minutes each approved.
 * An approval keeps its worked minutes (written when it is made); one made
 * before it kept them gets them here, from its timesheet as the time clock
 * computes it, and keeps them.
 */
export async function fillWorkedMinutes(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
): Promise<WorkedPeriod[]> {
  const rows = await tx
    .selectFrom("timesheet_approvals")
    .select([
      "user_id",
      sql<string>`period_start::text`.as("period_start"),
      sql<string>`period_end::text`.as("period_end"),
      "worked_minutes",
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...userIds]}::uuid[])`)
    .orderBy("period_start")
    .execute();
  const missing = rows.filter((row) => row.worked_minutes === null);
  const starts = [...new Set(missing.map((row) => row.period_start))];
  const found = new Map<string, number>();
  for (const start of starts) {
    const people = [...new Set(missing.filter((row) => row.period_start === start).map((row) => row.user_id))];
    const sheets = await loadTimesheets(tx, organizationId, "all", start, true, new Date(), people);
    for (const person of sheets.people) {
      if (sheets.period.start !== start) continue;
      const minutes = person.sheet.totals.worked_minutes;
      found.set(`${person.user_id}|${start}`, minutes);
      await tx
        .updateTable("timesheet_approvals")
        .set({ worked_minutes: minutes })
        .where("organization_id", "=", organizationId)
        .where("user_id", "=", person.user_id)
        .where("period_start", "=", start)
        .execute();
    }
  }
  return rows.map((row) => ({
    user_id: row.user_id,
    period_start: row.period_start,
    period_end: row.period_end,
    worked_minutes: row.worked_minutes ?? found.get(`${row.user_id}|${row.period_start}`) ?? 0,
  }));
}
