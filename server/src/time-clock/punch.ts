import {
  type ErrorCode,
  PUNCH_FUTURE_SLACK_MS,
  PUNCH_MAX_AGE_MS,
  type Punch,
  type PunchKind,
  type PunchLocation,
  type PunchWarning,
  punchWarningSchema,
} from "@workshift/contracts";
import { sql } from "kysely";
import { z } from "zod";
import type { StoredBreak } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { announceClockChange } from "./announce.ts";
import { approvedPeriodHolding } from "./approvals.ts";
import { refusingEntryOverlap } from "./entries.ts";
import { distanceMeters } from "./geo.ts";
import { type EntryRow, openBreak, storedBreaks, toEntry } from "./records.ts";
import { type ClockSettings, clockSettings } from "./settings.ts";
import { dayOfEntry } from "./work-zones.ts";

/** A punch as the route validated it (contracts' punchRequestSchema, parsed). */
export interface PunchInput {
  id: string;
  kind: PunchKind;
  at: string;
  shift_id?: string | null | undefined;
  job_id?: string | null | undefined;
  location?: PunchLocation | null | undefined;
}

/** Punches received this long after they were made are marked (made offline, sent later). */
const LATE_SYNC_MS = 5 * 60 * 1000;
/** Clocking in without naming a shift goes to one going on, or starting within this long. */
const SHIFT_LOOKAHEAD_MS = 4 * 60 * 60 * 1000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A refused punch: its code (409 when it does not fit where the person
 * stands, 422 when a rule refuses it) and `key`, the message the person is
 * shown, on the field it is about.
 */
const refusePunch = (code: ErrorCode, key: string, message: string, field = "kind") =>
  refuse(code, message, { [field]: key });

const storedWarnings = z.array(punchWarningSchema);

export function toPunch(row: {
  id: string;
  user_id: string;
  kind: string;
  happened_at: Date | string;
  received_at: Date | string;
  time_entry_id: string | null;
  job_id: string | null;
  shift_id: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  warnings: unknown;
}): Punch {
  const warnings = typeof row.warnings === "string" ? JSON.parse(row.warnings) : row.warnings;
  return {
    id: row.id,
    user_id: row.user_id,
    kind: row.kind as PunchKind,
    at: iso(row.happened_at),
    received_at: iso(row.received_at),
    time_entry_id: row.time_entry_id,
    job_id: row.job_id,
    shift_id: row.shift_id,
    location:
      row.latitude === null || row.longitude === null
        ? null
        : {
            latitude: Number(row.latitude),
            longitude: Number(row.longitude),
            accuracy: row.accuracy_m === null ? null : Number(row.accuracy_m),
          },
    warnings: storedWarnings.parse(warnings),
  };
}

interface Who {
  organizationId: string;
  userId: string;
}

/**
 * Records one punch of `who`, made at `input.at` (possibly offline, sent
 * later), in the caller's transaction. The device's id is kept once: the
 * same punch sent again (a retry, a double tap) answers what the first did
 * (`replayed`), and the same id with other content is refused. A punch that
 * does not fit where the person stands (clocking in twice, out without in,
 * ending a break never started, earlier than their last punch), one too far
 * in the future or too old, or one into an approved pay period is refused
 * and nothing is written. The person's punches are taken one at a time (a
 * lock on their membership), so two at once cannot both clock in. The lock is
 * FOR NO KEY UPDATE: the request's own reading of the membership (FOR KEY
 * SHARE) does not conflict with it, so a second punch waits for the first
 * instead of the two deadlocking, while a withdrawal of the person's rights
 * (FOR UPDATE) still waits for both.
 */
