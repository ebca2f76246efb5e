import { type ClockStatus, dayOf, isFlaggedEntry, todayIn, weekOf } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { openBreak, toEntry, workedMinutes } from "./records.ts";
import { clockSettings } from "./settings.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Where a person stands on the clock now: clocked out, in, or on a break;
 * their shift going on (or the next one today); the jobs they may clock in
 * to; and their worked minutes today and this week (the organization's days
 * and week, an open entry counted to now).
 */
export async function clockStatus(
  tx: Tx,
  who: { organizationId: string; userId: string },
  now = new Date(),
): Promise<ClockStatus> {
  const settings = await clockSettings(tx, who.organizationId);
  const zone = settings.time_zone;
  const today = dayOf(todayIn(zone, now), zone);
  const week = weekOf(today.date, zone, settings.week_start);

  const entries = await tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", who.organizationId)
    .where("user_id", "=", who.userId)
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("clock_out_at", "is", null), eb("clock_in_at", ">=", new Date(week.startsAt))]))
    .orderBy("clock_in_at")
    .execute();
  const shown = entries.map(toEntry);
  const open = shown.find((entry) => entry.clock_out_at === null) ?? null;
  // A flagged entry (a forgotten clock-out) counts nothing until a manager checks it, as in the timesheets.
  const counted = shown.filter((entry) => !isFlaggedEntry(entry, settings.open_limit_minutes, now.getTime()));
  const sumFrom = (from: string) =>
    counted.filter((entry) => entry.clock_in_at >= from).reduce((total, entry) => total + workedMinutes(entry, now), 0);

  // The shift the open entry went to (an early clock-in may be for one starting after midnight), else
  // the one going on or next today.
  const openShiftId = open?.shift_id ?? null;
  const shift = await tx
    .selectFrom("shifts")
    .select([
      "id",
      "job_scheduler_id as board_id",
      "published_job_id as job_id",
      "published_starts_at as starts_at",
      "published_ends_at as ends_at",
      "published_break_minutes as break_minutes",
    ])
    .where("organization_id", "=", who.organizationId)
    .where("published_user_id", "=", who.userId)
    .where("published_at", "is not", null)
    .where((eb) =>
      eb.or([
        ...(openShiftId ? [eb("id", "=", openShiftId)] : []),
        eb.and([eb("published_ends_at", ">", now), eb("published_starts_at", "<", new Date(today.endsAt))]),
      ]),
    )
    .orderBy(sql`(id = ${openShiftId}) is true`, "desc")
    .orderBy("published_starts_at")
    .limit(1)
    .executeTakeFirst();

  const jobs = await tx
    .selectFrom("membership_jobs as mj")
    .innerJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "mj.organization_id").onRef("j.id", "=", "mj.job_id"),
    )
    .select([
      "j.id",
      "j.name",
      "j.color",
      sql<boolean>`(j.latitude is not null and j.longitude is not null and j.radius_m is not null)`.as("has_site"),
    ])
    .where("mj.organization_id", "=", who.organizationId)
    .where("mj.user_id", "=", who.userId)
    .where("j.is_archived", "=", false)
    .orderBy(sql`lower(j.name)`)
    .execute();

  // The sites a punch of mine may be checked against: my jobs', and my shift's and open entry's jobs (any job).
  const siteJobs = new Map(jobs.filter((job) => job.has_site).map((job) => [job.id, job.name]));
  const others = [shift?.job_id, open?.job_id].filter(
    (id): id is string => typeof id === "string" && !jobs.some((job) => job.id === id),
  );
  if (settings.location_policy !== "off" && others.length > 0) {
    const found = await tx
      .selectFrom("jobs")
      .select(["id", "name"])
      .where("organization_id", "=", who.organizationId)
      .where("id", "in", others)
      .where("latitude", "is not", null)
      .where("longitude", "is not", null)
      .where("radius_m", "is not", null)
      .execute();
    for (const job of found) siteJobs.set(job.id, job.name);
  }
  const sites = settings.location_policy === "off" ? [] : [...siteJobs].map(([job_id, name]) => ({ job_id, name }));

  return {
    state: open === null ? "out" : openBreak(open) ? "break" : "in",
    entry: open,
    shift: shift
      ? {
          id: shift.id,
          board_id: shift.board_id,
          job_id: shift.job_id,
          starts_at: iso(shift.starts_at as Date),
          ends_at: iso(shift.ends_at as Date),
          break_minutes: Number(shift.break_minutes ?? 0),
        }
      : null,
    jobs: jobs.map((job) => ({ id: job.id, name: job.name, color: job.color, has_site: Boolean(job.has_site) })),
    today_minutes: sumFrom(today.startsAt),
    week_minutes: sumFrom(week.startsAt),
    time_zone: zone,
    location_policy: sites.length === 0 ? "off" : settings.location_policy,
    sites,
    server_time: now.toISOString(),
  };
}
