import {
  type ErrorCode,
  findOverlap,
  localDateOf,
  type RuleShift,
  rulesWindow,
  type ScheduleBoard,
  type Shift,
  type ShiftTimesRule,
  type ShiftWarning,
  shiftTimesProblem,
  shiftWarnings,
} from "@workshift/contracts";
import { sql } from "kysely";
import { availabilityOf } from "../availability/rules.ts";
import { unavailableWarning } from "../availability/warnings.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { type AppError, refuse } from "../lib/http/errors.ts";
import { leaveCheck } from "./leave-checks.ts";
import { type ShiftRow, toShift } from "./records.ts";

/**
 * What a shift must pass before it is written, and what it meets once it
 * is: the refusals (times, person, job, the same person twice at once) and
 * the shared rules' warnings, computed against the person's shifts around it.
 */

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** 409 shift_overlap, naming the person's shift at that time when known (`overlap` in the body). */
export const overlapRefusal = (overlap?: Shift) =>
  refuse("shift_overlap", "This person already has a shift at that time", undefined, overlap ? { overlap } : undefined);

/** 409 shift_changed, with the shift as it is now (`shift` in the body) when it still exists. */
export const changedRefusal = (current?: Shift) =>
  refuse(
    "shift_changed",
    "Someone else changed this shift; here is its current version",
    undefined,
    current ? { shift: current } : undefined,
  );

/**
 * Runs a write, answering 409 shift_overlap when the exclusion constraint
 * refuses the same person twice at once: two saves racing past the pre-check
 * are decided by the database. The transaction is aborted then, so the other
 * shift is not named.
 */
export function refusingOverlap<T>(work: () => Promise<T>): Promise<T> {
  return refusingConstraints({ shifts_no_overlap: () => overlapRefusal() }, work);
}

/** The refusal of each of the contracts' shift-times rules (the message key in `fields` is the rule's own). */
const timesRefusals: Record<ShiftTimesRule, { code: ErrorCode; message: string }> = {
  end_not_after_start: { code: "shift_end_before_start", message: "The shift must end after it starts" },
  over_a_day: { code: "shift_too_long", message: "A shift lasts at most 24 hours" },
  break_too_long: { code: "shift_break_too_long", message: "The break must be shorter than the shift" },
};

/**
 * The refusal of a shift's times as they would be saved (a change merged into
 * the shift, a repeat bent by a DST night), with the field message the
 * contracts' schema gives the same fault in a body; null when they fit.
 */
export function timesRefusal(shift: { starts_at: string; ends_at: string; break_minutes: number }): AppError | null {
  const problem = shiftTimesProblem(shift);
  if (!problem) return null;
  const { code, message } = timesRefusals[problem.rule];
  return refuse(code, message, { [problem.field]: problem.key });
}

/**
 * The person must be a member of the organization who is not archived, the
 * job an active job of the organization; 422 naming the field otherwise
 * (both at once when both fail). null (open shift, no job) always passes.
 */
export async function assertSchedulable(
  tx: Tx,
  organizationId: string,
  shift: { user_id?: string | null | undefined; job_id?: string | null | undefined },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (!shift.user_id && !shift.job_id) return;
  // One round trip for both (a bulk approval runs this hundreds of times).
  const found = await sql<{ person_status: string | null; job_archived: boolean | null }>`
    select
      (select status from memberships where organization_id = ${organizationId} and user_id = ${shift.user_id ?? null}::uuid)
        as person_status,
      (select is_archived from jobs where organization_id = ${organizationId} and id = ${shift.job_id ?? null}::uuid)
        as job_archived
  `.execute(tx);
  const { person_status: personStatus, job_archived: jobArchived } = found.rows[0] ?? {
    person_status: null,
    job_archived: null,
  };
  if (shift.user_id) {
    if (personStatus === null) fields.user_id = "schedule.unknownPerson";
    else if (personStatus === "archived") fields.user_id = "schedule.personArchived";
  }
  if (shift.job_id) {
    if (jobArchived === null) fields.job_id = "schedule.unknownJob";
    else if (jobArchived) fields.job_id = "schedule.jobArchived";
  }
  if (Object.keys(fields).length > 0) {
    const message =
      fields.user_id === undefined
        ? "This job cannot be scheduled"
        : fields.job_id === undefined
          ? "This person cannot be scheduled"
          : "This person and this job cannot be scheduled";
    throw refuse("shift_unschedulable", message, fields);
  }
}

