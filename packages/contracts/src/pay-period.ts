import { addDays, compareDates, daysBetween, weekStartDate } from "./schedule-time.ts";
import type { PayPeriodKind } from "./time-clock.ts";

/**
 * Pay periods: the stretches of days a timesheet covers and a manager
 * approves. Pure calendar arithmetic on dates ("YYYY-MM-DD", computed with
 * Date.UTC through schedule-time's date helpers): no zone is involved, a
 * period is a run of calendar days, read in whatever zone each entry's day
 * was cut in.
 *
 * - weekly: the week (starting on `week_start`, 0 = Sunday … 6 = Saturday)
 *   holding the date;
 * - biweekly: 14-day periods, one of which starts on `pay_period_anchor`,
 *   running on from it both ways (dates before the anchor too);
 * - semimonthly: the 1st–15th and the 16th–last day of the month (28, 29,
 *   30 or 31).
 *
 * `end` is inclusive: a weekly period is { start, end: start + 6 }.
 */

export interface PayPeriod {
  /** The first day, "YYYY-MM-DD". */
  start: string;
  /** The last day (included). */
  end: string;
}

export interface PayPeriodSettings {
  pay_period: PayPeriodKind;
  /** The first day of one biweekly period (only biweekly reads it). */
  pay_period_anchor: string;
  /** 0 = Sunday … 6 = Saturday (only weekly reads it). */
  week_start: number;
}

const BIWEEKLY_DAYS = 14;

/** The last day of a date's month (Date.UTC's day 0 of the next month). */
function monthEnd(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The pay period holding `date`. */
export function payPeriodOf(date: string, settings: PayPeriodSettings): PayPeriod {
  // addDays(date, 0) checks the date's shape (a RangeError otherwise).
  const day = addDays(date, 0);
  switch (settings.pay_period) {
    case "weekly": {
      const start = weekStartDate(day, settings.week_start);
      return { start, end: addDays(start, 6) };
    }
    case "biweekly": {
      const since = daysBetween(settings.pay_period_anchor, day);
      const start = addDays(settings.pay_period_anchor, Math.floor(since / BIWEEKLY_DAYS) * BIWEEKLY_DAYS);
      return { start, end: addDays(start, BIWEEKLY_DAYS - 1) };
    }
    case "semimonthly": {
      const month = day.slice(0, 8);
      return Number(day.slice(8, 10)) <= 15
        ? { start: `${month}01`, end: `${month}15` }
        : { start: `${month}16`, end: monthEnd(day) };
    }
    default:
      throw new RangeError(`Not a pay period kind: ${String(settings.pay_period)}`);
  }
}

/** The period just before (-1) or after (1) `period`: the one holding the day before its start or after its end. */
export function stepPayPeriod(period: PayPeriod, settings: PayPeriodSettings, direction: -1 | 1): PayPeriod {
  return payPeriodOf(direction === 1 ? addDays(period.end, 1) : addDays(period.start, -1), settings);
}

/** Every period touching [from, to] (both included), in order; empty when `to` is before `from`. */
export function payPeriodsBetween(from: string, to: string, settings: PayPeriodSettings): PayPeriod[] {
  if (compareDates(addDays(to, 0), addDays(from, 0)) < 0) return [];
  const periods: PayPeriod[] = [];
  for (let period = payPeriodOf(from, settings); compareDates(period.start, to) <= 0; ) {
    periods.push(period);
    period = stepPayPeriod(period, settings, 1);
  }
  return periods;
}