export async function recordPunch(
  tx: Tx,
  who: Who,
  input: PunchInput,
  now = new Date(),
): Promise<{ punch: Punch; replayed: boolean }> {
  await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", who.organizationId)
    .where("user_id", "=", who.userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();

  const existing = await tx
    .selectFrom("time_punches")
    .selectAll()
    .where("organization_id", "=", who.organizationId)
    .where("user_id", "=", who.userId)
    .where("id", "=", input.id)
    .executeTakeFirst();
  if (existing) {
    const same = existing.kind === input.kind && iso(existing.happened_at) === input.at;
    if (!same)
      throw refusePunch(
        "time_punch_id_reused",
        "timeClock.punchIdReused",
        "This punch id was already used for another punch",
        "id",
      );
    return { punch: toPunch(existing), replayed: true };
  }

  const at = new Date(input.at);
  if (at.getTime() > now.getTime() + PUNCH_FUTURE_SLACK_MS) {
    throw refusePunch("time_punch_future", "timeClock.future", "A punch cannot be in the future", "at");
  }
  if (at.getTime() < now.getTime() - PUNCH_MAX_AGE_MS) {
    throw refusePunch(
      "time_punch_too_old",
      "timeClock.tooOld",
      "This punch is too old to record; ask your manager to add the time",
      "at",
    );
  }

  const settings = await clockSettings(tx, who.organizationId);
  const open = await tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", who.organizationId)
    .where("user_id", "=", who.userId)
    .where("clock_out_at", "is", null)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();

  const warnings: PunchWarning[] = [];
  if (now.getTime() - at.getTime() > LATE_SYNC_MS) {
    warnings.push({ code: "late_sync", minutes: Math.floor((now.getTime() - at.getTime()) / 60_000) });
  }

  let entryId: string;
  let jobId: string | null = null;
  let shiftId: string | null = null;
  let checkedSite = false;
  if (input.kind === "clock_in") {
    if (open) throw refusePunch("time_punch_already_in", "timeClock.alreadyIn", "You are already clocked in");
    const last = await tx
      .selectFrom("time_entries")
      .select(["clock_out_at"])
      .where("organization_id", "=", who.organizationId)
      .where("user_id", "=", who.userId)
      .where("deleted_at", "is", null)
      .orderBy("clock_in_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last?.clock_out_at && at.getTime() < new Date(last.clock_out_at).getTime()) {
      throw refusePunch(
        "time_punch_out_of_order",
        "timeClock.outOfOrder",
        "This punch is earlier than your last clock-out",
        "at",
      );
    }
    const target = await clockInTarget(tx, who, input, at, settings, warnings);
    jobId = target.jobId;
    shiftId = target.shiftId;
    checkedSite = target.checkedSite;
    await refuseIfApproved(
      tx,
      who,
      await dayOfEntry(tx, who.organizationId, { shift_id: shiftId, job_id: jobId, clock_in_at: at }, settings),
    );
    const inserted = await refusingEntryOverlap(() =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: who.organizationId,
          user_id: who.userId,
          job_id: jobId,
          shift_id: shiftId,
          clock_in_at: at,
          source: "punch",
          created_by: who.userId,
          updated_by: who.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    entryId = inserted.id;
  } else {
    if (!open) throw refusePunch("time_punch_not_in", "timeClock.notIn", "You are not clocked in");
    entryId = open.id;
    jobId = open.job_id;
    shiftId = open.shift_id;
    // Locked by the day the timesheet puts the entry on (its rounded clock-in, in its zone of work).
    await refuseIfApproved(tx, who, await dayOfEntry(tx, who.organizationId, open, settings));
    await refusingEntryOverlap(() => applyToOpenEntry(tx, open, input.kind, at, who.userId));
    if (input.kind === "clock_out") {
      checkedSite = await checkLocation(tx, who, jobId, input.location, settings, warnings, "warn");
    }
  }

  // Where someone stood is kept only when it was checked against a site: otherwise nothing needs it.
  const kept = checkedSite ? (input.location ?? null) : null;
  const punch = await tx
    .insertInto("time_punches")
    .values({
      organization_id: who.organizationId,
      user_id: who.userId,
      id: input.id,
      kind: input.kind,
      happened_at: at,
      received_at: now,
      time_entry_id: entryId,
      job_id: jobId,
      shift_id: shiftId,
      latitude: kept?.latitude ?? null,
      longitude: kept?.longitude ?? null,
      accuracy_m: kept?.accuracy ?? null,
      warnings: JSON.stringify(warnings),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await announceClockChange(tx, who.organizationId, who.userId);
  return { punch: toPunch(punch), replayed: false };
}

/** Breaks and clock-out change the open entry; each must come after what the entry already holds. */
async function applyToOpenEntry(tx: Tx, open: EntryRow, kind: PunchKind, at: Date, actorId: string): Promise<void> {
  const entry = toEntry(open);
  const breaks: StoredBreak[] = storedBreaks(open.breaks).map((item) => ({
    starts_at: iso(item.starts_at),
    ends_at: item.ends_at === null ? null : iso(item.ends_at),
  }));
  const going = openBreak(entry);
  const lastMoment = Math.max(
    Date.parse(entry.clock_in_at),
    ...breaks.map((item) => Date.parse(item.ends_at ?? item.starts_at)),
  );
  const outOfOrder = () =>
    refusePunch("time_punch_out_of_order", "timeClock.outOfOrder", "This punch is earlier than your last one", "at");
  let clockOut: Date | null = null;
  if (kind === "break_start") {
    if (going)
      throw refusePunch("time_punch_already_on_break", "timeClock.alreadyOnBreak", "You are already on a break");
    if (at.getTime() < lastMoment) throw outOfOrder();
    breaks.push({ starts_at: at.toISOString(), ends_at: null });
  } else if (kind === "break_end") {
    if (!going) throw refusePunch("time_punch_not_on_break", "timeClock.notOnBreak", "You are not on a break");
    if (at.getTime() < Date.parse(going.starts_at)) throw outOfOrder();
    breaks[breaks.length - 1] = { starts_at: going.starts_at, ends_at: at.toISOString() };
  } else {
    // Clocking out ends a break going on at the same moment.
    if (at.getTime() <= Date.parse(entry.clock_in_at) || at.getTime() < lastMoment) throw outOfOrder();
    if (going) breaks[breaks.length - 1] = { starts_at: going.starts_at, ends_at: at.toISOString() };
    if (at.getTime() - Date.parse(entry.clock_in_at) > 7 * 24 * 60 * 60 * 1000) {
      throw refusePunch(
        "time_punch_entry_too_long",
        "timeClock.entryTooLong",
        "This entry would last over a week; ask your manager to fix it",
        "at",
      );
    }
    clockOut = at;
  }
  await tx
    .updateTable("time_entries")
    .set({
      breaks: JSON.stringify(breaks),
      ...(clockOut ? { clock_out_at: clockOut } : {}),
      version: sql<number>`version + 1`,
      updated_by: actorId,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", open.organization_id)
    .where("id", "=", open.id)
    .execute();
}

async function refuseIfApproved(tx: Tx, who: Who, date: string): Promise<void> {
  if (await approvedPeriodHolding(tx, who.organizationId, who.userId, date)) {
    throw refusePunch(
      "timesheet_period_approved",
      "timeClock.periodApproved",
      "This pay period is approved; ask your manager to change it",
      "at",
    );
  }
}

/**
 * Which shift and job a clock-in is for: the shift named (one of the
 * person's published shifts), else the one going on or starting soonest
 * within four hours; the job named, else the shift's. Early, off-site and
 * no-shift clock-ins are warned about or refused, as the settings say.
 */
async function clockInTarget(
  tx: Tx,
  who: Who,
  input: PunchInput,
  at: Date,
  settings: ClockSettings,
  warnings: PunchWarning[],
): Promise<{ shiftId: string | null; jobId: string | null; checkedSite: boolean }> {
  const shifts = tx
    .selectFrom("shifts")
    .select(["id", "published_job_id as job_id", "published_starts_at as starts_at", "published_ends_at as ends_at"])
    .where("organization_id", "=", who.organizationId)
    .where("published_user_id", "=", who.userId)
    .where("published_at", "is not", null);
  const shift = input.shift_id
    ? await shifts.where("id", "=", input.shift_id).executeTakeFirst()
    : await shifts
        .where("published_ends_at", ">", at)
        .where("published_starts_at", "<=", new Date(at.getTime() + SHIFT_LOOKAHEAD_MS))
        .orderBy("published_starts_at")
        .limit(1)
        .executeTakeFirst();
  if (input.shift_id && !shift)
    throw refusePunch("time_punch_shift_unknown", "timeClock.unknownShift", "No such shift of yours", "shift_id");

  let jobId = input.job_id ?? shift?.job_id ?? null;
  if (input.job_id) {
    const job = await tx
      .selectFrom("jobs")
      .select(["id"])
      .where("organization_id", "=", who.organizationId)
      .where("id", "=", input.job_id)
      .where("is_archived", "=", false)
      .executeTakeFirst();
    if (!job) throw refusePunch("time_clock_job_unknown", "timeClock.unknownJob", "No such job", "job_id");
    const onJob = await tx
      .selectFrom("membership_jobs")
      .select("job_id")
      .where("organization_id", "=", who.organizationId)
      .where("user_id", "=", who.userId)
      .where("job_id", "=", input.job_id)
      .executeTakeFirst();
    if (!onJob) warnings.push({ code: "not_on_job" });
    jobId = job.id;
  }

  if (!shift) warnings.push({ code: "no_shift" });
  else {
    const early = Math.floor((new Date(shift.starts_at as Date).getTime() - at.getTime()) / 60_000);
    if (early > settings.early_minutes) {
      if (settings.early_policy === "refuse") {
        throw refusePunch(
          "time_punch_too_early",
          "timeClock.tooEarly",
          `This is ${early} minutes before your shift starts`,
          "at",
        );
      }
      warnings.push({ code: "early", minutes: early });
    }
  }
  const checkedSite = await checkLocation(tx, who, jobId, input.location, settings, warnings, settings.location_policy);
  return { shiftId: shift?.id ?? null, jobId, checkedSite };
}

/**
 * Whether the punch was made at the job's site (a position and radius on the
 * job): off, warn or refuse as `policy` says. A position's accuracy counts in
 * the person's favour. Clock-outs are only ever warned about: refusing one
 * would leave the person clocked in. Answers whether a site was checked: only
 * then is a position needed, asked for (clockStatus' `sites`) and kept.
 */
async function checkLocation(
  tx: Tx,
  who: Who,
  jobId: string | null,
  location: PunchLocation | null | undefined,
  settings: ClockSettings,
  warnings: PunchWarning[],
  policy: ClockSettings["location_policy"],
): Promise<boolean> {
  if (settings.location_policy === "off" || jobId === null) return false;
  const site = await tx
    .selectFrom("jobs")
    .select(["latitude", "longitude", "radius_m"])
    .where("organization_id", "=", who.organizationId)
    .where("id", "=", jobId)
    .executeTakeFirst();
  if (!site || site.latitude === null || site.longitude === null || site.radius_m === null) return false;
  if (!location) {
    if (policy === "refuse") {
      throw refusePunch(
        "time_punch_location_required",
        "timeClock.locationRequired",
        "This job needs your location to clock in",
        "location",
      );
    }
    warnings.push({ code: "no_location" });
    return true;
  }
  const meters = distanceMeters(location, { latitude: Number(site.latitude), longitude: Number(site.longitude) });
  const allowed = Number(site.radius_m) + Math.min(location.accuracy ?? 0, Number(site.radius_m));
  if (meters <= allowed) return true;
  if (policy === "refuse") {
    throw refusePunch(
      "time_punch_outside_site",
      "timeClock.outsideSite",
      `You are ${Math.round(meters)} m from the job's site`,
      "location",
    );
  }
  warnings.push({ code: "outside_site", meters: Math.round(meters) });
  return true;
}
