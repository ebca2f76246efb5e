import { sql } from "kysely";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import { memberOf, platformAdminIn, type SignedUp, signUp } from "./auth.ts";
import { testDatabase } from "./database.ts";
import { call } from "./request-fixtures.ts";
import type { TestServer } from "./server.ts";

/** An owner, a supervisor who approves time off, one who does not, an employee and the platform admin. */
export interface TimeOffTeam {
  owner: SignedUp;
  approver: SignedUp;
  supervisor: SignedUp;
  employee: SignedUp;
  admin: SignedUp;
  org: string;
}

export async function timeOffTeam(server: TestServer): Promise<TimeOffTeam> {
  const owner = await signUp(server);
  const org = owner.organizationId;
  return {
    owner,
    org,
    approver: await memberOf(server, org, "SUPERVISOR", ["approve_time_off"]),
    supervisor: await memberOf(server, org, "SUPERVISOR", ["manage_scheduler", "manage_timesheet"]),
    employee: await memberOf(server, org, "EMPLOYEE"),
    admin: await platformAdminIn(server, org),
  };
}

/** The organization's leave types as the setup answers them (made the first time). */
export async function leaveTypes(server: TestServer, owner: SignedUp) {
  const setup = await call(server, owner, "GET", "/api/time-off/setup");
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}: ${setup.text}`);
  return setup.json<{ leave_types: { id: string; name: string; archived: boolean }[] }>().leave_types;
}

/** A policy made through the API (a yearly 80 h grant unless told otherwise). */
export async function makePolicy(
  server: TestServer,
  owner: SignedUp,
  leaveTypeId: string,
  more: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const response = await call(server, owner, "POST", "/api/time-off/policies", {
    leave_type_id: leaveTypeId,
    name: `Policy ${Math.random().toString(36).slice(2, 8)}`,
    accrual: "yearly",
    amount_minutes: 4800,
    per_worked_minutes: null,
    reset_month: 1,
    reset_day: 1,
    prorate: false,
    max_balance_minutes: null,
    carryover_max_minutes: null,
    waiting_days: 0,
    negative_allowance_minutes: 0,
    ...more,
  });
  if (response.status !== 201) throw new Error(`policy answered ${response.status}: ${response.text}`);
  return response.json<{ policy: { id: string } }>().policy;
}

/** Time off of a person (an account), as deciding writes it: the request and its days. */
export async function leaveRequest(
  org: string,
  userId: string,
  leaveTypeId: string,
  days: { day: string; minutes: number }[],
  status: "pending" | "approved" | "cancelled" = "approved",
): Promise<string> {
  const { db } = await testDatabase();
  return withOrganization(db, org, async (tx) => {
    const first = days[0]?.day ?? "2026-01-01";
    const last = days.at(-1)?.day ?? first;
    const row = await tx
      .insertInto("requests")
      .values({
        organization_id: org,
        kind: "time_off",
        status,
        author_id: userId,
        shift_id: null,
        other_shift_id: null,
        to_user_id: null,
        taker_id: null,
        accepted_at: null,
        entry_id: null,
        board_id: null,
        job_id: null,
        day: first,
        ends_on: last,
        leave_type_id: leaveTypeId,
        details: JSON.stringify({}),
        note: null,
        decided_by: status === "pending" ? null : userId,
        decided_at: status === "pending" ? null : new Date(),
        decision_reason: null,
        refusal_reason: null,
        closed_code: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("time_off_days")
      .values(
        days.map((day) => ({
          organization_id: org,
          request_id: row.id,
          user_id: userId,
          day: day.day,
          minutes: day.minutes,
          starts_at: `${day.day}T00:00:00Z`,
          ends_at: `${day.day}T23:59:00Z`,
        })),
      )
      .execute();
    return row.id;
  });
}

/** A finished, reviewed time entry of a person (an account). */
export async function workedEntry(org: string, userId: string, clockIn: string, clockOut: string): Promise<void> {
  const { db } = await testDatabase();
  await withOrganization(db, org, (tx) =>
    tx
      .insertInto("time_entries")
      .values({
        organization_id: org,
        user_id: userId,
        clock_in_at: clockIn,
        clock_out_at: clockOut,
        source: "manager",
        reviewed_at: new Date(),
        created_by: userId,
        updated_by: userId,
      })
      .execute(),
  );
}

/** What time off holds in an organization, to show that a refused request wrote nothing. */
export async function timeOffFootprint(org: string) {
  const { db } = await testDatabase();
  return withOrganization(db, org, async (tx) => {
    const count = async (
      table:
        | "leave_types"
        | "leave_policies"
        | "leave_assignments"
        | "leave_ledger"
        | "leave_balances"
        | "holidays"
        | "time_off_blocks"
        | "time_off_job_limits"
        | "audit_log",
    ) =>
      Number(
        (
          await tx
            .selectFrom(table)
            .select(sql<string>`count(*)`.as("n"))
            .where("organization_id", "=", org)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const started = await tx
      .selectFrom("memberships")
      .select([sql<string | null>`started_on::text`.as("started_on"), "day_minutes"])
      .where("organization_id", "=", org)
      .orderBy("user_id")
      .execute();
    return {
      types: await count("leave_types"),
      policies: await count("leave_policies"),
      assignments: await count("leave_assignments"),
      ledger: await count("leave_ledger"),
      balances: await count("leave_balances"),
      holidays: await count("holidays"),
      blocks: await count("time_off_blocks"),
      limits: await count("time_off_job_limits"),
      audit: await count("audit_log"),
      started,
    };
  });
}

/** Sets a column of the organization's settings or the organization itself directly. */
export async function setCountry(org: string, country: string | null): Promise<void> {
  const { db } = await testDatabase();
  await db.updateTable("organizations").set({ country_code: country }).where("id", "=", org).execute();
}
