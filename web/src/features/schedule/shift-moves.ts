import {
  daysBetween,
  moveKeepingWallClock,
  type Shift,
  type ShiftCreate,
  type ShiftUpdate,
} from "@workshift/contracts";
import type { RowTarget } from "./week-rows.ts";

/**
 * Moving and copying a shift to another day and/or person (drag and drop,
 * Alt+Arrow, cut/copy and paste): the new times keep the wall clock in the
 * shift's own board's zone (on "all" too, whatever zone the week is laid out
 * in), so 09:00–17:00 stays 09:00–17:00 across a clock change and an
 * overnight shift keeps its real length on the night it falls on. The days
 * are the shift's board's days (zoneOfWork), as the grid places it.
 */

/** Where a shift lands: a day and a row's person (and job, when grouped by job). */
export interface MoveTarget extends RowTarget {
  date: string;
}

/** The fields a move changes. */
export interface MovedFields {
  starts_at: string;
  ends_at: string;
  user_id: string | null;
  job_id: string | null;
}

/** The shift's fields once moved from the day it sits on to the target; null when nothing would change. */
export function movedFields(
  shift: Pick<Shift, "board_id" | "starts_at" | "ends_at" | "user_id" | "job_id">,
  fromDate: string,
  target: MoveTarget,
  zoneOf: (boardId: string) => string,
): MovedFields | null {
  const zone = zoneOf(shift.board_id);
  const days = daysBetween(fromDate, target.date);
  const jobId = target.jobId === undefined ? shift.job_id : target.jobId;
  if (days === 0 && target.userId === shift.user_id && jobId === shift.job_id) return null;
  return {
    starts_at: days === 0 ? shift.starts_at : moveKeepingWallClock(shift.starts_at, days, zone),
    ends_at: days === 0 ? shift.ends_at : moveKeepingWallClock(shift.ends_at, days, zone),
    user_id: target.userId,
    job_id: jobId,
  };
}

/** A copy lands even where nothing would change for a move (same cell: a second, identical shift). */
export function copiedFields(
  shift: Pick<Shift, "board_id" | "starts_at" | "ends_at" | "user_id" | "job_id">,
  fromDate: string,
  target: MoveTarget,
  zoneOf: (boardId: string) => string,
): MovedFields {
  return (
    movedFields(shift, fromDate, target, zoneOf) ?? {
      starts_at: shift.starts_at,
      ends_at: shift.ends_at,
      user_id: shift.user_id,
      job_id: shift.job_id,
    }
  );
}

/** The PATCH of a move: only what changed, with the version the board saw. */
export function moveBody(shift: Shift, moved: MovedFields): ShiftUpdate {
  const body: ShiftUpdate = { version: shift.version };
  if (moved.starts_at !== shift.starts_at) body.starts_at = moved.starts_at;
  if (moved.ends_at !== shift.ends_at) body.ends_at = moved.ends_at;
  if (moved.user_id !== shift.user_id) body.user_id = moved.user_id;
  if (moved.job_id !== shift.job_id) body.job_id = moved.job_id;
  return body;
}

/** The POST of a copy: a new draft with the shift's break and note. */
export function copyBody(shift: Shift, moved: MovedFields): ShiftCreate {
  return {
    board_id: shift.board_id,
    user_id: moved.user_id,
    job_id: moved.job_id,
    starts_at: moved.starts_at,
    ends_at: moved.ends_at,
    break_minutes: shift.break_minutes,
    note: shift.note,
  };
}

/**
 * The shift as the board shows it while the move is saved (optimistic): a
 * published shift becomes "changed" (pending until published), keeping what
 * people were told (itself, before the move); a draft stays a draft.
 */
export function applyMove(shift: Shift, moved: MovedFields): Shift {
  if (shift.status !== "published" || shift.published_at === null) return { ...shift, ...moved };
  const told = {
    user_id: shift.user_id,
    job_id: shift.job_id,
    starts_at: shift.starts_at,
    ends_at: shift.ends_at,
    break_minutes: shift.break_minutes,
    note: shift.note,
    published_at: shift.published_at,
  };
  return { ...shift, ...moved, status: "changed", published: told };
}

/** Alt, or Ctrl/Cmd, held while dropping copies instead of moving. */
export const isCopyGesture = (keys: { altKey: boolean; ctrlKey: boolean; metaKey: boolean }) =>
  keys.altKey || keys.ctrlKey || keys.metaKey;

/** Shifts that can be picked up: not a removal waiting for publish. */
export const isMovable = (shift: Pick<Shift, "status">) => shift.status !== "deleted";

/** The week's shifts with one replaced (or removed when `next` is null), for the cache. */
export function replaceShift(shifts: readonly Shift[], id: string, next: Shift | null): Shift[] {
  const out: Shift[] = [];
  for (const shift of shifts) {
    if (shift.id !== id) out.push(shift);
    else if (next) out.push(next);
  }
  return out;
}
