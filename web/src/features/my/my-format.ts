/**
 * Dates, times and amounts of "My shifts" in the reader's language (luxon with
 * setLocale, Intl underneath). Times are read in the shift's own zone; dates
 * ("YYYY-MM-DD") are calendar days, read at UTC so no zone moves them.
 */
import { DateTime, Info } from "luxon";

/** "Monday, June 8" / "الاثنين، ٨ يونيو": a day's heading. */
export function dayHeading(date: string, language: string): string {
  return DateTime.fromISO(date, { zone: "UTC" })
    .setLocale(language)
    .toLocaleString({ weekday: "long", day: "numeric", month: "long" });
}

/** "09:00" / "9:00 AM": an instant's wall clock in the zone. */
export function timeOf(instant: string, zone: string, language: string): string {
  return DateTime.fromISO(instant, { zone }).setLocale(language).toLocaleString(DateTime.TIME_SIMPLE);
}

/** "Jun 8 – 14, 2026": the week being shown. */
export function weekLabel(from: string, to: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return format.formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
}

/** "Jun 8, 2026": when something was made (an instant, in the reader's own zone). */
export function dateOfInstant(instant: string, language: string): string {
  return DateTime.fromISO(instant).setLocale(language).toLocaleString(DateTime.DATE_MED);
}

/** Paid minutes as hours, to a tenth ("38.5 h"): Intl's unit names, no hand-made plurals. */
export function hoursText(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "hour",
    unitDisplay: "narrow",
    maximumFractionDigits: 1,
  }).format(Math.round(minutes / 6) / 10);
}

/** "30 min": a break. */
export function minutesText(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short" }).format(minutes);
}

/**
 * The first day of the week where the reader lives (0 = Sunday … 6 =
 * Saturday): the organization's own week start is not given to employees, so
 * the locale's custom applies (Monday where the browser cannot tell).
 */
export function localeWeekStart(language: string): number {
  try {
    return Info.getStartOfWeek({ locale: language }) % 7;
  } catch {
    return 1;
  }
}

/** "Tue, Jun 16": the day an instant falls on in a zone (a shift's day in its board's zone). */
export function shortDayOf(instant: string, zone: string, language: string): string {
  return DateTime.fromISO(instant, { zone })
    .setLocale(language)
    .toLocaleString({ weekday: "short", day: "numeric", month: "short" });
}

/** "Tue, Jun 16": a calendar day (YYYY-MM-DD), whatever the zone. */
export function shortDate(date: string, language: string): string {
  return DateTime.fromISO(date, { zone: "UTC" })
    .setLocale(language)
    .toLocaleString({ weekday: "short", day: "numeric", month: "short" });
}

/** "09:00" / "9:00 AM": a wall-clock time ("HH:MM", "24:00" the day's end) in the reader's language. */
export function wallTime(time: string, language: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return DateTime.fromObject({ hour: hours % 24, minute: minutes }, { zone: "UTC" })
    .setLocale(language)
    .toLocaleString(DateTime.TIME_SIMPLE);
}

/** "Tue, Jun 16 09:00–17:00": a shift's day and times in its zone, in words (a button's accessible name). */
export function shiftWhen(shift: { starts_at: string; ends_at: string; time_zone: string }, language: string): string {
  const zone = shift.time_zone;
  return `${shortDayOf(shift.starts_at, zone, language)} ${timeOf(shift.starts_at, zone, language)}–${timeOf(shift.ends_at, zone, language)}`;
}
