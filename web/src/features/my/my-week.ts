/**
 * The week of "My shifts" on /my: which dates to ask for, and the
 * person's published shifts grouped by the day they start on, each read in
 * its own board's zone (never the browser's). Pure, so the daylight-saving
 * cases are tested without a browser.
 */
import {
  addDays,
  daysBetween,
  localDateOf,
  localTimeOf,
  type MyShift,
  paidMinutes,
  todayIn,
  weekStartDate,
} from "@workshift/contracts";

/** The dates a week covers: `from` … `to` (inclusive), as GET /api/my/shifts takes them. */
export interface WeekDates {
  from: string;
  to: string;
}

/**
 * The week `offset` weeks from the one holding `today` (0 = this week, -1 =
 * last week), starting on `weekStart` (0 = Sunday … 6 = Saturday).
 */
export function weekDates(today: string, weekStart: number, offset: number): WeekDates {
  const from = addDays(weekStartDate(today, weekStart), offset * 7);
  return { from, to: addDays(from, 6) };
}

/** Where a shift stands now: over, running, the next one to come, or later. */
export type ShiftTiming = "past" | "now" | "next" | "later";

export interface MyShiftItem {
  shift: MyShift;
  /** The day it starts on, in its board's zone (YYYY-MM-DD). */
  date: string;
  /** Wall clock in its board's zone ("HH:mm"). */
  startTime: string;
  endTime: string;
  /**
   * Days between the start's date and the end's (0 for a day shift, 1 for an
   * overnight one). A shift that ends at midnight ends with its day: 0.
   */
  endDayOffset: number;
  /** Elapsed minutes less the unpaid break (a DST night counts as it is lived). */
  paidMinutes: number;
  timing: ShiftTiming;
}

export interface MyDay {
  date: string;
  /** The day is today in the zone of its shifts. */
  today: boolean;
  shifts: MyShiftItem[];
}

export interface MyWeek {
  /** Only the days that have shifts, in order. */
  days: MyDay[];
  shiftCount: number;
  paidMinutes: number;
  /** The shift running now, else the first one to come, if this week holds it. */
  nextShiftId: string | null;
}

const MS = (instant: string) => Date.parse(instant);

/** Days from the start's date to the end's, with an end at exactly midnight kept on the day before. */
export function endDayOffset(startsAt: string, endsAt: string, zone: string): number {
  const startDate = localDateOf(startsAt, zone);
  const lastMoment = new Date(Math.max(MS(startsAt), MS(endsAt) - 1)).toISOString();
  return Math.max(0, daysBetween(startDate, localDateOf(lastMoment, zone)));
}

/**
 * The shifts grouped by the day they start on (in each shift's zone), in time
 * order, with the week's totals and the shift to highlight: the one running
 * now, else the first still to come.
 */
export function groupMyWeek(shifts: readonly MyShift[], now: Date): MyWeek {
  const nowMs = now.getTime();
  const sorted = [...shifts].sort((a, b) => MS(a.starts_at) - MS(b.starts_at) || a.id.localeCompare(b.id));
  const running = sorted.find((shift) => MS(shift.starts_at) <= nowMs && nowMs < MS(shift.ends_at));
  const coming = sorted.find((shift) => MS(shift.starts_at) > nowMs);
  const highlighted = running ?? coming ?? null;

  const byDate = new Map<string, MyDay>();
  let total = 0;
  for (const shift of sorted) {
    const zone = shift.time_zone;
    const date = localDateOf(shift.starts_at, zone);
    const paid = paidMinutes(shift.starts_at, shift.ends_at, shift.break_minutes);
    total += paid;
    let timing: ShiftTiming;
    if (shift === highlighted) timing = shift === running ? "now" : "next";
    else timing = MS(shift.ends_at) <= nowMs ? "past" : "later";
    const item: MyShiftItem = {
      shift,
      date,
      startTime: localTimeOf(shift.starts_at, zone),
      endTime: localTimeOf(shift.ends_at, zone),
      endDayOffset: endDayOffset(shift.starts_at, shift.ends_at, zone),
      paidMinutes: paid,
      timing,
    };
    const day = byDate.get(date);
    if (day) day.shifts.push(item);
    else byDate.set(date, { date, today: date === todayIn(zone, now), shifts: [item] });
  }
  const days = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { days, shiftCount: sorted.length, paidMinutes: total, nextShiftId: highlighted?.id ?? null };
}
