import { IANAZone } from "luxon";
import { canonicalTimeZone } from "./time-zone.ts";

/**
 * Calendar and wall-clock arithmetic of the schedule, in a board's IANA zone:
 * the ONE place days and weeks are cut (the server and the web board both use
 * it), so both sides always agree on which day a shift sits on.
 *
 * Vocabulary:
 * - an instant is an ISO 8601 string in UTC ("2026-03-29T06:00:00.000Z");
 *   functions accept any ISO instant with an offset and answer in that form;
 * - a date is "YYYY-MM-DD", a time "HH:mm" (wall clock in the zone);
 * - weekdays are 0 = Sunday … 6 = Saturday (JavaScript's getDay, the boards'
 *   week_start).
 *
 * Wall clock → instant (instantAt and everything built on it):
 * - a time that does not exist (the spring-forward gap) moves forward by the
 *   length of the gap: 02:30 on a night that jumps 02:00 → 03:00 is 03:30;
 *   midnight in Beirut on 2026-03-29 (00:00 → 01:00) is 01:00;
 * - an ambiguous time (the autumn fall-back repeats an hour) is its EARLIER
 *   instant, the first time the clock shows it;
 * - so a day starts at local midnight, or at the first instant of the day
 *   when midnight does not exist, and lasts 1380, 1440 or 1500 minutes.
 *
 * Lengths are elapsed time: a 22:00–06:00 shift over a fall-back night lasts
 * 9 hours, over a spring-forward night 7.
 *
 * Only calendar dates are computed with Date.UTC (no zone is involved);
 * offsets come from luxon's IANA zone data (the runtime's Intl tzdata). The
 * process's own time zone never matters.
 */

export interface DayRange {
  date: string;
  /** The day's first instant (local midnight, or the first instant after a gap). */
  startsAt: string;
  /** The next day's first instant. */
  endsAt: string;
  /** Elapsed minutes: 1440, or 1380 / 1500 on a day the clocks change. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export interface WeekRange {
  startDate: string;
  /** The week's last day (startDate + 6). */
  endDate: string;
  startsAt: string;
  /** The first instant after the week (the start of the day after endDate). */
  endsAt: string;
  /** Elapsed minutes: 10080, or 10020 / 10140 (167 / 169 h) in a week the clocks change. */
  minutes: number;
  days: DayRange[];
}

export interface MonthRange {
  month: string;
  /** Every day of the month. */
  days: DayRange[];
  /** First and last day of the whole weeks covering the month (a month calendar's grid). */
  gridStartDate: string;
  gridEndDate: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_SHAPE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MONTH_SHAPE = /^(\d{4})-(0[1-9]|1[0-2])$/;

// ---------------------------------------------------------------- calendar dates

/** Milliseconds of the date's midnight as if it were UTC (calendar arithmetic only). */
function dateMs(date: string): number {
  const match = DATE_SHAPE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return ms;
}

/** YYYY-MM-DD of a UTC-as-calendar millisecond value (4-digit years only, as the board's range). */
function msDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Minutes since midnight of "HH:mm". */
function timeMinutes(time: string): number {
  const match = TIME_SHAPE.exec(time);
  if (!match) throw new RangeError(`Not a time (HH:mm): ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function instantMs(instant: string): number {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${instant}`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function addDays(date: string, n: number): string {
  return msDate(dateMs(date) + n * DAY);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dateMs(date)).getUTCDay();
}

/** Negative, 0 or positive, as for Array.prototype.sort. */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY);
}

/** Every date from `from` to `to`, both included (empty when `to` is earlier). */
export function datesBetween(from: string, to: string): string[] {
  const first = dateMs(from);
  const last = dateMs(to);
  const dates: string[] = [];
  for (let ms = first; ms <= last; ms += DAY) dates.push(msDate(ms));
  return dates;
}

/** The first day of the week (starting on `weekStart`) that holds `date`. */
export function weekStartDate(date: string, weekStart: number): string {
  if (!Number.isInteger(weekStart) || weekStart < 0 || weekStart > 6)
    throw new RangeError(`Not a weekday: ${weekStart}`);
  return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
}

// ---------------------------------------------------------------- zone offsets

/**
 * Offsets are looked up often (a board of 3,000 shifts), and luxon asks Intl
 * each time (about as slow as the rest of a shift's rules together); they are
 * remembered per zone by hour, trusted only when both ends of the hour agree
 * (no change inside it), else asked exactly. By hour rather than by quarter:
 * a week's shifts start in a few dozen hours but in hundreds of quarters.
 */
const BLOCK = 60 * MINUTE;
/** hourMarks' step (a zone's own half-hours). */
const QUARTER = 15 * MINUTE;
const CACHE_LIMIT = 100_000;
const zones = new Map<string, { zone: IANAZone; blocks: Map<number, number> }>();

function zoneData(zone: string) {
  let data = zones.get(zone);
  if (!data) {
    if (canonicalTimeZone(zone) === null) throw new RangeError(`Unknown time zone: ${zone}`);
    data = { zone: IANAZone.create(zone), blocks: new Map() };
    zones.set(zone, data);
  }
  return data;
}

