import { addDays, datesBetween, type MonthResponse, weekdayOf, weekStartDate } from "@workshift/contracts";

/**
 * The month calendar's layout (pure, so it is tested without a browser):
 * whole weeks from the board's week start covering the month, the weekday
 * headings in the reader's language, and the month's totals.
 */

export interface MonthCell {
  date: string;
  /** Days of the weeks around the month are shown dimmed. */
  inMonth: boolean;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The last day of a month ("YYYY-MM"). */
export function lastDateOf(month: string): string {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).toISOString().slice(0, 10);
}

/** The month's weeks (4 to 6 rows of 7 days), each starting on `weekStart` (0 = Sunday … 6 = Saturday). */
export function monthWeeks(month: string, weekStart: number): MonthCell[][] {
  const first = `${month}-01`;
  const last = lastDateOf(month);
  const dates = datesBetween(weekStartDate(first, weekStart), addDays(weekStartDate(last, weekStart), 6));
  const weeks: MonthCell[][] = [];
  for (let i = 0; i < dates.length; i += 7) {
    weeks.push(
      dates.slice(i, i + 7).map((date) => ({ date, inMonth: date.slice(0, 7) === month, weekday: weekdayOf(date) })),
    );
  }
  return weeks;
}

export interface WeekdayName {
  weekday: number;
  /** "M" */
  narrow: string;
  /** "Mon" */
  short: string;
  /** "Monday" */
  long: string;
}

/** The weekday headings in a language, from the week's first day on. */
export function weekdayNames(weekStart: number, language: string | undefined): WeekdayName[] {
  const format = (weekday: "narrow" | "short" | "long") =>
    new Intl.DateTimeFormat(language, { weekday, timeZone: "UTC" });
  const narrow = format("narrow");
  const short = format("short");
  const long = format("long");
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = (weekStart + i) % 7;
    // 7 January 2024 was a Sunday.
    const at = new Date(Date.UTC(2024, 0, 7 + weekday));
    return { weekday, narrow: narrow.format(at), short: short.format(at), long: long.format(at) };
  });
}

export type MonthDay = MonthResponse["days"][number];

export interface MonthTotals {
  shifts: number;
  openShifts: number;
  unpublished: number;
  /** Paid minutes. */
  minutes: number;
  cost: number;
}

export function monthTotals(days: readonly MonthDay[]): MonthTotals {
  const totals: MonthTotals = { shifts: 0, openShifts: 0, unpublished: 0, minutes: 0, cost: 0 };
  for (const day of days) {
    totals.shifts += day.shifts;
    totals.openShifts += day.open_shifts;
    totals.unpublished += day.unpublished;
    totals.minutes += day.minutes;
    totals.cost += day.cost;
  }
  totals.cost = Math.round(totals.cost * 100) / 100;
  return totals;
}

/** Where focus goes from a day with an arrow key: a day to the side (mirrored in right-to-left), a week up or down. */
export function stepDay(date: string, key: string, rtl: boolean): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, rtl ? 1 : -1);
    case "ArrowRight":
      return addDays(date, rtl ? -1 : 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    default:
      return null;
  }
}
