import { z } from "zod";
import type { PayPeriod } from "./pay-period.ts";
import { personIdSchema } from "./person-id.ts";
import {
  compareDates,
  dateOfDayNumber,
  datesBetween,
  dayNumberOf,
  localDayNumber,
  offsetMinutes,
  paidMinutes,
  weekStartDate,
} from "./schedule-time.ts";

/**
 * Timesheets, derived from time entries: pure, so the server's timesheets,
 * its payroll export and the web's views count the same minutes. Days and
 * weeks are cut by schedule-time.ts; lengths are elapsed time (differences
 * of instants, never of wall clocks).
 *
 * The rules:
 * - Zone: each entry and shift carries the zone its day is cut in
 *   (time_zone), chosen by the one rule of zone-of-work.ts: a shift's
 *   board's; for an entry, its shift's board's, else its job's own, else the
 *   organization's. The callers resolve it with zoneOfWork.
 * - Day: an entry sits wholly on the day its (rounded) clock-in falls on, in
 *   its zone. An overnight entry 22:00–06:00 belongs to its start day and
 *   counts its real elapsed time: 7 h over a spring-forward night, 9 h over a
 *   fall-back one.
 * - Rounding (rounding_minutes N > 0): clock-in, clock-out and each break's
 *   start and end are rounded to the NEAREST multiple of N minutes of the
 *   wall clock in the entry's zone (so 09:04 is 09:00 in Kathmandu, +05:45,
 *   with N = 10), a tie (exactly N/2, to the millisecond) rounding up. The
 *   same rule for every punch, both ways: never one that only favours the
 *   employer. A rounded time in a spring-forward gap is the instant as many
 *   minutes away (01:58 → "02:00" is 03:00 on a 02:00 → 03:00 night). N = 0:
 *   punches are taken as they are. `now` is never rounded.
 * - Minutes: elapsed = rounded out (or `now` while open) − rounded in;
 *   break_minutes = the breaks clipped to the entry (an open break counts to
 *   `now`; overlapping breaks count once); worked = elapsed − breaks. Each is
 *   rounded to the whole minute (half up) per entry, worked being elapsed
 *   minutes − break minutes; never below 0 (an open entry with `now` before
 *   its clock-in counts 0).
 * - Flagged: an entry is flagged when it is not `reviewed` and its length
 *   (clock-in to clock-out, or to `now` while open, as punched: not rounded,
 *   breaks not taken off) is MORE than open_limit_minutes. A flagged entry
 *   counts NOTHING (0 worked, 0 break, no regular, overtime or cost, and it
 *   does not count toward the day's or week's overtime thresholds): it is
 *   listed with flagged: true and its day is flagged, for a manager to check
 *   (a reviewed entry counts whatever its length).
 * - Scheduled: the paid minutes ((ends − starts) − break_minutes) of the
 *   person's shifts starting on the day, in the shift's zone (its board's).
 * - Overtime: the person's counted entries in chronological order (by rounded
 *   clock-in). Daily (overtime_daily_minutes): worked minutes of an entry's
 *   day past the limit are overtime. Weekly (overtime_weekly_minutes): weeks
 *   start on week_start and hold the entries whose day is in them; once the
 *   week's REGULAR minutes reach the limit, further minutes are overtime.
 *   Daily overtime does not count toward the weekly limit (FLSA style, no
 *   minute is overtime twice). An entry crossing a threshold is split into
 *   regular and overtime minutes. null turns a rule off.
 * - The week holding period.start may begin before it: the caller passes the
 *   entries from sheetWindow(period).from on; those before period.start count
 *   toward the weekly limit but are not in the result. Entries whose day is
 *   outside [sheetWindow.from, period.end], and other people's entries and
 *   shifts, are left out; a repeated entry id counts once (the first).
 * - Cost: per entry at rateOf(user, job_id): regular minutes × rate / 60 +
 *   overtime minutes × rate × overtime_multiplier / 60, summed and then
 *   rounded to cents (per day, per job, in total). Minutes without a rate add
 *   to uncosted_minutes; cost is null only when minutes were worked and none
 *   of them had a rate. pay = cost.
 * - by_job: regular, overtime and break minutes, rate and pay per job (the
 *   payroll export's rows), for the jobs with a counted entry in the period,
 *   in the order of their first entry. Each job's pay is rounded on its own,
 *   so the jobs' pays may differ from the total by a cent.
 * All numbers are whole minutes, except rates and money.
 */

