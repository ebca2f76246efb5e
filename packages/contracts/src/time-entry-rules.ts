import { PUNCH_FUTURE_SLACK_MS } from "./time-clock.ts";

/**
 * A time entry's shape rules, pure: the server holds an entry a manager adds
 * or corrects to them before writing it (its first problem is the 422), and
 * the entry editor shows the same problems at their fields before sending.
 *
 * - in_future, out_future: neither the clock-in nor the clock-out is later
 *   than now (PUNCH_FUTURE_SLACK_MS allowed). Checked only when `now` is
 *   given: the server's clock decides, not a device's.
 * - out_not_after_in: the clock-out is after the clock-in.
 * - over_a_day: the clock-out is at most MANAGER_ENTRY_MINUTES after the
 *   clock-in (longer entries come only from a forgotten clock-out).
 * - break_outside: each break starts at or after the clock-in and after the
 *   break before it, ends after it starts, and ends by the clock-out; in a
 *   closed entry every break has ended.
 * - break_open_not_last: only the last break of an open entry may go on.
 * Problems come in that order (breaks in theirs, one problem a break at
 * most), each naming the request's field and its message key.
 */

/** A manager's entry lasts at most this long (a day). */
export const MANAGER_ENTRY_MINUTES = 24 * 60;

export type TimeEntryRule =
  | "in_future"
  | "out_future"
  | "out_not_after_in"
  | "over_a_day"
  | "break_outside"
  | "break_open_not_last";

/** What the rules read of an entry (instants as ISO strings); TimeEntry and the API's bodies fit. */
export interface TimeEntryShape {
  clock_in_at: string;
  /** null while the entry is open. */
  clock_out_at: string | null;
  breaks: readonly { starts_at: string; ends_at: string | null }[];
}

export interface TimeEntryProblem {
  rule: TimeEntryRule;
  /** The request's field: clock_in_at, clock_out_at or breaks.<index>. */
  field: string;
  /** The message key (validation namespace). */
  key: string;
}

const MINUTE = 60_000;

export function timeEntryProblems(entry: TimeEntryShape, options: { now?: number } = {}): TimeEntryProblem[] {
  const problems: TimeEntryProblem[] = [];
  const clockIn = Date.parse(entry.clock_in_at);
  const clockOut = entry.clock_out_at === null ? null : Date.parse(entry.clock_out_at);

  if (options.now !== undefined) {
    const latest = options.now + PUNCH_FUTURE_SLACK_MS;
    if (clockIn > latest) problems.push({ rule: "in_future", field: "clock_in_at", key: "timeClock.future" });
    if (clockOut !== null && clockOut > latest) {
      problems.push({ rule: "out_future", field: "clock_out_at", key: "timeClock.future" });
    }
  }
  if (clockOut !== null) {
    if (clockOut <= clockIn) {
      problems.push({ rule: "out_not_after_in", field: "clock_out_at", key: "timeClock.outBeforeIn" });
    } else if (clockOut - clockIn > MANAGER_ENTRY_MINUTES * MINUTE) {
      problems.push({ rule: "over_a_day", field: "clock_out_at", key: "timeClock.entryOverDay" });
    }
  }

  let last = clockIn;
  entry.breaks.forEach((item, index) => {
    const start = Date.parse(item.starts_at);
    const end = item.ends_at === null ? null : Date.parse(item.ends_at);
    const field = `breaks.${index}`;
    const outside =
      start < last || (end !== null && end <= start) || (clockOut !== null && (end === null || end > clockOut));
    if (outside) problems.push({ rule: "break_outside", field, key: "timeClock.breakOutside" });
    else if (end === null && index !== entry.breaks.length - 1) {
      problems.push({ rule: "break_open_not_last", field, key: "timeClock.breakOutside" });
    }
    last = end ?? start;
  });
  return problems;
}
