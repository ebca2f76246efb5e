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
