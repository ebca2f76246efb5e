import { findOverlap, type RuleShift } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import { type ShiftRow, shiftStatusOf, toShift } from "../schedule/records.ts";
import { assertNoOverlap, overlapRefusal, personShifts, ruleShiftOf } from "../schedule/shift-checks.ts";
import { isEligible } from "./eligibility.ts";
import type { ShiftSnapshot } from "./records.ts";

/**
 * The shifts a request is about, as the request's checks read them: locked,
 * with their board's zone, compared with what was asked for.
 */

export interface TargetShift {
  row: ShiftRow;
  time_zone: string;
  board_archived: boolean;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The shifts by id, locked FOR UPDATE in id order (the order publishing and
 * bulk deletes lock in, so no two writers deadlock); a missing id is absent.
 */
export async function lockTargetShifts(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, TargetShift>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .selectAll("s")
    .select(["b.time_zone", "b.is_archived as board_archived"])
    .where("s.organization_id", "=", organizationId)
    .where(sql<boolean>`s.id = any(${wanted}::uuid[])`)
    .orderBy("s.id")
    .forUpdate("s")
    .execute();
  return new Map(
    rows.map(({ time_zone, board_archived, ...row }) => [row.id, { row: row as ShiftRow, time_zone, board_archived }]),
  );
}

/**
 * A shift an employee names when asking: one they may see (published at
 * least once, on an active board; else 404) and published as it is now
 * (no changes waiting, not waiting for removal: else 422).
 */
export function assertAskable(target: TargetShift | undefined): TargetShift {
  if (!target || target.board_archived || target.row.published_at === null) throw notFound("No such shift");
  if (shiftStatusOf(target.row) !== "published") {
    throw refuse("request_shift_unpublished", "This shift has changes that are not published yet");
  }
  return target;
}

export const shiftStarted = (row: Pick<ShiftRow, "starts_at">, now: Date) =>
  new Date(row.starts_at).getTime() <= now.getTime();

export const startedRefusal = () => refuse("request_shift_started", "This shift has already started");

export function assertNotStarted(row: ShiftRow, now: Date): void {
  if (shiftStarted(row, now)) throw startedRefusal();
}

/** The shift as people were last told it (what a request snapshots). */
export function snapshotOf(row: ShiftRow): ShiftSnapshot {
  return {
    id: row.id,
    board_id: row.job_scheduler_id,
    job_id: row.published_job_id,
    user_id: row.published_user_id,
    starts_at: iso(row.published_starts_at ?? row.starts_at),
    ends_at: iso(row.published_ends_at ?? row.ends_at),
    break_minutes: row.published_break_minutes ?? row.break_minutes,
  };
}

/** How a shift differs from what a request asked for: gone, moved (times or board), or someone else's now. */
export function driftFrom(
  target: TargetShift | undefined,
  snapshot: ShiftSnapshot,
): "gone" | "moved" | "person" | null {
  if (!target || target.board_archived || target.row.deleted_at !== null) return "gone";
  const row = target.row;
  if (
    row.job_scheduler_id !== snapshot.board_id ||
    iso(row.starts_at) !== snapshot.starts_at ||
    iso(row.ends_at) !== snapshot.ends_at
  ) {
    return "moved";
  }
  return row.user_id === snapshot.user_id ? null : "person";
}

export const changedRefusal = () =>
  refuse("request_shift_changed", "The shift changed or was removed since this was asked");
export const takenRefusal = () => refuse("request_shift_taken", "Someone else took this shift first");
/** 422 request_not_eligible; on the field that named the person, when one did (a cover's teammate). */
export const notEligibleRefusal = (field?: string) =>
  refuse(
    "request_not_eligible",
    "This person cannot work this shift",
    field ? { [field]: "requests.unknownPerson" } : undefined,
  );

/** The shift still as asked for and not started (else request_shift_changed, or _taken for an open shift now someone's, or _started). */
export function assertAsAsked(
  target: TargetShift | undefined,
  snapshot: ShiftSnapshot,
  now: Date,
  options: { open?: boolean } = {},
): TargetShift {
  const drift = driftFrom(target, snapshot);
  if (drift === "person" && options.open) throw takenRefusal();
  if (drift !== null || !target) throw changedRefusal();
  assertNotStarted(target.row, now);
  return target;
}

export async function assertEligible(tx: Tx, organizationId: string, row: ShiftRow, userId: string, field?: string) {
  if (!(await isEligible(tx, organizationId, { board_id: row.job_scheduler_id, job_id: row.job_id }, userId))) {
    throw notEligibleRefusal(field);
  }
}

/**
 * 409 shift_overlap when `userId` taking `row` would meet one of their other
 * shifts, leaving out the shifts they give up in the same change (a swap's
 * other half).
 */
export async function assertFreeFor(
  tx: Tx,
  organizationId: string,
  userId: string,
  row: ShiftRow,
  givingUp: readonly string[] = [],
): Promise<void> {
  const candidate: RuleShift = { ...ruleShiftOf(row), user_id: userId };
  if (givingUp.length === 0) return assertNoOverlap(tx, organizationId, userId, [candidate]);
  const theirs = (await personShifts(tx, organizationId, userId, candidate.starts_at, candidate.ends_at)).filter(
    (shift) => !givingUp.includes(shift.id),
  );
  const found = findOverlap(
    candidate,
    theirs.map((shift) => ({ ...ruleShiftOf(shift), shift })),
  );
  if (found) throw overlapRefusal(toShift(found.shift));
}
