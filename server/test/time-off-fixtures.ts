import { randomUUID } from "node:crypto";
import { addDays, datesBetween, dayStartOf, instantAt } from "@workshift/contracts";
import { sql } from "kysely";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import { memberOf, platformAdminIn, type SignedUp, signUp } from "./auth.ts";
import { testDatabase } from "./database.ts";
import { accountIn } from "./people.ts";
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

// Time off made straight in the database (the board's and timesheets' tests).

/**
 * Time off made straight in the database, as the asking and deciding routes
 * store it: a leave type, a request of kind time_off (its status on the
 * request only) and one time_off_days row per day. People by person or
 * account id.
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

/** A leave type of the organization (paid unless said). */
export async function leaveTypeIn(
  organizationId: string,
  options: { name?: string; color?: string; paid?: boolean; archived?: boolean } = {},
): Promise<string> {
  const row = await inOrg(organizationId, (tx) =>
    tx
      .insertInto("leave_types")
      .values({
        organization_id: organizationId,
        name: options.name ?? `Leave ${randomUUID().slice(0, 8)}`,
        color: options.color ?? "#2b8a3e",
        paid: options.paid ?? true,
        archived_at: options.archived ? new Date() : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export type TimeOffStatus = "pending" | "approved" | "declined" | "cancelled";

export interface TimeOffOptions {
  leaveType: string;
  /** First and last day (YYYY-MM-DD, inclusive) in `zone`. */
  from: string;
  to?: string;
  /** A part of the one day, wall clock in `zone` ("HH:MM"). */
  part?: { start: string; end: string };
  /** The person's zone (Europe/Paris unless said). */
  zone?: string;
  status?: TimeOffStatus;
  /** Minutes each day counts (480 for a whole day, the part's length for a part, unless said). */
  minutes?: number;
  note?: string | null;
}

/**
 * A time-off request of the person with its days: whole days cover the day
 * in the zone (midnight to midnight), a part covers its wall-clock times.
 * Answers the request's id.
 */
export async function timeOffIn(organizationId: string, userId: string, options: TimeOffOptions): Promise<string> {
  const zone = options.zone ?? "Europe/Paris";
  const to = options.to ?? options.from;
  const status = options.status ?? "approved";
  const days = datesBetween(options.from, to).map((day) => {
    const startsAt = options.part ? instantAt(day, options.part.start, zone) : dayStartOf(day, zone);
    const endsAt = options.part ? instantAt(day, options.part.end, zone) : dayStartOf(addDays(day, 1), zone);
    const length = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);
    return { day, starts_at: startsAt, ends_at: endsAt, minutes: options.minutes ?? (options.part ? length : 480) };
  });
  const total = days.reduce((sum, day) => sum + day.minutes, 0);
  return inOrg(organizationId, async (tx) => {
    const account = await accountIn(tx, organizationId, userId);
    const decided = status === "approved" || status === "declined" || status === "cancelled";
    const request = await tx
      .insertInto("requests")
      .values({
        organization_id: organizationId,
        kind: "time_off",
        status,
        author_id: account,
        leave_type_id: options.leaveType,
        day: options.from,
        ends_on: to,
        note: options.note ?? null,
        details: JSON.stringify({
          from: options.from,
          to,
          part: options.part ?? null,
          minutes: total,
          days: days.map((day) => ({ day: day.day, minutes: day.minutes })),
          time_zone: zone,
          shifts_action: null,
        }),
        decided_at: decided ? new Date() : null,
        decision_reason: status === "declined" ? "No" : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("time_off_days")
      .values(
        days.map((day) => ({
          organization_id: organizationId,
          request_id: request.id,
          user_id: account,
          day: day.day,
          minutes: day.minutes,
          starts_at: day.starts_at,
          ends_at: day.ends_at,
        })),
      )
      .execute();
    return request.id;
  });
}

/** The organization's answer to scheduling someone on approved leave. */
export async function setLeaveSchedulingPolicy(organizationId: string, policy: "warn" | "refuse") {
  await inOrg(organizationId, (tx) =>
    tx
      .updateTable("organization_settings")
      .set({ leave_scheduling_policy: policy })
      .where("organization_id", "=", organizationId)
      .execute(),
  );
}