export interface SheetEntry {
  id: string;
  user_id: string;
  job_id: string | null;
  shift_id: string | null;
  clock_in_at: string;
  /** null while clocked in. */
  clock_out_at: string | null;
  breaks: { starts_at: string; ends_at: string | null }[];
  reviewed: boolean;
  /** The zone its day is cut in: zoneOfWork (its shift's board's, else its job's, else the organization's). */
  time_zone: string;
}

export interface SheetShift {
  id: string;
  user_id: string | null;
  job_id: string | null;
  starts_at: string;
  ends_at: string;
  break_minutes: number;
  /** The zone its day is cut in: zoneOfWork, its board's. */
  time_zone: string;
}

export interface SheetRules {
  overtime_weekly_minutes: number | null;
  overtime_daily_minutes: number | null;
  overtime_multiplier: number;
  rounding_minutes: 0 | 5 | 10 | 15;
  open_limit_minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  week_start: number;
}

export interface SheetContext {
  period: PayPeriod;
  rules: SheetRules;
  /** The instant open entries and open breaks count to. */
  now: string;
  /** The hourly rate the person is paid on the job (the person's, else the job's), or null. */
  rateOf(userId: string, jobId: string | null): number | null;
}

const minutesSchema = z.number().int().min(0);
const moneySchema = z.number().nullable();

export const sheetDaySchema = z.object({
  date: z.string(),
  scheduled_minutes: minutesSchema,
  worked_minutes: minutesSchema,
  break_minutes: minutesSchema,
  regular_minutes: minutesSchema,
  overtime_minutes: minutesSchema,
  /** null when minutes were worked and none had a rate. */
  cost: moneySchema,
  /** The day's entries (flagged ones too), in chronological order. */
  entry_ids: z.array(z.string()),
  /** One of the day's entries is flagged (counted nothing). */
  flagged: z.boolean(),
  /**
   * Approved paid leave that day (time off of paid types), and unpaid leave, in
   * minutes: never worked, regular or overtime minutes. The server's timesheets
   * always send them (timesheet-leave.ts); the pure sheet leaves them out.
   */
  leave_minutes: minutesSchema.optional(),
  unpaid_leave_minutes: minutesSchema.optional(),
});
export type SheetDay = z.infer<typeof sheetDaySchema>;

export const sheetTotalsSchema = z.object({
  scheduled_minutes: minutesSchema,
  worked_minutes: minutesSchema,
  break_minutes: minutesSchema,
  regular_minutes: minutesSchema,
  overtime_minutes: minutesSchema,
  cost: moneySchema,
  /** The same as cost. */
  pay: moneySchema,
  /** Worked minutes without a rate (left out of cost). */
  uncosted_minutes: minutesSchema,
  /** Approved paid and unpaid leave in the period (see the day's); sent by the server's timesheets. */
  leave_minutes: minutesSchema.optional(),
  unpaid_leave_minutes: minutesSchema.optional(),
});
export type SheetTotals = z.infer<typeof sheetTotalsSchema>;

export const sheetEntryRowSchema = z.object({
  id: z.string(),
  date: z.string(),
  worked_minutes: minutesSchema,
  break_minutes: minutesSchema,
  rounded_in: z.string(),
  /** null while open. */
  rounded_out: z.string().nullable(),
  flagged: z.boolean(),
  open: z.boolean(),
  /** The zone its day was cut in and its times are read in (zoneOfWork). */
  time_zone: z.string(),
});
export type SheetEntryRow = z.infer<typeof sheetEntryRowSchema>;

export const sheetJobRowSchema = z.object({
  job_id: z.string().nullable(),
  regular_minutes: minutesSchema,
  overtime_minutes: minutesSchema,
  break_minutes: minutesSchema,
  rate: z.number().nullable(),
  pay: moneySchema,
});
export type SheetJobRow = z.infer<typeof sheetJobRowSchema>;

export const personTimesheetSchema = z.object({
  user_id: personIdSchema(),
  /** Every date of the period, in order. */
  days: z.array(sheetDaySchema),
  totals: sheetTotalsSchema,
  /** The entries of the period's days, in chronological order. */
  entries: z.array(sheetEntryRowSchema),
  by_job: z.array(sheetJobRowSchema),
});
export type PersonTimesheet = z.infer<typeof personTimesheetSchema>;

const MINUTE = 60_000;

