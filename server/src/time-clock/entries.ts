import {
  can,
  type EntryCreate,
  type EntryUpdate,
  type ErrorCode,
  type entryCreateSchema,
  type entryDeleteSchema,
  type entryUpdateSchema,
  type TimeEntry,
  type TimeEntryRule,
  type TimeEntryShape,
  timeEntryProblems,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { StoredBreak } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { forbidden, notFound, refuse } from "../lib/http/errors.ts";
import { announceClockChange } from "./announce.ts";
import { approvedPeriodHolding } from "./approvals.ts";
import { type EntryRow, toEntry } from "./records.ts";
import { clockSettings } from "./settings.ts";
import { dayOfEntry } from "./work-zones.ts";

type CreateInput = z.output<typeof entryCreateSchema>;
type UpdateInput = z.output<typeof entryUpdateSchema>;
type DeleteInput = z.output<typeof entryDeleteSchema>;

export type { EntryCreate, EntryUpdate };

/** A refused change: its code, and `key` (the message the manager is shown) on the field it is about. */
const refuseEntry = (code: ErrorCode, field: string, key: string, message: string) =>
  refuse(code, message, { [field]: key });
const noSuchEntry = () => notFound("No such time entry");

/** A change made from an older version of the entry; the answer carries the current one. */
const entryChanged = (entry: TimeEntry) =>
  refuse(
    "time_entry_changed",
    "Someone else changed this entry; here is its current version",
    { version: "timeClock.entryChanged" },
    { entry },
  );

export const entryOverlap = () =>
  refuseEntry("time_entry_overlap", "clock_in_at", "timeClock.overlaps", "This person has another entry at that time");

/**
 * Runs a write, answering 409 when another entry of the person is in the way,
 * as the database decides: two entries of one person at once, or two open ones.
 */
export function refusingEntryOverlap<T>(work: () => Promise<T>): Promise<T> {
  return refusingConstraints({ time_entries_no_overlap: entryOverlap, time_entries_one_open: entryOverlap }, work);
}

/** The refusal of each of the contracts' shape rules (the message key in `fields` is the rule's own). */
const shapeRefusals: Record<TimeEntryRule, { code: ErrorCode; message: string }> = {
  in_future: { code: "time_entry_future", message: "The clock-in is in the future" },
  out_future: { code: "time_entry_future", message: "The clock-out is in the future" },
  out_not_after_in: { code: "time_entry_out_before_in", message: "The clock-out is not after the clock-in" },
  over_a_day: { code: "time_entry_too_long", message: "An entry lasts at most 24 hours" },
  break_outside: {
    code: "time_entry_break_outside",
    message: "Breaks must be within the entry, in order, not overlapping",
  },
  break_open_not_last: { code: "time_entry_break_outside", message: "Only the last break can be going on" },
};

/** An entry's times make sense (the contracts' shape rules, by the server's clock): refused on the first problem. */
export function checkShape(shape: TimeEntryShape, now = Date.now()): void {
  const [problem] = timeEntryProblems(shape, { now });
  if (!problem) return;
  const { code, message } = shapeRefusals[problem.rule];
  throw refuseEntry(code, problem.field, problem.key, message);
}

/**
 * The person's membership, locked until the transaction ends: their punches,
 * entry changes and approvals are taken one at a time, always person first,
 * then entry (as punches do), so an approval cannot slip between an edit's
 * check and its write. FOR NO KEY UPDATE, as punches take it: it does not
 * conflict with the FOR KEY SHARE every request holds on its caller's
 * membership, so two requests on one person's time (a punch, a correction)
 * queue instead of deadlocking. Only who may correct their own time
 * (timesheets.own) does; everyone else leaves it to another manager.
 */
async function lockPerson(tx: Tx, actor: Actor, userId: string): Promise<void> {
  const member = await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", actor.organizationId)
    .where("user_id", "=", userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!member)
    throw refuseEntry("time_clock_person_unknown", "user_id", "timeClock.unknownPerson", "No such person here");
  if (userId === actor.userId && !can(actor, "timesheets.own")) {
    throw forbidden("Another manager changes and approves your own time");
  }
}

/** The person is a member here (locked: lockPerson), and the job (if any) is one of this organization's. */
async function checkPeople(tx: Tx, actor: Actor, userId: string, jobId: string | null | undefined): Promise<void> {
  await lockPerson(tx, actor, userId);
  if (jobId) {
    const job = await tx
      .selectFrom("jobs")
      .select("id")
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", jobId)
      .executeTakeFirst();
    if (!job) throw refuseEntry("time_clock_job_unknown", "job_id", "timeClock.unknownJob", "No such job");
  }
}

/**
 * Refuses a change to an entry on a day of an approved period of the person:
 * the day the timesheet puts it on (its rounded clock-in, in its zone of
 * work), so what an approved period shows is what is locked.
 */
export async function refuseIfLocked(
  tx: Tx,
  actor: Actor,
  userId: string,
  entry: { shift_id: string | null; job_id: string | null; clock_in_at: Date },
): Promise<void> {
  const settings = await clockSettings(tx, actor.organizationId);
  const day = await dayOfEntry(tx, actor.organizationId, entry, settings);
  if (await approvedPeriodHolding(tx, actor.organizationId, userId, day)) {
    throw refuseEntry(
      "timesheet_period_approved",
      "clock_in_at",
      "timeClock.periodApproved",
      "This pay period is approved; unlock it before changing its entries",
    );
  }
}

/** One audit record of an entry change, in the caller's transaction, with the reason given. */
async function auditEntry(
  tx: Tx,
  actor: Actor,
  action: "time_entry.create" | "time_entry.update" | "time_entry.delete",
  entryId: string,
  before: TimeEntry | null,
  after: TimeEntry | null,
  reason: string,
): Promise<void> {
  await recordAudit(tx, actor, { action, targetType: "time_entry", targetId: entryId, before, after, reason });
}

async function entryRow(tx: Tx, actor: Actor, id: string): Promise<EntryRow> {
  if (!isUuid(id)) throw noSuchEntry();
  const whose = await tx
    .selectFrom("time_entries")
    .select("user_id")
    .where("organization_id", "=", actor.organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!whose) throw noSuchEntry();
  await lockPerson(tx, actor, whose.user_id);
  const row = await tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", actor.organizationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw noSuchEntry();
  return row;
}

const stored = (breaks: { starts_at: string; ends_at: string | null }[] | undefined): StoredBreak[] =>
  (breaks ?? []).map((item) => ({ starts_at: item.starts_at, ends_at: item.ends_at }));

/** A manager adds a whole entry (a forgotten day), reviewed from the start, audited with its reason. */
export async function createEntry(tx: Tx, actor: Actor, input: CreateInput): Promise<TimeEntry> {
  const clockIn = new Date(input.clock_in_at);
  const clockOut = new Date(input.clock_out_at);
  const breaks = stored(input.breaks);
  checkShape({ clock_in_at: input.clock_in_at, clock_out_at: input.clock_out_at, breaks });
  await checkPeople(tx, actor, input.user_id, input.job_id);
  await refuseIfLocked(tx, actor, input.user_id, {
    shift_id: null,
    job_id: input.job_id ?? null,
    clock_in_at: clockIn,
  });
  const row = await refusingEntryOverlap(() =>
    tx
      .insertInto("time_entries")
      .values({
        organization_id: actor.organizationId,
        user_id: input.user_id,
        job_id: input.job_id ?? null,
        clock_in_at: clockIn,
        clock_out_at: clockOut,
        breaks: JSON.stringify(breaks),
        source: "manager",
        note: input.note ?? null,
        reviewed_at: sql<Date>`now()`,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  const entry = toEntry(row);
  await auditEntry(tx, actor, "time_entry.create", entry.id, null, entry, input.reason);
  await announceClockChange(tx, actor.organizationId, entry.user_id);
  return entry;
}

/**
 * A manager corrects an entry read at `version` (409 with the current one if
 * someone changed it meanwhile): times, breaks, job, note. Closing a
 * forgotten clock-out is setting clock_out_at; an entry is never reopened.
 * The entry counts as reviewed from then on. Audited with its reason.
 */
export async function updateEntry(tx: Tx, actor: Actor, id: string, input: UpdateInput): Promise<TimeEntry> {
  const row = await entryRow(tx, actor, id);
  const before = toEntry(row);
  if (before.version !== input.version) throw entryChanged(before);
  const clockIn = new Date(input.clock_in_at ?? before.clock_in_at);
  const clockOutText = input.clock_out_at ?? before.clock_out_at;
  const clockOut = clockOutText === null ? null : new Date(clockOutText);
  const breaks = input.breaks ? stored(input.breaks) : before.breaks;
  const jobId = input.job_id === undefined ? before.job_id : input.job_id;
  checkShape({ clock_in_at: input.clock_in_at ?? before.clock_in_at, clock_out_at: clockOutText, breaks });
  await checkPeople(tx, actor, before.user_id, jobId);
  await refuseIfLocked(tx, actor, before.user_id, { ...before, clock_in_at: new Date(before.clock_in_at) });
  await refuseIfLocked(tx, actor, before.user_id, { shift_id: before.shift_id, job_id: jobId, clock_in_at: clockIn });
  const updated = await refusingEntryOverlap(() =>
    tx
      .updateTable("time_entries")
      .set({
        clock_in_at: clockIn,
        clock_out_at: clockOut,
        breaks: JSON.stringify(breaks),
        job_id: jobId,
        ...(input.note !== undefined ? { note: input.note } : {}),
        // Checked by a manager once it is whole: an open entry they touched can still be forgotten.
        ...(clockOut !== null ? { reviewed_at: sql<Date>`now()` } : {}),
        version: sql<number>`version + 1`,
        updated_by: actor.userId,
        updated_at: sql<Date>`now()`,
      })
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  const after = toEntry(updated);
  await auditEntry(tx, actor, "time_entry.update", after.id, before, after, input.reason);
  await announceClockChange(tx, actor.organizationId, after.user_id);
  return after;
}

/** A manager removes an entry (kept, marked deleted: its punches still point at it), audited with its reason. */
export async function deleteEntry(tx: Tx, actor: Actor, id: string, input: DeleteInput): Promise<void> {
  const row = await entryRow(tx, actor, id);
  const before = toEntry(row);
  if (before.version !== input.version) throw entryChanged(before);
  await refuseIfLocked(tx, actor, before.user_id, { ...before, clock_in_at: new Date(before.clock_in_at) });
  await tx
    .updateTable("time_entries")
    .set({
      deleted_at: sql<Date>`now()`,
      version: sql<number>`version + 1`,
      updated_by: actor.userId,
      updated_at: sql<Date>`now()`,
    })
    .where("organization_id", "=", actor.organizationId)
    .where("id", "=", row.id)
    .execute();
  await auditEntry(tx, actor, "time_entry.delete", before.id, before, null, input.reason);
  await announceClockChange(tx, actor.organizationId, before.user_id);
}
