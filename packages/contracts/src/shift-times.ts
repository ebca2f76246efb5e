/** A shift lasts more than 0 and at most this many minutes. */
export const SHIFT_MINUTES_MAX = 24 * 60;

/**
 * A shift's times, pure. The API's shift schemas refine with them (so the
 * shift editor, which runs those schemas, refuses the same), and the server
 * holds to them what a save makes of a stored shift, and the shifts a repeat
 * or a copied week makes across a clock change.
 *
 * - end_not_after_start: the shift ends after it starts.
 * - over_a_day: it lasts at most SHIFT_MINUTES_MAX, elapsed.
 * - break_too_long: its unpaid break is shorter than the shift.
 * The first problem only, naming the request's field and its message key.
 */

export type ShiftTimesRule = "end_not_after_start" | "over_a_day" | "break_too_long";

export interface ShiftTimesProblem {
  rule: ShiftTimesRule;
  field: "ends_at" | "break_minutes";
  /** The message key (validation namespace). */
  key: string;
}

export function shiftTimesProblem(shift: {
  starts_at: string;
  ends_at: string;
  /** Not given: the break is not checked. */
  break_minutes?: number | undefined;
}): ShiftTimesProblem | null {
  const minutes = (Date.parse(shift.ends_at) - Date.parse(shift.starts_at)) / 60_000;
  if (minutes <= 0) return { rule: "end_not_after_start", field: "ends_at", key: "schedule.endBeforeStart" };
  if (minutes > SHIFT_MINUTES_MAX) return { rule: "over_a_day", field: "ends_at", key: "schedule.shiftTooLong" };
  if (shift.break_minutes !== undefined && shift.break_minutes >= minutes) {
    return { rule: "break_too_long", field: "break_minutes", key: "schedule.breakTooLong" };
  }
  return null;
}