/** The zone's offset from UTC in minutes at an instant (Paris in summer: 120). */
export function offsetMinutes(ms: number, zone: string): number {
  const data = zoneData(zone);
  const block = Math.floor(ms / BLOCK) * BLOCK;
  const known = data.blocks.get(block);
  if (known !== undefined) return known;
  const at = data.zone.offset(ms);
  const start = data.zone.offset(block);
  if (start === data.zone.offset(block + BLOCK - 1) && start === at) {
    if (data.blocks.size >= CACHE_LIMIT) data.blocks.clear();
    data.blocks.set(block, start);
  }
  return at;
}

/** Wall-clock milliseconds (UTC-as-calendar) of an instant in the zone. */
function wallMs(ms: number, zone: string): number {
  return ms + offsetMinutes(ms, zone) * MINUTE;
}

/**
 * The instant a wall-clock time (as UTC-as-calendar milliseconds) shows in the
 * zone: the earlier one when it is shown twice, moved forward by the gap when
 * it is never shown.
 */
function instantOfWall(wall: number, zone: string): number {
  // Every offset in force within a day either side (zones are within ±14 h of UTC).
  const before = offsetMinutes(wall - DAY, zone);
  const after = offsetMinutes(wall + DAY, zone);
  let best: number | null = null;
  for (const offset of before === after ? [before] : [before, after]) {
    const ms = wall - offset * MINUTE;
    if (offsetMinutes(ms, zone) === offset && (best === null || ms < best)) best = ms;
  }
  if (best !== null) return best;
  // In a gap: read the wall clock with the offset from before the change, which
  // lands as far past the change as the time was past the gap's start.
  return wall - before * MINUTE;
}

/**
 * Days since 1970-01-01 of the date an instant (epoch milliseconds) falls on
 * in the zone: a cheap key for grouping many shifts by day (dateOfDayNumber
 * turns it back into a date). Day n is a weekday (n + 4) % 7.
 */
export function localDayNumber(ms: number, zone: string): number {
  return Math.floor(wallMs(ms, zone) / DAY);
}

/** Day numbers' dates, remembered: a period's many entries and shifts fall on a few dozen days. */
const dayDates = new Map<number, string>();

/** "YYYY-MM-DD" of a day number (see localDayNumber). */
export function dateOfDayNumber(day: number): string {
  let date = dayDates.get(day);
  if (date === undefined) {
    if (dayDates.size >= CACHE_LIMIT) dayDates.clear();
    date = msDate(day * DAY);
    dayDates.set(day, date);
  }
  return date;
}

/** The day number of a date (see localDayNumber). */
export function dayNumberOf(date: string): number {
  return Math.round(dateMs(date) / DAY);
}

// ---------------------------------------------------------------- instants and wall clock

/** Today's date in the zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return msDate(wallMs(now.getTime(), zone));
}

/** The day an instant falls on in the zone (a shift sits on the day it starts). */
export function localDateOf(instant: string, zone: string): string {
  return msDate(wallMs(instantMs(instant), zone));
}

/** "HH:mm" an instant shows in the zone. */
export function localTimeOf(instant: string, zone: string): string {
  return new Date(wallMs(instantMs(instant), zone)).toISOString().slice(11, 16);
}

/**
 * The instant of a wall-clock date and time in the zone. A time in the
 * spring-forward gap moves forward by the gap (02:30 → 03:30 on a one-hour
 * gap); a time shown twice in the autumn takes the earlier instant.
 */
export function instantAt(date: string, time: string, zone: string): string {
  return iso(instantOfWall(dateMs(date) + timeMinutes(time) * MINUTE, zone));
}

/**
 * The instants of a shift from its day and wall-clock times: an end at or
 * before the start is on the next day (22:00–06:00 is overnight). The length
 * is the real elapsed time. In the rare case where the start falls in a
 * spring-forward gap and moves past the end (02:30–03:00 on a 02:00 → 03:00
 * night), endsAt is not after startsAt and the shift schema refuses it.
 */
export function shiftInstants(
  date: string,
  startTime: string,
  endTime: string,
  zone: string,
): { startsAt: string; endsAt: string } {
  const overnight = timeMinutes(endTime) <= timeMinutes(startTime);
  return {
    startsAt: instantAt(date, startTime, zone),
    endsAt: instantAt(overnight ? addDays(date, 1) : date, endTime, zone),
  };
}

/**
 * The same wall-clock time `days` later (or earlier) in the zone: copying a
 * week, repeating a shift, dragging it to another day. Seconds are kept; a
 * missing or doubled result is resolved as in instantAt.
 */
export function moveKeepingWallClock(instant: string, days: number, zone: string): string {
  const ms = instantMs(instant);
  if (days === 0) return iso(ms);
  return iso(instantOfWall(wallMs(ms, zone) + days * DAY, zone));
}

/** Elapsed minutes between two instants (rounded to the minute). */
export function shiftMinutes(startsAt: string, endsAt: string): number {
  return Math.round((instantMs(endsAt) - instantMs(startsAt)) / MINUTE);
}

