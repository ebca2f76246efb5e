import { countRepeatDates } from "./schedule-time.ts";

/** A shift lasts more than 0 and at most this many minutes. */
export const SHIFT_MINUTES_MAX = 24 * 60;
/** One repeat makes at most this many shifts. */
export const SHIFT_REPEAT_MAX = 366;

/**
 * A shift's times, pure. The API's shift schemas refine with them (so the
 * shift editor, which runs those schemas, refuses the same), and the server
 * holds to them what a save makes of a stored shift, and the shifts a repeat
 * or a copied week makes across a clock change. A repeat's limits follow.
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

export type ShiftRepeatRule = "until_before_first" | "too_many" | "no_day";

export interface ShiftRepeatProblem {
  rule: ShiftRepeatRule;
  field: "repeat.until" | "repeat.weekdays";
  /** The message key (validation namespace). */
  key: string;
}

/**
 * A repeat from the shift's day (`first`, in the board's zone) to `until`,
 * inclusive, on the chosen weekdays (0 = Sunday); the server refuses it and
 * the shift editor says so before sending, with the same keys:
 * - until_before_first: it ends on or after the shift's day.
 * - too_many: it makes at most SHIFT_REPEAT_MAX shifts.
 * - no_day: one of its days at least is a chosen weekday.
 */
export function shiftRepeatProblem(
  first: string,
  weekdays: readonly number[],
  until: string,
): ShiftRepeatProblem | null {
  if (until < first) {
    return { rule: "until_before_first", field: "repeat.until", key: "schedule.repeatUntilBeforeDate" };
  }
  const count = countRepeatDates(first, weekdays, until);
  if (count > SHIFT_REPEAT_MAX) return { rule: "too_many", field: "repeat.until", key: "schedule.repeatTooMany" };
  if (count === 0) return { rule: "no_day", field: "repeat.weekdays", key: "schedule.repeatDaysRequired" };
  return null;
}