export const ruleShiftOf = (row: ShiftRow): RuleShift => ({
  id: row.id,
  user_id: row.user_id,
  board_id: row.job_scheduler_id,
  job_id: row.job_id,
  starts_at: iso(row.starts_at),
  ends_at: iso(row.ends_at),
  break_minutes: row.break_minutes,
});

/** A person's shifts (pending removals left out) that overlap [from, to). */
export async function personShifts(
  tx: Tx,
  organizationId: string,
  userId: string,
  from: string,
  to: string,
): Promise<ShiftRow[]> {
  return tx
    .selectFrom("shifts")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .where("ends_at", ">", new Date(from))
    .where("starts_at", "<", new Date(to))
    .orderBy("starts_at")
    .execute();
}

/** The earliest start and latest end of some shifts. */
function span(shifts: readonly { starts_at: string; ends_at: string }[]): { from: string; to: string } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const shift of shifts) {
    from = Math.min(from, Date.parse(shift.starts_at));
    to = Math.max(to, Date.parse(shift.ends_at));
  }
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * The first existing shift of the person that one of `candidates` (all the
 * same person's) would overlap, their own saved versions left out; then
 * whether two candidates overlap each other. null when none does.
 */
export async function existingOverlap(
  tx: Tx,
  organizationId: string,
  userId: string | null,
  candidates: readonly RuleShift[],
): Promise<{ row: ShiftRow | null } | null> {
  if (userId === null || candidates.length === 0) return null;
  const { from, to } = span(candidates);
  const rows = await personShifts(tx, organizationId, userId, from, to);
  const others = rows.map((row) => ({ ...ruleShiftOf(row), row }));
  for (const candidate of candidates) {
    const found = findOverlap(candidate, others);
    if (found) return { row: found.row };
  }
  for (let i = 1; i < candidates.length; i++) {
    const candidate = candidates[i] as RuleShift;
    if (findOverlap({ ...candidate, id: null }, candidates.slice(0, i))) return { row: null };
  }
  return null;
}

/** Refuses (409 shift_overlap, naming the other shift when it exists) when a candidate would overlap. */
export async function assertNoOverlap(
  tx: Tx,
  organizationId: string,
  userId: string | null,
  candidates: readonly RuleShift[],
): Promise<void> {
  const found = await existingOverlap(tx, organizationId, userId, candidates);
  if (found) throw overlapRefusal(found.row ? toShift(found.row) : undefined);
}

/** The person's active jobs (for not_on_job). */
export async function personJobIds(tx: Tx, organizationId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("membership_jobs as mj")
    .innerJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "mj.organization_id").onRef("j.id", "=", "mj.job_id"),
    )
    .select("mj.job_id")
    .where("mj.organization_id", "=", organizationId)
    .where("mj.user_id", "=", userId)
    .where("j.is_archived", "=", false)
    .execute();
  return rows.map((row) => row.job_id);
}

