import { addDays, instantAt, todayIn, weekdayOf } from "@workshift/contracts";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import type { SignedUp } from "./auth.ts";
import { boardMembers } from "./board-fixtures.ts";
import { testDatabase } from "./database.ts";
import { publishedShift, requestTeam, type Team } from "./request-fixtures.ts";
import type { TestServer } from "./server.ts";

/**
 * Time off's fixtures: the requests' team (a Paris board the employees are
 * members of), leave types Vacation (paid) and Unpaid, a policy on Vacation
 * allowing a day below zero, and a balance granted by an adjustment.
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

export interface LeaveTeam extends Team {
  vacation: string;
  unpaid: string;
  policy: string;
}

export const ZONE = "Europe/Paris";

/** The first working day (Monday to Friday, Paris) at least `days` days from today. */
export function workday(days = 7): string {
  let day = addDays(todayIn(ZONE), days);
  while ([0, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

/** The first Monday at least `days` days from today (Paris). */
export function mondayAfter(days = 7): string {
  let day = addDays(todayIn(ZONE), days);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  return day;
}

/** The instant of a wall-clock time on a date in Paris. */
export const parisAt = (day: string, time: string) => instantAt(day, time, ZONE);

export async function leaveTypeIn(org: string, name: string, paid: boolean, archived = false): Promise<string> {
  const row = await inOrg(org, (tx) =>
    tx
      .insertInto("leave_types")
      .values({ organization_id: org, name, color: "#2f9e44", paid, ...(archived ? { archived_at: new Date() } : {}) })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** A balance change by adjustment (a manager's, with a reason). */
export async function grant(team: Pick<Team, "org" | "owner">, person: SignedUp, type: string, minutes: number) {
  await inOrg(team.org, (tx) =>
    tx
      .insertInto("leave_ledger")
      .values({
        organization_id: team.org,
        user_id: person.user.id,
        leave_type_id: type,
        kind: "adjustment",
        minutes,
        effective_on: todayIn(ZONE),
        reason: "Opening balance",
        created_by: team.owner.user.id,
      })
      .execute(),
  );
}

/** The team, its leave types and policy; Amal, Bilal and Carla on Vacation with 5 days (2400 minutes). */
export async function leaveTeam(server: TestServer): Promise<LeaveTeam> {
  const team = await requestTeam(server);
  await boardMembers(team.org, team.board, [team.amal.user.id, team.bilal.user.id, team.carla.user.id]);
  const vacation = await leaveTypeIn(team.org, "Vacation", true);
  const unpaid = await leaveTypeIn(team.org, "Unpaid", false);
  const policy = await inOrg(team.org, async (tx) => {
    const row = await tx
      .insertInto("leave_policies")
      .values({
        organization_id: team.org,
        leave_type_id: vacation,
        name: "Standard",
        accrual: "none",
        negative_allowance_minutes: 480,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("leave_assignments")
      .values(
        [team.amal, team.bilal, team.carla].map((person) => ({
          organization_id: team.org,
          user_id: person.user.id,
          leave_type_id: vacation,
          policy_id: row.id,
        })),
      )
      .execute();
    return row.id;
  });
  for (const person of [team.amal, team.bilal, team.carla]) await grant(team, person, vacation, 2400);
  return { ...team, vacation, unpaid, policy };
}

export async function timeOffSettings(
  org: string,
  values: { weekend_days?: number[]; blocked_dates_policy?: string; time_off_day_minutes?: number },
) {
  await inOrg(org, (tx) =>
    tx.updateTable("organization_settings").set(values).where("organization_id", "=", org).execute(),
  );
}

export async function holidayIn(org: string, day: string, name: string) {
  await inOrg(org, (tx) => tx.insertInto("holidays").values({ organization_id: org, day, name }).execute());
}

export async function blockIn(org: string, from: string, to: string, reason: string, board: string | null = null) {
  await inOrg(org, (tx) =>
    tx
      .insertInto("time_off_blocks")
      .values({ organization_id: org, board_id: board, starts_on: from, ends_on: to, reason })
      .execute(),
  );
}

export async function jobLimit(org: string, job: string, maxOff: number) {
  await inOrg(org, (tx) =>
    tx.insertInto("time_off_job_limits").values({ organization_id: org, job_id: job, max_off: maxOff }).execute(),
  );
}

/** A published Kitchen shift of `person` on a day, 09:00–17:00 Paris. */
export function shiftOn(team: LeaveTeam, person: SignedUp | null, day: string, hours = 8) {
  return publishedShift(team, person, parisAt(day, "09:00"), hours);
}

/** Everything asking or deciding time off may write, in one comparable value. */
export async function leaveFootprint(org: string) {
  return inOrg(org, async (tx) => ({
    requests: await tx.selectFrom("requests").selectAll().orderBy("id").execute(),
    days: await tx.selectFrom("time_off_days").selectAll().orderBy("request_id").orderBy("day").execute(),
    ledger: await tx.selectFrom("leave_ledger").selectAll().orderBy("id").execute(),
    shifts: await tx.selectFrom("shifts").selectAll().orderBy("id").execute(),
    audit: (await tx.selectFrom("audit_log").select("id").where("organization_id", "=", org).execute()).length,
    outbox: (await tx.selectFrom("outbox_messages").select("seq").execute()).length,
  }));
}

export async function timeOffDaysOf(org: string, requestId: string) {
  return inOrg(org, (tx) =>
    tx.selectFrom("time_off_days").selectAll().where("request_id", "=", requestId).orderBy("day").execute(),
  );
}

/** The sum of a person's ledger for a type. */
export async function ledgerSum(org: string, person: SignedUp, type: string): Promise<number> {
  const rows = await inOrg(org, (tx) =>
    tx
      .selectFrom("leave_ledger")
      .select("minutes")
      .where("user_id", "=", person.user.id)
      .where("leave_type_id", "=", type)
      .execute(),
  );
  return rows.reduce((sum, row) => sum + Number(row.minutes), 0);
}
