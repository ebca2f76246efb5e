import type { ShiftWarning } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { type LeaveDay, leaveDuring } from "../time-off/leave-days-read.ts";

/**
 * Scheduling someone on their approved leave. Each shift with a person that
 * overlaps their approved time off (the instants its days cover: a whole day
 * in their zone, or the part asked) meets an `on_leave` warning: the first
 * such day, with the leave type's name as its note. Where the organization's
 * leave_scheduling_policy is "refuse", the manager's writes (create, edit,
 * copy a week, apply a template) are refused instead: 409 shift_on_leave,
 * nothing written. Checking a shift, publishing and the requests' approvals
 * only warn.
 */

/** A shift to meet against its person's leave (open shifts meet nobody's). */
export interface LeaveCandidate {
  id: string | null;
  user_id: string | null;
  starts_at: string;
  ends_at: string;
}

const warningOf = (shift: LeaveCandidate & { user_id: string }, day: LeaveDay): ShiftWarning => ({
  kind: "on_leave",
  shift_id: shift.id,
  user_id: shift.user_id,
  minutes: 0,
  limit_minutes: 0,
  other_shift_id: null,
  date: day.date,
  note: day.leave_type.name,
});

/** The on_leave warning of a person's shift among their leave days (any order), or null: the earliest day it overlaps. */
export function leaveWarningOf(shift: LeaveCandidate, days: readonly LeaveDay[]): ShiftWarning | null {
  if (shift.user_id === null) return null;
  const starts = Date.parse(shift.starts_at);
  const ends = Date.parse(shift.ends_at);
  const met = days
    .filter(
      (day) => day.user_id === shift.user_id && Date.parse(day.starts_at) < ends && Date.parse(day.ends_at) > starts,
    )
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const first = met[0];
  return first ? warningOf({ ...shift, user_id: shift.user_id }, first) : null;
}

/**
 * The on_leave warnings of the shifts (one per shift at most, in their
 * order; `each` is aligned with `shifts`), and whether the organization
 * refuses them. One query; none when no shift has a person.
 */
export async function leaveCheck(
  tx: Tx,
  organizationId: string,
  shifts: readonly LeaveCandidate[],
): Promise<{ refuses: boolean; warnings: ShiftWarning[]; each: (ShiftWarning | null)[] }> {
  const people = shifts.flatMap((shift, index) => (shift.user_id === null ? [] : [{ ...shift, index }]));
  if (people.length === 0) return { refuses: false, warnings: [], each: shifts.map(() => null) };
  const { refuses, met } = await leaveDuring(
    tx,
    organizationId,
    people.map((shift) => ({ user_id: shift.user_id as string, starts_at: shift.starts_at, ends_at: shift.ends_at })),
  );
  const each: (ShiftWarning | null)[] = shifts.map(() => null);
  people.forEach((shift, position) => {
    const first = met.get(position)?.[0];
    if (first) each[shift.index] = warningOf({ ...shift, user_id: shift.user_id as string }, first);
  });
  return { refuses, warnings: each.filter((warning): warning is ShiftWarning => warning !== null), each };
}

/** 409 shift_on_leave with the warnings met (`warnings` in the body). */
export const onLeaveRefusal = (warnings: ShiftWarning[]) =>
  refuse("shift_on_leave", "This person is on approved time off then", undefined, { warnings });

/**
 * For a manager's write, before anything is written: refuses (409
 * shift_on_leave) when the organization refuses scheduling people on leave
 * and a shift meets it. Answers the on_leave warnings otherwise.
 */
export async function assertNotOnLeave(
  tx: Tx,
  organizationId: string,
  shifts: readonly LeaveCandidate[],
): Promise<ShiftWarning[]> {
  const { refuses, warnings } = await leaveCheck(tx, organizationId, shifts);
  if (refuses && warnings.length > 0) throw onLeaveRefusal(warnings);
  return warnings;
}