/** A day: a shift of another board in another zone may be on the same day as one starting a day earlier or later. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone of each of the boards (archived ones too: their shifts still count). */
async function boardZones(tx: Tx, organizationId: string, boardIds: readonly string[]): Promise<Map<string, string>> {
  if (boardIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("job_schedulers")
    .select(["id", "time_zone"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${[...new Set(boardIds)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row.time_zone]));
}

/**
 * The warnings `candidates` (one person's, on one board) meet among the
 * person's shifts around them, on any board, each on its own board's day
 * (zoneOfWork), held to the candidates' board's rules and week start, then
 * whether each falls in the person's unavailability (read in the board's
 * zone), and whether it falls on their approved leave (leave-checks.ts).
 * Saved candidates may already be among those shifts (they are told apart
 * by id); `extra` adds shifts not saved yet.
 */
export async function warningsFor(
  tx: Tx,
  organizationId: string,
  board: ScheduleBoard,
  candidates: readonly RuleShift[],
  extra: readonly RuleShift[] = [],
): Promise<ShiftWarning[]> {
  const userId = candidates[0]?.user_id ?? null;
  if (userId === null) return [];
  const context = { zone: board.time_zone, weekStart: board.week_start, minRestMinutes: board.rules.min_rest_minutes };
  // rulesWindow answers UTC ISO strings of one shape, so they order as text.
  const windows = candidates.map((candidate) => rulesWindow(candidate, context));
  const from = windows.reduce((min, window) => (window.from < min ? window.from : min), windows[0]?.from ?? "");
  const to = windows.reduce((max, window) => (window.to > max ? window.to : max), windows[0]?.to ?? "");
  // A day more each way: other boards' days are cut in their own zones.
  const around = (
    await personShifts(
      tx,
      organizationId,
      userId,
      new Date(Date.parse(from) - DAY_MS).toISOString(),
      new Date(Date.parse(to) + DAY_MS).toISOString(),
    )
  ).map(ruleShiftOf);
  const zones = await boardZones(
    tx,
    organizationId,
    around.map((shift) => shift.board_id),
  );
  zones.set(board.id, board.time_zone);
  const jobIds = await personJobIds(tx, organizationId, userId);
  const others = [...around, ...extra];
  const ctx = {
    rules: board.rules,
    zoneOf: (boardId: string) => zones.get(boardId) ?? board.time_zone,
    weekStart: board.week_start,
    personJobIds: jobIds,
  };
  const availability = await personAvailability(tx, organizationId, userId, candidates, board.time_zone);
  const leave = await leaveCheck(tx, organizationId, candidates);
  const all = candidates.flatMap((candidate, index) => {
    const unavailable = unavailableWarning(candidate, availability, board.time_zone);
    const onLeave = leave.each[index] ?? null;
    // Unsaved candidates (a repeat being checked) count each other's hours; saved ones are among `around`.
    const siblings = candidate.id === null ? candidates.filter((_, j) => j !== index) : [];
    return [
      ...shiftWarnings(candidate, [...others, ...siblings], ctx),
      ...(unavailable ? [unavailable] : []),
      ...(onLeave ? [onLeave] : []),
    ];
  });
  return candidates.length > 1 ? onePerDayAndWeek(all) : all;
}

/**
 * Several shifts of a repeat over the same limit say it once: one daily
 * warning per day, one weekly warning per week (each names its own), the
 * others as they are.
 */
export function onePerDayAndWeek(warnings: readonly ShiftWarning[]): ShiftWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    if (warning.kind !== "daily_overtime" && warning.kind !== "weekly_overtime" && warning.kind !== "not_on_job")
      return true;
    const key = `${warning.kind}|${warning.user_id}|${warning.kind === "not_on_job" ? "" : (warning.date ?? "")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The person's availability over the candidates' days in the board's zone (an overnight shift's next day too): one query. */
async function personAvailability(
  tx: Tx,
  organizationId: string,
  userId: string,
  candidates: readonly RuleShift[],
  zone: string,
) {
  let first = "";
  let last = "";
  for (const candidate of candidates) {
    const start = localDateOf(candidate.starts_at, zone);
    const end = localDateOf(candidate.ends_at, zone);
    if (first === "" || start < first) first = start;
    if (last === "" || end > last) last = end;
  }
  if (first === "") return [];
  const rules = await availabilityOf(tx, organizationId, [userId], first, last);
  return rules.get(userId) ?? [];
}
