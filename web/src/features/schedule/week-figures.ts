import {
  defaultScheduleRules,
  paidMinutes,
  type RuleShift,
  type ScheduleRules,
  type Shift,
  type ShiftWarning,
  scheduleTotals,
  type WeekResponse,
  weekOf,
  weekWarnings,
} from "@workshift/contracts";
import { type AvailabilityIndex, indexAvailability, unavailableWarnings } from "./availability-days.ts";
import { boardZones } from "./board-zones.ts";
import { indexTimeOff, type LeaveIndex, leaveWarnings } from "./time-off-days.ts";
import type { DayTotals } from "./WeekGrid.tsx";
import type { RowTotals } from "./WeekRow.tsx";
import { boardDayFinder, OPEN_ROW } from "./week-rows.ts";

/**
 * The week's warnings and totals, from the shared scheduling rules (the same
 * ones the server answers with), so the board shows them without asking.
 * Each shift counts on its own board's day (zoneOfWork), on "all" and for a
 * person's shifts on other boards alike. Removals waiting for publish count
 * for nothing.
 */

const live = <T extends { status?: string }>(shifts: readonly T[]) => shifts.filter((s) => s.status !== "deleted");

function rulesLookup(week: Pick<WeekResponse, "boards">): (boardId: string) => ScheduleRules {
  const byBoard = new Map(week.boards.map((board) => [board.id, board.rules]));
  return (boardId) => byBoard.get(boardId) ?? week.boards[0]?.rules ?? defaultScheduleRules;
}

/**
 * Shift id → its warnings (rest, daily and weekly overtime, not on the job, in the person's
 * approved time off or unavailability), the person's other boards included. `availability` and
 * `leave` are the week's lookups when the caller already has them.
 */
export function boardWarnings(
  week: Pick<
    WeekResponse,
    | "boards"
    | "people"
    | "shifts"
    | "nearby_shifts"
    | "time_zone"
    | "week_start"
    | "start_date"
    | "availability"
    | "time_off"
  >,
  availability: AvailabilityIndex = indexAvailability(week.availability),
  leave: LeaveIndex = indexTimeOff(week.time_off),
): Map<string, ShiftWarning[]> {
  const jobs = new Map(week.people.map((person) => [person.user_id, person.job_ids]));
  const zoneOf = boardZones(week);
  const shifts: RuleShift[] = [...live(week.shifts), ...week.nearby_shifts];
  const all = weekWarnings(shifts, {
    rulesOf: rulesLookup(week),
    zoneOf,
    weekStart: week.week_start,
    jobIdsOf: (userId: string) => jobs.get(userId) ?? null,
  });
  // Only this board's shifts carry icons; a nearby shift's own warnings are for its board.
  const own = new Set(week.shifts.map((s) => s.id));
  const out = new Map<string, ShiftWarning[]>();
  for (const [id, list] of all) if (own.has(id) && list.length > 0) out.set(id, list);
  for (const [id, warning] of leaveWarnings(week.shifts, leave)) out.set(id, [...(out.get(id) ?? []), warning]);
  if (availability.size === 0) return out;
  // A shift is on its board's day (zoneOfWork); only shifts of people who gave hours are looked at.
  const dayOf = boardDayFinder(weekOf(week.start_date, week.time_zone, week.week_start).days, week.time_zone, zoneOf);
  const away = unavailableWarnings(week.shifts, availability, dayOf, zoneOf);
  for (const [id, warning] of away) out.set(id, [...(out.get(id) ?? []), warning]);
  return out;
}

/** The weekly limit a person's hours are held to: their (first shown) board's rule. */
export function weeklyLimitOf(week: Pick<WeekResponse, "boards">, boardIds: readonly string[]): number {
  const board = week.boards.find((b) => boardIds.includes(b.id)) ?? week.boards[0];
  return (board?.rules ?? defaultScheduleRules).weekly_limit_minutes;
}

export interface BoardTotals {
  /** Per person (by user id) and "open": paid minutes, cost, shifts, over the weekly limit. */
  people: Map<string, RowTotals>;
  /** Per day of the shown shifts. */
  days: Map<string, DayTotals>;
}

/**
 * People's totals count all their shifts on the shown boards (the hours a
 * person works do not shrink with a job filter); the days' totals count
 * what is shown. Cost is paid hours × the person's rate, else the job's.
 */
export function boardTotals(
  week: Pick<WeekResponse, "boards" | "people" | "jobs" | "shifts" | "nearby_shifts" | "time_zone" | "week_start">,
  shown: readonly Shift[],
  dates: readonly string[],
): BoardTotals {
  const personRate = new Map(week.people.map((p) => [p.user_id, p.hourly_rate]));
  const jobRate = new Map(week.jobs.map((j) => [j.id, j.hourly_rate]));
  const rateOf = (shift: RuleShift) =>
    (shift.user_id ? personRate.get(shift.user_id) : null) ?? (shift.job_id ? jobRate.get(shift.job_id) : null) ?? null;
  const context = { zoneOf: boardZones(week), weekStart: week.week_start, dates: [...dates], rateOf };

  const liveAll = live(week.shifts);
  const everyone = scheduleTotals(liveAll, context);
  const people = new Map<string, RowTotals>();
  for (const person of week.people) {
    const totals = everyone.people.get(person.user_id);
    if (!totals) continue;
    people.set(person.user_id, {
      minutes: totals.minutes,
      cost: totals.cost,
      shifts: totals.shifts,
      over: totals.minutes > weeklyLimitOf(week, person.board_ids),
    });
  }
  // Without a job filter the days count the same shifts: no second pass.
  const liveShown = shown === week.shifts ? liveAll : live(shown);
  const visible = liveShown === liveAll ? everyone : scheduleTotals(liveShown, context);
  const open = liveShown.filter((s) => s.user_id === null);
  if (open.length > 0) {
    const minutes = open.reduce((sum, s) => sum + paidMinutes(s.starts_at, s.ends_at, s.break_minutes), 0);
    people.set(OPEN_ROW, { minutes, cost: null, shifts: open.length, over: false });
  }
  const days = new Map<string, DayTotals>();
  for (const date of dates) {
    const day = visible.days.get(date);
    days.set(date, {
      minutes: day?.minutes ?? 0,
      headcount: day?.headcount ?? 0,
      cost: day?.cost ?? null,
      open: day?.open ?? 0,
    });
  }
  return { people, days };
}