/** The digits of `text` from `at` to `to` as a number, or -1 if any is not a digit. */
function digits(text: string, at: number, to: number): number {
  let value = 0;
  for (let i = at; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/**
 * An instant's milliseconds. Instants as toISOString writes them (as the
 * database and the API hand them over) are read digit by digit: a period of
 * 2,000 people reads ~160,000 of them, and Date.parse was a quarter of its
 * counting. Anything else, or a day past the 28th, is left to Date.parse.
 */
function instantMs(instant: string): number {
  if (isIso(instant) && instant[4] === "-" && instant[7] === "-" && instant[10] === "T") {
    const year = digits(instant, 0, 4);
    const month = digits(instant, 5, 7);
    const day = digits(instant, 8, 10);
    const hour = digits(instant, 11, 13);
    const minute = digits(instant, 14, 16);
    const second = digits(instant, 17, 19);
    const milli = digits(instant, 20, 23);
    if (
      instant[13] === ":" &&
      instant[16] === ":" &&
      year >= 1000 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 28 &&
      hour >= 0 &&
      hour <= 23 &&
      minute >= 0 &&
      minute <= 59 &&
      second >= 0 &&
      second <= 59 &&
      milli >= 0
    ) {
      return Date.UTC(year, month - 1, day, hour, minute, second, milli);
    }
  }
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${instant}`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** An instant as written by toISOString (24 characters, UTC with milliseconds): it can be handed on as it is. */
const isIso = (instant: string) => instant.length === 24 && instant[23] === "Z" && instant[19] === ".";
/** `ms` as an instant, reusing `instant` (whose milliseconds it is) when that is already written so. */
const isoOf = (ms: number, instant: string, instantMsValue: number) =>
  ms === instantMsValue && isIso(instant) ? instant : iso(ms);
const cents = (money: number) => Math.round((money + Number.EPSILON) * 100) / 100;
const costOf = (money: number, costedMinutes: number, workedMinutes: number) =>
  workedMinutes > 0 && costedMinutes === 0 ? null : cents(money);
const hasRate = (rate: number | null): rate is number => rate !== null && Number.isFinite(rate);

function roundMs(ms: number, stepMinutes: number, zone: string): number {
  if (!(stepMinutes > 0)) return ms;
  const step = stepMinutes * MINUTE;
  const wall = ms + offsetMinutes(ms, zone) * MINUTE;
  // Offsets change by whole hours (or half hours), multiples of every step: the
  // grid of round wall-clock times runs on unbroken across a clock change.
  return ms + Math.floor((wall + step / 2) / step) * step - wall;
}

/**
 * A punch rounded to the nearest multiple of `stepMinutes` minutes of the
 * wall clock in the zone (ties up; 0 = as it is), as an instant.
 */
export function roundPunch(instant: string, stepMinutes: number, zone: string): string {
  return iso(roundMs(instantMs(instant), stepMinutes, zone));
}

/**
 * The day an entry counts on: its clock-in rounded as the rules say, read in
 * its zone (zoneOfWork). Approvals lock by this day too, so what a timesheet shows
 * in an approved period is exactly what is locked.
 */
export function entryDate(clockInAt: string, roundingMinutes: number, zone: string): string {
  return dateOfDayNumber(localDayNumber(roundMs(instantMs(clockInAt), roundingMinutes, zone), zone));
}

/**
 * Whether an entry is flagged (it counts nothing until a manager checks it):
 * not reviewed, and open or lasting longer than the limit, to `now` if open.
 */
export function isFlaggedEntry(
  entry: Pick<SheetEntry, "clock_in_at" | "clock_out_at" | "reviewed">,
  openLimitMinutes: number,
  now: number,
): boolean {
  const end = entry.clock_out_at === null ? now : instantMs(entry.clock_out_at);
  return !entry.reviewed && (end - instantMs(entry.clock_in_at)) / MINUTE > openLimitMinutes;
}

/**
 * The dates whose entries a timesheet of `period` needs: from the first day
 * of the week holding period.start (weekly overtime counts the whole week) to
 * period.end. Entries sit on the day of their clock-in in their own zone,
 * so a caller loading by instant widens the range by a day each way (zones
 * are within ±14 h of UTC); personTimesheet leaves out the extra ones.
 */
export function sheetWindow(period: PayPeriod, weekStart: number): { from: string; to: string } {
  return { from: weekStartDate(period.start, weekStart), to: period.end };
}

/** The last period's dates: a team's timesheets ask for the same period once a person. */
let lastDates: { start: string; end: string; dates: readonly string[] } | null = null;

function periodDates(period: PayPeriod): readonly string[] {
  if (lastDates?.start !== period.start || lastDates.end !== period.end) {
    lastDates = { start: period.start, end: period.end, dates: datesBetween(period.start, period.end) };
  }
  return lastDates.dates;
}

interface Counted {
  entry: SheetEntry;
  date: string;
  /** Day number of the first day of its week (weeks start on rules.week_start). */
  week: number;
  in: number;
  rawIn: number;
  out: number | null;
  rawOut: number | null;
  worked: number;
  breaks: number;
  flagged: boolean;
  regular: number;
  overtime: number;
  rate: number | null;
  money: number;
}

/** Total length of intervals, overlaps counted once. */
function unionLength(intervals: [number, number][]): number {
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [start, stop] of intervals) {
    const from = Math.max(start, end);
    if (stop > from) total += stop - from;
    end = Math.max(end, stop);
  }
  return total;
}

/** The window's first and last day numbers (sheetWindow): entries are put on days by number, not by date text. */
interface DayWindow {
  from: number;
  to: number;
}

function measure(entry: SheetEntry, ctx: SheetContext, now: number, window: DayWindow): Counted | null {
  const { rules } = ctx;
  const zone = entry.time_zone;
  const rawIn = instantMs(entry.clock_in_at);
  const rawOut = entry.clock_out_at === null ? null : instantMs(entry.clock_out_at);
  const start = roundMs(rawIn, rules.rounding_minutes, zone);
  // The day of the rounded clock-in, as entryDate says.
  const day = localDayNumber(start, zone);
  if (day < window.from || day > window.to) return null;
  const out = rawOut === null ? null : roundMs(rawOut, rules.rounding_minutes, zone);
  const end = Math.max(start, out ?? now);
  const breaks: [number, number][] = entry.breaks.map((item) => [
    Math.max(start, roundMs(instantMs(item.starts_at), rules.rounding_minutes, zone)),
    Math.min(end, item.ends_at === null ? now : roundMs(instantMs(item.ends_at), rules.rounding_minutes, zone)),
  ]);
  // isFlaggedEntry, on the instants already read.
  const flagged = !entry.reviewed && ((rawOut ?? now) - rawIn) / MINUTE > rules.open_limit_minutes;
  const elapsedMinutes = Math.round((end - start) / MINUTE);
  const breakMinutes = Math.round(unionLength(breaks) / MINUTE);
  return {
    entry,
    date: dateOfDayNumber(day),
    // Day n is weekday (n + 4) % 7.
    week: day - ((((day + 4 - rules.week_start) % 7) + 7) % 7),
    in: start,
    rawIn,
    out,
    rawOut,
    worked: flagged ? 0 : elapsedMinutes - breakMinutes,
    breaks: flagged ? 0 : breakMinutes,
    flagged,
    regular: 0,
    overtime: 0,
    rate: null,
    money: 0,
  };
}

/** Splits each counted entry into regular and overtime minutes (entries in chronological order). */
function splitOvertime(entries: Counted[], rules: SheetRules): void {
  const dayWorked = new Map<string, number>();
  const weekRegular = new Map<number, number>();
  const daily = rules.overtime_daily_minutes;
  const weekly = rules.overtime_weekly_minutes;
  for (const item of entries) {
    if (item.flagged) continue;
    const before = dayWorked.get(item.date) ?? 0;
    dayWorked.set(item.date, before + item.worked);
    // The entry's last minutes past the day's limit are daily overtime …
    const dailyOvertime = daily === null ? 0 : Math.min(item.worked, Math.max(0, before + item.worked - daily));
    let regular = item.worked - dailyOvertime;
    // … and of the rest, those past the week's regular limit are weekly overtime.
    if (weekly !== null) {
      const weekBefore = weekRegular.get(item.week) ?? 0;
      regular = Math.min(regular, Math.max(0, weekly - weekBefore));
      weekRegular.set(item.week, weekBefore + regular);
    }
    item.regular = regular;
    item.overtime = item.worked - regular;
  }
}

interface Sum {
  worked: number;
  breaks: number;
  regular: number;
  overtime: number;
  money: number;
  costed: number;
  uncosted: number;
}

const newSum = (): Sum => ({ worked: 0, breaks: 0, regular: 0, overtime: 0, money: 0, costed: 0, uncosted: 0 });

function add(sum: Sum, item: Counted): void {
  sum.worked += item.worked;
  sum.breaks += item.breaks;
  sum.regular += item.regular;
  sum.overtime += item.overtime;
  sum.money += item.money;
  if (hasRate(item.rate)) sum.costed += item.worked;
  else sum.uncosted += item.worked;
}

/**
 * One person's timesheet for ctx.period (see the rules above). `entries` are
 * the person's entries from sheetWindow(period).from to period.end, `shifts`
 * their shifts starting in the period (other people's and other days' are
 * left out).
 */
export function personTimesheet(
  userId: string,
  entries: readonly SheetEntry[],
  shifts: readonly SheetShift[],
  ctx: SheetContext,
): PersonTimesheet {
  const { period, rules } = ctx;
  if (compareDates(period.start, period.end) > 0)
    throw new RangeError(`A period ends before it starts: ${period.start}–${period.end}`);
  if (!Number.isInteger(rules.week_start) || rules.week_start < 0 || rules.week_start > 6)
    throw new RangeError(`Not a weekday: ${rules.week_start}`);
  const now = instantMs(ctx.now);
  const dates = sheetWindow(period, rules.week_start);
  const window = { from: dayNumberOf(dates.from), to: dayNumberOf(dates.to) };
  const seen = new Set<string>();
  const counted: Counted[] = [];
  for (const entry of entries) {
    if (entry.user_id !== userId || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const item = measure(entry, ctx, now, window);
    if (item) counted.push(item);
  }
  counted.sort(
    (a, b) => a.in - b.in || a.rawIn - b.rawIn || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
  );
  splitOvertime(counted, rules);

  const days = new Map(
    periodDates(period).map((date) => [date, { sum: newSum(), scheduled: 0, ids: [] as string[], flagged: false }]),
  );
  const jobs = new Map<string | null, Sum & { rate: number | null }>();
  const total = newSum();
  const rows: SheetEntryRow[] = [];
  for (const item of counted) {
    // Entries of the week before period.start only counted toward its overtime.
    const day = days.get(item.date);
    if (!day) continue;
    if (!item.flagged) {
      item.rate = ctx.rateOf(userId, item.entry.job_id);
      if (hasRate(item.rate))
        item.money = (item.regular * item.rate + item.overtime * item.rate * rules.overtime_multiplier) / 60;
      add(day.sum, item);
      add(total, item);
      let job = jobs.get(item.entry.job_id);
      if (!job) {
        job = { ...newSum(), rate: item.rate };
        jobs.set(item.entry.job_id, job);
      }
      add(job, item);
    }
    day.ids.push(item.entry.id);
    day.flagged ||= item.flagged;
    rows.push({
      id: item.entry.id,
      date: item.date,
      worked_minutes: item.worked,
      break_minutes: item.breaks,
      rounded_in: isoOf(item.in, item.entry.clock_in_at, item.rawIn),
      rounded_out:
        item.out === null || item.entry.clock_out_at === null
          ? null
          : isoOf(item.out, item.entry.clock_out_at, item.rawOut as number),
      flagged: item.flagged,
      open: item.entry.clock_out_at === null,
      time_zone: item.entry.time_zone,
    });
  }

  let scheduled = 0;
  for (const shift of shifts) {
    if (shift.user_id !== userId) continue;
    const day = days.get(dateOfDayNumber(localDayNumber(instantMs(shift.starts_at), shift.time_zone)));
    if (!day) continue;
    const minutes = paidMinutes(shift.starts_at, shift.ends_at, shift.break_minutes);
    day.scheduled += minutes;
    scheduled += minutes;
  }

  const cost = costOf(total.money, total.costed, total.worked);
  return {
    user_id: userId,
    days: [...days].map(([date, day]) => ({
      date,
      scheduled_minutes: day.scheduled,
      worked_minutes: day.sum.worked,
      break_minutes: day.sum.breaks,
      regular_minutes: day.sum.regular,
      overtime_minutes: day.sum.overtime,
      cost: costOf(day.sum.money, day.sum.costed, day.sum.worked),
      entry_ids: day.ids,
      flagged: day.flagged,
    })),
    totals: {
      scheduled_minutes: scheduled,
      worked_minutes: total.worked,
      break_minutes: total.breaks,
      regular_minutes: total.regular,
      overtime_minutes: total.overtime,
      cost,
      pay: cost,
      uncosted_minutes: total.uncosted,
    },
    entries: rows,
    by_job: [...jobs].map(([jobId, job]) => ({
      job_id: jobId,
      regular_minutes: job.regular,
      overtime_minutes: job.overtime,
      break_minutes: job.breaks,
      rate: hasRate(job.rate) ? job.rate : null,
      pay: hasRate(job.rate) ? cents(job.money) : null,
    })),
  };
}

/** The totals of several people's timesheets (a team's period): the same numbers, added up. */
export function sumTimesheets(sheets: readonly PersonTimesheet[]): SheetTotals {
  const sum = {
    scheduled_minutes: 0,
    worked_minutes: 0,
    break_minutes: 0,
    regular_minutes: 0,
    overtime_minutes: 0,
    uncosted_minutes: 0,
  };
  let money = 0;
  for (const { totals } of sheets) {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += totals[key];
    money += totals.cost ?? 0;
  }
  const cost = costOf(money, sum.worked_minutes - sum.uncosted_minutes, sum.worked_minutes);
  return { ...sum, cost, pay: cost };
}
