import { randomUUID } from "node:crypto";
import { addDays, datesBetween, dayStartOf, instantAt } from "@workshift/contracts";
import { withOrganization } from "../src/lib/db/tenancy.ts";
import { testDatabase } from "./database.ts";
import { accountIn } from "./people.ts";

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
