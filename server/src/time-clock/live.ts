import {
  type ClockShift,
  dayOf,
  isFlaggedEntry,
  type LivePerson,
  type LiveResponse,
  type LiveStatus,
  liveStatuses,
  type PunchWarning,
  type TimeEntry,
  todayIn,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { shown } from "../people/list.ts";
import { coveredPeople } from "./covered-people.ts";
import { toPunch } from "./punch.ts";
import { openBreak, toEntry, workedMinutes } from "./records.ts";
import { refusalsBetween } from "./refusals.ts";
import { clockSettings } from "./settings.ts";
import { clockScope } from "./timesheets.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const MINUTE = 60_000;

interface Facts {
  open: TimeEntry | null;
  today: TimeEntry[];
  shifts: ClockShift[];
}

/**
 * Where someone stands now (see the contracts' liveStatuses): clocked in
 * beats everything; then a shift going on without them (late once past the
 * grace), a shift of today that ended without them (absent), a shift later
 * today, time already done today.
 */
export function liveStatusOf(
  facts: Facts,
  now: Date,
  lateAfterMinutes: number,
): { status: LiveStatus; shift: ClockShift | null; since: string | null } | null {
  const t = now.getTime();
  const going = facts.shifts.find((s) => Date.parse(s.starts_at) <= t && t < Date.parse(s.ends_at)) ?? null;
  if (facts.open) {
    const pause = openBreak(facts.open);
    const shift = facts.shifts.find((s) => s.id === facts.open?.shift_id) ?? going;
    if (pause) return { status: "on_break", shift, since: pause.starts_at };
    return { status: shift ? "working" : "unscheduled", shift, since: facts.open.clock_in_at };
  }
  const covered = (shift: ClockShift) =>
    facts.today.some(
      (entry) =>
        entry.shift_id === shift.id ||
        (Date.parse(entry.clock_in_at) < Date.parse(shift.ends_at) &&
          (entry.clock_out_at === null || Date.parse(entry.clock_out_at) > Date.parse(shift.starts_at))),
    );
  if (going && !covered(going)) {
    const late = t - Date.parse(going.starts_at) > lateAfterMinutes * MINUTE;
    return late
      ? { status: "late", shift: going, since: going.starts_at }
      : { status: "scheduled", shift: going, since: null };
  }
  const missed = facts.shifts.filter((s) => Date.parse(s.ends_at) <= t && !covered(s)).at(-1);
  if (missed) return { status: "absent", shift: missed, since: missed.starts_at };
  const next = facts.shifts.find((s) => Date.parse(s.starts_at) > t);
  if (next && facts.today.length === 0) return { status: "scheduled", shift: next, since: null };
  if (facts.today.length > 0) {
    // The shift they worked (the last one begun), else what is still to come.
    const worked = facts.shifts.filter((s) => Date.parse(s.starts_at) <= t).at(-1);
    return { status: "done", shift: going ?? worked ?? next ?? null, since: null };
  }
  if (next) return { status: "scheduled", shift: next, since: null };
  return null;
}

/**
 * Today in a board's (or every board's) time clock: everyone with a
 * published shift today (on the board), time today, or clocked in now, and
 * where each stands; counted by status. Days in the organization's zone.
 */
export async function loadLive(
  tx: Tx,
  organizationId: string,
  scopeId: string,
  canManage: boolean,
  now = new Date(),
): Promise<LiveResponse> {
  const settings = await clockSettings(tx, organizationId);
  const scope = await clockScope(tx, organizationId, scopeId);
  const day = dayOf(todayIn(settings.time_zone, now), settings.time_zone);
  const dayStart = new Date(day.startsAt);
  const dayEnd = new Date(day.endsAt);
  const boardIds = scope.boards.map((board) => board.id);

  let shiftQuery = tx
    .selectFrom("shifts")
    .select([
      "id",
      "job_scheduler_id as board_id",
      "published_user_id as user_id",
      "published_job_id as job_id",
      "published_starts_at as starts_at",
      "published_ends_at as ends_at",
      "published_break_minutes as break_minutes",
    ])
    .where("organization_id", "=", organizationId)
    .where("published_at", "is not", null)
    .where("published_user_id", "is not", null)
    .where("published_starts_at", "<", dayEnd)
    .where("published_ends_at", ">", dayStart);
  if (!scope.all) shiftQuery = shiftQuery.where(sql<boolean>`job_scheduler_id = any(${boardIds}::uuid[])`);
  const shiftRows = await shiftQuery.orderBy("published_starts_at").execute();

  // Now, "all" is the whole organization (open entries of earlier days too); a board covers its people (coveredPeople).
  const inScope = scope.all
    ? null
    : new Set(
        (
          await coveredPeople(tx, organizationId, scope, {
            from: dayStart,
            to: dayEnd,
            firstDay: day.date,
            lastDay: day.date,
          })
        ).map((person) => person.user_id),
      );
  const entryRows = await tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("clock_out_at", "is", null), eb("clock_in_at", ">=", dayStart)]))
    .where("clock_in_at", "<", dayEnd)
    .orderBy("clock_in_at")
    .execute();
  const entries = entryRows.map(toEntry).filter((entry) => inScope === null || inScope.has(entry.user_id));

  const facts = new Map<string, Facts>();
  const factsOf = (userId: string) => {
    let found = facts.get(userId);
    if (!found) {
      found = { open: null, today: [], shifts: [] };
      facts.set(userId, found);
    }
    return found;
  };
  for (const row of shiftRows) {
    if (row.user_id === null || row.starts_at === null || row.ends_at === null) continue;
    factsOf(row.user_id).shifts.push({
      id: row.id,
      board_id: row.board_id,
      job_id: row.job_id,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      break_minutes: Number(row.break_minutes ?? 0),
    });
  }
  for (const entry of entries) {
    const found = factsOf(entry.user_id);
    if (entry.clock_out_at === null) found.open = entry;
    if (Date.parse(entry.clock_in_at) >= dayStart.getTime() || entry.clock_out_at === null) found.today.push(entry);
  }
  const userIds = [...facts.keys()];
  const people =
    userIds.length === 0
      ? []
      : await tx
          .selectFrom("memberships as m")
          .innerJoin("users as u", "u.id", "m.user_id")
          .select(["m.user_id", shown.firstName.as("first_name"), shown.lastName.as("last_name")])
          .where("m.organization_id", "=", organizationId)
          .where(sql<boolean>`m.user_id = any(${userIds}::uuid[])`)
          .orderBy(sql`lower(${shown.firstName})`)
          .orderBy(sql`lower(${shown.lastName})`)
          .orderBy("m.user_id")
          .execute();
  const shownEntryIds = [...facts.values()].map((f) => (f.open ?? f.today.at(-1))?.id).filter((id) => id !== undefined);
  const punches =
    shownEntryIds.length === 0
      ? []
      : await tx
          .selectFrom("time_punches")
          .selectAll()
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`time_entry_id = any(${shownEntryIds}::uuid[])`)
          .orderBy("happened_at")
          .execute();
  const warningsOf = new Map<string, PunchWarning[]>();
  for (const punch of punches.map(toPunch)) {
    if (punch.time_entry_id === null) continue;
    const list = warningsOf.get(punch.time_entry_id) ?? [];
    for (const warning of punch.warnings) if (!list.some((w) => w.code === warning.code)) list.push(warning);
    warningsOf.set(punch.time_entry_id, list);
  }

  const counts = Object.fromEntries(liveStatuses.map((status) => [status, 0])) as Record<LiveStatus, number>;
  const list: LivePerson[] = [];
  for (const person of people) {
    const found = facts.get(person.user_id);
    if (!found) continue;
    const standing = liveStatusOf(found, now, settings.late_after_minutes);
    if (!standing) continue;
    const entry = found.open ?? found.today.at(-1) ?? null;
    const flaggedEntry = (item: TimeEntry) => isFlaggedEntry(item, settings.open_limit_minutes, now.getTime());
    const flagged = entry !== null && flaggedEntry(entry);
    counts[standing.status] += 1;
    list.push({
      user_id: person.user_id,
      first_name: person.first_name,
      last_name: person.last_name,
      status: standing.status,
      entry,
      shift: standing.shift,
      since: standing.since,
      // A flagged entry counts nothing until settled (as in the timesheets), not 30 hours.
      worked_minutes_today: found.today
        .filter((item) => !flaggedEntry(item))
        .reduce((sum, item) => sum + workedMinutes(item, now), 0),
      flagged,
      warnings: entry ? (warningsOf.get(entry.id) ?? []) : [],
    });
  }
  const refusals = await refusalsBetween(tx, organizationId, inScope ? [...inScope] : "everyone", dayStart, dayEnd);
  return {
    boards: scope.boards,
    all: scope.all,
    today: day.date,
    time_zone: settings.time_zone,
    server_time: now.toISOString(),
    late_after_minutes: settings.late_after_minutes,
    people: list,
    counts,
    refused: refusals.refused,
    refused_total: refusals.total,
    can_manage: canManage,
  };
}
