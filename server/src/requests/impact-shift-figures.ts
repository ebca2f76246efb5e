import {
  type AvailabilityRuleInput,
  type BoardZoneOf,
  dateOfDayNumber,
  type ErrorCode,
  findOverlap,
  localDateOf,
  localDayNumber,
  type RequestImpact,
  type RuleShift,
  type ShiftWarning,
  shiftWarnings,
} from "@workshift/contracts";
import { unavailableWarning } from "../availability/warnings.ts";
import { leaveWarningOf } from "../schedule/leave-checks.ts";
import type { LeaveDay } from "../time-off/leave-days-read.ts";
import type { CoverageCount, ShiftNow } from "./impact-shift-data.ts";

/**
 * The impact of a claim, a cover or a swap, pure: given the shifts as they
 * are now and the people's shifts around them, who works what after, the
 * weekly minutes before → after, the rules' warnings, unavailability and
 * coverage. The board's own rules (schedule-rules.ts) decide the warnings.
 */

/** One shift changing hands: who works it now, and who would after (null: open). */
export interface Move {
  shift: ShiftNow;
  from: string | null;
  to: string | null;
}

/** What the figures read besides the moves (loaded for a whole page). */
export interface ShiftFacts {
  /** Each concerned person's shifts around the moved ones (drafts, pending removals left out). */
  around: Map<string, RuleShift[]>;
  /** Board → zone, for the people's shifts on other boards. */
  zones: Map<string, string>;
  /** Coverage key → that board's day for that job, counted. */
  coverage: Map<string, CoverageCount>;
  jobs: Map<string, string[]>;
  /** eligibilityKey()s answered yes. */
  eligible: Set<string>;
  availability: Map<string, AvailabilityRuleInput[]>;
  /** The takers' approved leave around the moved shifts (on_leave, time_off_conflicts). */
  leave?: Map<string, LeaveDay[]>;
  now: number;
}

export type ShiftFigures = Omit<RequestImpact, "blockers" | "entry" | "time_off"> & {
  blockers: ErrorCode[];
};

