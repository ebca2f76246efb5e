import {
  type AvailabilityRuleInput,
  type BoardZoneOf,
  type ErrorCode,
  findOverlap,
  localDateOf,
  paidMinutes,
  type RequestImpact,
  type RuleShift,
  type ShiftWarning,
  shiftWarnings,
  unavailableDuring,
  weekStartDate,
} from "@workshift/contracts";
import type { ShiftNow } from "./impact-shift-data.ts";

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
  /** Coverage key → the shifts of that board's day for that job. */
  coverage: Map<string, { id: string; user_id: string | null }[]>;
  jobs: Map<string, string[]>;
  /** eligibilityKey()s answered yes. */
  eligible: Set<string>;
  availability: Map<string, AvailabilityRuleInput[]>;
  now: number;
}

export type ShiftFigures = Omit<RequestImpact, "blockers" | "entry" | "time_off_conflicts"> & { blockers: ErrorCode[] };

export const ruleShiftOf = (shift: ShiftNow, userId: string | null): RuleShift => ({
  id: shift.id,
  user_id: userId,
  board_id: shift.board_id,
  job_id: shift.job_id,
  starts_at: shift.starts_at,
  ends_at: shift.ends_at,
  break_minutes: shift.break_minutes,
});

/** The first day of the board's week holding the shift's day. */
export const weekOfShift = (shift: ShiftNow): string =>
  weekStartDate(localDateOf(shift.starts_at, shift.zone), shift.week_start);

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

/** Paid minutes of the shifts whose day (each on its own board's day) is in the week starting `week`. */
export function weekMinutes(
  shifts: readonly RuleShift[],
  week: string,
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
    if (weekStartDate(localDateOf(shift.starts_at, zoneOf(shift.board_id)), weekStart) !== week) continue;
    minutes += paidMinutes(shift.starts_at, shift.ends_at, shift.break_minutes);
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
        week_start: week,
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
  const shifts = facts.coverage.get(coverageKey(main)) ?? [];
  const to = new Map(moves.map((move) => [move.shift.id, move.to]));
  const count = (list: { user_id: string | null }[]) => ({
    assigned: new Set(list.flatMap((shift) => (shift.user_id === null ? [] : [shift.user_id]))).size,
    open: list.filter((shift) => shift.user_id === null).length,
  });
  const before = count(shifts);
  const after = count(shifts.map((shift) => (to.has(shift.id) ? { user_id: to.get(shift.id) ?? null } : shift)));
  return {
    board_id: main.board_id,
    job_id: main.job_id,
    date: localDateOf(main.starts_at, main.zone),
    assigned_before: before.assigned,
    assigned_after: after.assigned,
    open_before: before.open,
    open_after: after.open,
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
    const window = unavailableDuring(facts.availability.get(move.to) ?? [], shift.starts_at, shift.ends_at, shift.zone);
    if (window) {
      warnings.push({
        kind: "unavailable",
        shift_id: shift.id,
        user_id: move.to,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: window.date,
        note: window.note,
      });
      conflicts.push({
        user_id: move.to,
        shift_id: shift.id,
        starts_at: shift.starts_at,
        ends_at: shift.ends_at,
        time_zone: shift.zone,
      });
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
    coverage: coverageOf(moves, facts),
  };
}
