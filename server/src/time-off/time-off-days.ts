import {
  addDays,
  dayStartOf,
  personTimeZone,
  type TimeOffHours,
  type TimeOffHoursShift,
  timeOffHours,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { publishedAsItIs } from "../requests/published-shifts.ts";

/**
 * What the hours of a person's time off are read from, and the days stored:
 * the person's zone (their boards' when they share one, else the
 * organization's), the organization's weekend days and usual day (theirs
 * when set), holidays, and their published shifts around the days asked.
 */

export interface PersonLeaveContext {
  userId: string;
  timeZone: string;
  organizationZone: string;
  weekendDays: number[];
  dayMinutes: number;
  blockedPolicy: "refuse" | "warn";
  /** The active boards the person is a member of (blocked dates of a board concern its members). */
  boardIds: string[];
}

/** smallint[] as the driver reads it: an array, or PostgreSQL's text form "{0,6}". */
export function weekendDaysOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === "string") {
    return value
      .replace(/[{}]/g, "")
      .split(",")
      .filter((part) => part.trim() !== "")
      .map(Number);
  }
  return [0, 6];
}

export async function personLeaveContext(tx: Tx, organizationId: string, userId: string): Promise<PersonLeaveContext> {
  const [settings, membership, boards] = await Promise.all([
    tx
      .selectFrom("organization_settings")
      .select(["time_zone", "weekend_days", "time_off_day_minutes", "blocked_dates_policy"])
      .where("organization_id", "=", organizationId)
      .executeTakeFirst(),
    tx
      .selectFrom("memberships")
      .select(["day_minutes"])
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    tx
      .selectFrom("job_scheduler_members as m")
      .innerJoin("job_schedulers as b", (join) =>
        join.onRef("b.organization_id", "=", "m.organization_id").onRef("b.id", "=", "m.job_scheduler_id"),
      )
      .select(["b.id", "b.time_zone"])
      .where("m.organization_id", "=", organizationId)
      .where("m.user_id", "=", userId)
      .where("b.is_archived", "=", false)
      .execute(),
  ]);
  const organizationZone = settings?.time_zone ?? "UTC";
  return {
    userId,
    timeZone: personTimeZone(
      boards.map((board) => board.time_zone),
      organizationZone,
    ),
    organizationZone,
    weekendDays: weekendDaysOf(settings?.weekend_days),
    dayMinutes: Number(membership?.day_minutes ?? settings?.time_off_day_minutes ?? 480),
    blockedPolicy: settings?.blocked_dates_policy === "warn" ? "warn" : "refuse",
    boardIds: boards.map((board) => board.id),
  };
}

export interface PublishedLeaveShift extends TimeOffHoursShift {
  id: string;
  board_id: string;
  board_name: string;
  job_id: string | null;
  job_name: string | null;
  job_color: string | null;
  version: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The person's shifts published as they are that start from a day before
 * `from` to a day after `to` (a board's day can start a day apart from the
 * person's), on active boards.
 */
export async function personPublishedShifts(
  tx: Tx,
  organizationId: string,
  userId: string,
  from: string,
  to: string,
): Promise<PublishedLeaveShift[]> {
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .leftJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
    )
    .select([
      "s.id",
      "s.job_scheduler_id as board_id",
      "b.name as board_name",
      "b.time_zone",
      "s.job_id",
      "j.name as job_name",
      "j.color as job_color",
      "s.starts_at",
      "s.ends_at",
      "s.break_minutes",
      "s.version",
    ])
    .where("s.organization_id", "=", organizationId)
    .where("s.user_id", "=", userId)
    .where("b.is_archived", "=", false)
    .where(publishedAsItIs)
    .where("s.starts_at", ">=", new Date(dayStartOf(addDays(from, -1), "UTC")))
    .where("s.starts_at", "<", new Date(dayStartOf(addDays(to, 2), "UTC")))
    .orderBy("s.starts_at")
    .execute();
  return rows.map((row) => ({
    ...row,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    break_minutes: Number(row.break_minutes),
    version: Number(row.version),
  }));
}

export async function holidaysBetween(
  tx: Tx,
  organizationId: string,
  from: string,
  to: string,
): Promise<{ day: string; name: string }[]> {
  return tx
    .selectFrom("holidays")
    .select([sql<string>`day::text`.as("day"), "name"])
    .where("organization_id", "=", organizationId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();
}

export interface LeaveAsk {
  from: string;
  to: string;
  part: { start: string; end: string } | null;
}

/** The hours of an ask for this person, with the published shifts they were read from. */
export async function hoursOfAsk(
  tx: Tx,
  organizationId: string,
  person: PersonLeaveContext,
  ask: LeaveAsk,
): Promise<TimeOffHours & { shifts: PublishedLeaveShift[] }> {
  const [shifts, holidays] = await Promise.all([
    personPublishedShifts(tx, organizationId, person.userId, ask.from, ask.to),
    holidaysBetween(tx, organizationId, ask.from, ask.to),
  ]);
  const hours = timeOffHours({
    ...ask,
    timeZone: person.timeZone,
    shifts,
    weekendDays: person.weekendDays,
    holidays,
    dayMinutes: person.dayMinutes,
  });
  return { ...hours, shifts };
}

/** Whether a shift shares a moment with one of the days' instants. */
export function overlapsDays(
  shift: { starts_at: string; ends_at: string },
  days: readonly { starts_at: string; ends_at: string }[],
): boolean {
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  return days.some((day) => start < Date.parse(day.ends_at) && Date.parse(day.starts_at) < end);
}

/** Stores the days of a request (one row each). */
export async function insertTimeOffDays(
  tx: Tx,
  organizationId: string,
  requestId: string,
  userId: string,
  days: TimeOffHours["days"],
): Promise<void> {
  if (days.length === 0) return;
  await tx
    .insertInto("time_off_days")
    .values(
      days.map((day) => ({
        organization_id: organizationId,
        request_id: requestId,
        user_id: userId,
        day: day.day,
        minutes: day.minutes,
        starts_at: day.starts_at,
        ends_at: day.ends_at,
      })),
    )
    .execute();
}