/** Elapsed minutes less the unpaid break, never below 0. */
export function paidMinutes(startsAt: string, endsAt: string, breakMinutes: number): number {
  return Math.max(0, shiftMinutes(startsAt, endsAt) - breakMinutes);
}

// ---------------------------------------------------------------- days, weeks, months

/** The day's first instant in the zone (local midnight, or the first instant after a gap at midnight). */
export function dayStartOf(date: string, zone: string): string {
  return iso(instantOfWall(dateMs(date), zone));
}

export function dayOf(date: string, zone: string): DayRange {
  const start = instantOfWall(dateMs(date), zone);
  const end = instantOfWall(dateMs(date) + DAY, zone);
  return {
    date,
    startsAt: iso(start),
    endsAt: iso(end),
    minutes: Math.round((end - start) / MINUTE),
    weekday: weekdayOf(date),
  };
}

/** The week (7 days from the last `weekStart` day on or before `date`) in the zone. */
export function weekOf(date: string, zone: string, weekStart: number): WeekRange {
  const startDate = weekStartDate(date, weekStart);
  const days = datesBetween(startDate, addDays(startDate, 6)).map((day) => dayOf(day, zone));
  const first = days[0] as DayRange;
  const last = days[6] as DayRange;
  return {
    startDate,
    endDate: last.date,
    startsAt: first.startsAt,
    endsAt: last.endsAt,
    minutes: shiftMinutes(first.startsAt, last.endsAt),
    days,
  };
}

/** The days of a month ("YYYY-MM") and the whole weeks a month calendar shows around them. */
export function monthOf(month: string, zone: string, weekStart: number): MonthRange {
  const match = MONTH_SHAPE.exec(month);
  if (!match) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  const first = `${month}-01`;
  const last = msDate(Date.UTC(Number(match[1]), Number(match[2]), 0));
  return {
    month,
    days: datesBetween(first, last).map((day) => dayOf(day, zone)),
    gridStartDate: weekStartDate(first, weekStart),
    gridEndDate: addDays(weekStartDate(last, weekStart), 6),
  };
}

/** "YYYY-MM" of a date. */
export const monthOfDate = (date: string): string => date.slice(0, 7);

// ---------------------------------------------------------------- timelines

/**
 * Elapsed minutes from the start of `date` (in the zone) to the instant: where
 * a shift sits on a day's timeline. Negative before the day; past the day's
 * length for the part of an overnight shift in the next day.
 */
export function minutesSinceDayStart(instant: string, date: string, zone: string): number {
  return Math.round((instantMs(instant) - instantOfWall(dateMs(date), zone)) / MINUTE);
}

/** The instant `minutes` of elapsed time after the start of `date` (a point picked on a day's timeline). */
export function instantAfterDayStart(date: string, minutes: number, zone: string): string {
  return iso(instantOfWall(dateMs(date), zone) + minutes * MINUTE);
}

export interface HourMark {
  /** Elapsed minutes since the day's start. */
  minutes: number;
  /** What the clock shows ("01:00" twice on a fall-back day; no "02:00" on a spring-forward one). */
  time: string;
  instant: string;
}

/**
 * The whole hours of a day's timeline, each at its elapsed position: 23, 24
 * or 25 marks. On a clock-change day labels skip or repeat as the clock does.
 */
export function hourMarks(date: string, zone: string): HourMark[] {
  const start = instantOfWall(dateMs(date), zone);
  const end = instantOfWall(dateMs(date) + DAY, zone);
  const marks: HourMark[] = [];
  // The first whole hour of wall clock at or after the start, then every elapsed hour that shows :00 … or the
  // zone's own half-hour: walk in quarter hours and keep each instant whose wall clock is on the hour.
  for (let ms = start; ms < end; ms += QUARTER) {
    const wall = wallMs(ms, zone);
    if (wall % (60 * MINUTE) === 0) {
      marks.push({
        minutes: Math.round((ms - start) / MINUTE),
        time: new Date(wall).toISOString().slice(11, 16),
        instant: iso(ms),
      });
    }
  }
  return marks;
}

// ---------------------------------------------------------------- repeats

/**
 * Dates from `firstDate` to `until` (both included) whose weekday is in
 * `weekdays`, at most `max` of them (the first ones). Callers that must
 * refuse a repeat that is too long compare countRepeatDates with the limit.
 */
export function repeatDates(firstDate: string, weekdays: readonly number[], until: string, max: number): string[] {
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  const last = dateMs(until);
  for (let ms = dateMs(firstDate); ms <= last && dates.length < max; ms += DAY) {
    if (wanted.has(new Date(ms).getUTCDay())) dates.push(msDate(ms));
  }
  return dates;
}

/** How many dates repeatDates would give with no limit (counted, not listed). */
export function countRepeatDates(firstDate: string, weekdays: readonly number[], until: string): number {
  const days = daysBetween(firstDate, until) + 1;
  if (days <= 0) return 0;
  const wanted = new Set(weekdays.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6));
  const weeks = Math.floor(days / 7);
  let count = weeks * wanted.size;
  const firstWeekday = weekdayOf(firstDate);
  for (let i = 0; i < days % 7; i++) if (wanted.has((firstWeekday + i) % 7)) count++;
  return count;
}