export const ruleShiftOf = (shift: ShiftNow, userId: string | null): RuleShift => ({
  id: shift.id,
  user_id: userId,
  board_id: shift.board_id,
  job_id: shift.job_id,
  starts_at: shift.starts_at,
  ends_at: shift.ends_at,
  break_minutes: shift.break_minutes,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day number (localDayNumber) of the first day of the week holding `day`; day 0 (1970-01-01) was a Thursday. */
export const weekNumberOf = (day: number, weekStart: number): number => day - ((((day + 4 - weekStart) % 7) + 7) % 7);

/** The day number of the first day of the board's week holding the shift's day. */
export const weekOfShift = (shift: ShiftNow): number =>
  weekNumberOf(localDayNumber(Date.parse(shift.starts_at), shift.zone), shift.week_start);

/**
 * The instants between which a person's other shifts can matter to taking
 * `shift`: its board's week (the weekly minutes) and the rest rule around it,
 * widened by a day each way (other boards' days are cut in their own zones)
 * and by the most a zone is off UTC, so day numbers do without the calendar.
 */
export function windowOf(shift: ShiftNow): { from: string; to: string } {
  const week = weekOfShift(shift);
  const rest = shift.rules.min_rest_minutes * 60_000;
  const from = Math.min(week * DAY_MS, Date.parse(shift.starts_at) - rest) - 2 * DAY_MS;
  const to = Math.max((week + 7) * DAY_MS, Date.parse(shift.ends_at) + rest) + 2 * DAY_MS;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** The key of the shift's board's day for its job (coverage). */
export const coverageKey = (shift: ShiftNow): string =>
  `${shift.board_id}|${shift.job_id ?? ""}|${localDateOf(shift.starts_at, shift.zone)}`;

/** A person's shifts once the moves are made: the ones moved away gone, the ones moved to them added. */
export function shiftsAfter(userId: string, shifts: readonly RuleShift[], moves: readonly Move[]): RuleShift[] {
  const moved = new Set(moves.map((move) => move.shift.id));
  const kept = shifts.filter((shift) => shift.id === null || !moved.has(shift.id));
  const taken = moves.filter((move) => move.to === userId).map((move) => ruleShiftOf(move.shift, userId));
  return [...kept, ...taken];
}

/** Paid minutes of the shifts whose day (each on its own board's day) is in the week starting on day number `week`. */
export function weekMinutes(
  shifts: readonly RuleShift[],
  week: number,
  weekStart: number,
  zoneOf: BoardZoneOf,
): number {
  let minutes = 0;
  const seen = new Set<string>();
  for (const shift of shifts) {
    if (shift.id !== null) {
      if (seen.has(shift.id)) continue;
      seen.add(shift.id);
    }
    const start = Date.parse(shift.starts_at);
    if (weekNumberOf(localDayNumber(start, zoneOf(shift.board_id)), weekStart) !== week) continue;
    minutes += Math.max(0, Math.round((Date.parse(shift.ends_at) - start) / 60_000) - shift.break_minutes);
  }
  return minutes;
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function hoursOf(moves: readonly Move[], people: readonly string[], facts: ShiftFacts, zoneOf: BoardZoneOf) {
  const hours: ShiftFigures["hours"] = [];
  const seen = new Set<string>();
  for (const userId of people) {
    const before = facts.around.get(userId) ?? [];
    const after = shiftsAfter(userId, before, moves);
    for (const move of moves) {
      if (move.from !== userId && move.to !== userId) continue;
      const week = weekOfShift(move.shift);
      if (seen.has(`${userId}|${week}`)) continue;
      seen.add(`${userId}|${week}`);
      hours.push({
        user_id: userId,
        week_start: dateOfDayNumber(week),
        before_minutes: weekMinutes(before, week, move.shift.week_start, zoneOf),
        after_minutes: weekMinutes(after, week, move.shift.week_start, zoneOf),
        limit_minutes: move.shift.rules.weekly_limit_minutes,
      });
    }
  }
  return hours;
}

function coverageOf(moves: readonly Move[], facts: ShiftFacts): ShiftFigures["coverage"] {
  const main = moves[0]?.shift;
  if (!main) return null;
  const key = coverageKey(main);
  const day = facts.coverage.get(key) ?? { assigned: 0, open: 0, shiftsOf: new Map<string, string[]>() };
  // The moves of shifts on that day: the rest of the day stays as it is.
  const here = moves.filter((move) => coverageKey(move.shift) === key);
  const moved = new Set(here.map((move) => move.shift.id));
  let open = day.open;
  for (const move of here) open += (move.to === null ? 1 : 0) - (move.from === null ? 1 : 0);
  let assigned = day.assigned;
  const people = new Set(here.flatMap((move) => [move.from, move.to]).filter((id): id is string => id !== null));
  for (const userId of people) {
    const theirs = day.shiftsOf.get(userId) ?? [];
    const before = theirs.length > 0;
    const after = theirs.some((id) => !moved.has(id)) || here.some((move) => move.to === userId);
    assigned += Number(after) - Number(before);
  }
  return {
    board_id: main.board_id,
    job_id: main.job_id,
    date: localDateOf(main.starts_at, main.zone),
    assigned_before: day.assigned,
    assigned_after: assigned,
    open_before: day.open,
    open_after: open,
  };
}

/**
 * The figures of one request's moves; `people` are the persons concerned
 * (author first). `eligibilityKeyOf` names the question eligibleSet answered.
 */
export function shiftFigures(
  moves: readonly Move[],
  people: readonly string[],
  facts: ShiftFacts,
  eligibilityKeyOf: (userId: string, shift: ShiftNow) => string,
): ShiftFigures {
  const blockers: ErrorCode[] = [];
  const warnings: ShiftWarning[] = [];
  const conflicts: ShiftFigures["availability_conflicts"] = [];
  const leaveConflicts: ShiftFigures["time_off_conflicts"] = [];
  for (const move of moves) {
    if (Date.parse(move.shift.starts_at) <= facts.now) blockers.push("request_shift_started");
    if (move.to === null) continue;
    const shift = move.shift;
    const zoneOf = (boardId: string) =>
      boardId === shift.board_id ? shift.zone : (facts.zones.get(boardId) ?? shift.zone);
    const candidate = ruleShiftOf(shift, move.to);
    const others = shiftsAfter(move.to, facts.around.get(move.to) ?? [], moves);
    if (findOverlap(candidate, others)) blockers.push("shift_overlap");
    if (!facts.eligible.has(eligibilityKeyOf(move.to, shift))) blockers.push("request_not_eligible");
    warnings.push(
      ...shiftWarnings(candidate, others, {
        rules: shift.rules,
        zoneOf,
        weekStart: shift.week_start,
        personJobIds: facts.jobs.get(move.to) ?? [],
      }),
    );
    const unavailable = unavailableWarning(
      { id: shift.id, user_id: move.to, starts_at: shift.starts_at, ends_at: shift.ends_at },
      facts.availability.get(move.to),
      shift.zone,
    );
    if (unavailable) {
      warnings.push(unavailable);
      conflicts.push({
        user_id: move.to,
        shift_id: shift.id,
        starts_at: shift.starts_at,
        ends_at: shift.ends_at,
        time_zone: shift.zone,
      });
    }
    const onLeave = leaveWarningOf(
      { id: shift.id, user_id: move.to, starts_at: shift.starts_at, ends_at: shift.ends_at },
      facts.leave?.get(move.to) ?? [],
    );
    if (onLeave) {
      warnings.push(onLeave);
      leaveConflicts.push({ user_id: move.to, date: onLeave.date ?? "" });
    }
  }
  const zoneOf = (boardId: string) =>
    moves.find((move) => move.shift.board_id === boardId)?.shift.zone ?? facts.zones.get(boardId) ?? "UTC";
  return {
    blockers: unique(blockers),
    assignments: moves.map((move) => ({ shift_id: move.shift.id, from_user_id: move.from, to_user_id: move.to })),
    hours: hoursOf(moves, people, facts, zoneOf),
    warnings,
    availability_conflicts: conflicts,
    time_off_conflicts: leaveConflicts,
    coverage: coverageOf(moves, facts),
  };
}
