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
 * computes it, and keeps them (0 when the pay period settings changed since
 * and no longer give that period).
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
    // A period the pay period settings no longer give (they changed since) cannot be rebuilt: it counts 0.
    const totals = new Map(
      sheets.period.start === start
        ? sheets.people.map((person) => [person.user_id, person.sheet.totals.worked_minutes])
        : [],
    );
    for (const userId of people) {
      const minutes = totals.get(userId) ?? 0;
      found.set(`${userId}|${start}`, minutes);
    }
    await sql`
      update timesheet_approvals a set worked_minutes = x.m
      from unnest(${people}::uuid[], ${people.map((id) => found.get(`${id}|${start}`) ?? 0)}::int[]) as x(u, m)
      where a.organization_id = ${organizationId} and a.user_id = x.u and a.period_start = ${start}::date`.execute(tx);
  }
  return rows.map((row) => ({
    user_id: row.user_id,
    period_start: row.period_start,
    period_end: row.period_end,
    worked_minutes: row.worked_minutes ?? found.get(`${row.user_id}|${row.period_start}`) ?? 0,
  }));
}
