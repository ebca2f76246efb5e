import { DateTime } from "luxon";

/**
 * Times and days as the editor and the week's dialogs say them: read in the
 * board's zone, written by Intl in the reader's language (luxon's
 * toLocaleString), so 24-hour or AM/PM, digits and day names follow the
 * language, never the browser's own zone.
 */

/** "09:00" / "9:00 AM" — the wall-clock time of an instant in a zone. */
export function formatTime(instant: string, zone: string, language: string | undefined): string {
  return DateTime.fromISO(instant, { zone })
    .setLocale(language ?? "en")
    .toLocaleString(DateTime.TIME_SIMPLE);
}

/** "Tue, Mar 3" — a calendar date (YYYY-MM-DD), no zone involved. */
export function formatDay(date: string, language: string | undefined): string {
  return DateTime.fromISO(date, { zone: "UTC" })
    .setLocale(language ?? "en")
    .toLocaleString({ weekday: "short", month: "short", day: "numeric" });
}

/** "Mar 2 – 8, 2026" — a week's or any span's first and last day. */
export function formatDateRange(from: string, to: string, language: string | undefined): string {
  const day = (date: string) => DateTime.fromISO(date, { zone: "UTC" }).toJSDate();
  const format = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return format.formatRange(day(from), day(to));
}

/**
 * "Tue, Mar 3, 08:00–12:00" — a shift's day (its start day in the zone) and
 * times; an end on a later day is followed by that day ("22:00–06:00 (Wed, Mar 4)").
 */
export function formatShiftWhen(
  startsAt: string,
  endsAt: string,
  zone: string,
  language: string | undefined,
): { day: string; start: string; end: string; endDay: string | null } {
  const start = DateTime.fromISO(startsAt, { zone });
  const end = DateTime.fromISO(endsAt, { zone });
  const startDate = start.toISODate() ?? "";
  const endDate = end.toISODate() ?? "";
  return {
    day: formatDay(startDate, language),
    start: formatTime(startsAt, zone, language),
    end: formatTime(endsAt, zone, language),
    endDay: endDate !== startDate ? formatDay(endDate, language) : null,
  };
}

/** Weekday names in a language from the week's first day on: [["1", "Mon"], …] for a Monday week. */
export function weekdayChips(
  weekStart: number,
  language: string | undefined,
): Array<{ value: string; label: string; name: string }> {
  const short = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => {
    const day = (weekStart + i) % 7;
    // 7 January 2024 was a Sunday.
    const date = new Date(Date.UTC(2024, 0, 7 + day));
    return { value: String(day), label: short.format(date), name: long.format(date) };
  });
}
