import { timesheetExportBaseName } from "@workshift/contracts";

/**
 * The time clock's numbers in the reader's language, each Intl formatter
 * made once per language (and currency): hours as payroll writes them
 * (decimal, two places: 7.50), durations as people say them (2 h 15 min),
 * money in the organization's currency. The figures are the API's; these
 * only write them.
 */

const cache = new Map<string, unknown>();

function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Minutes as decimal hours with two places ("7.50", "٧٫٥٠"): what a timesheet and payroll read. */
export function formatHours(minutes: number, language: string | undefined): string {
  const format = cached(
    `hours|${language}`,
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  return format.format(Math.round(minutes) / 60);
}

/** Minutes as a spoken length: "45 min", "8 h", "2 h 15 min" (negative ones keep their sign). */
export function formatDuration(minutes: number, language: string | undefined): string {
  const sign = minutes < 0 ? "-" : "";
  const total = Math.abs(Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const unit = (value: number, name: "hour" | "minute") =>
    cached(
      `unit|${language}|${name}`,
      () => new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }),
    ).format(value);
  if (rest === 0 && hours > 0) return sign + unit(hours, "hour");
  if (hours === 0) return sign + unit(rest, "minute");
  return `${sign}${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** An amount in the currency ("$1,234.50"); null (worked without a rate) is for the caller to say. */
export function formatMoney(amount: number, currency: string, language: string | undefined): string {
  const format = cached(`money|${language}|${currency}`, () => {
    try {
      return new Intl.NumberFormat(language, { style: "currency", currency });
    } catch {
      // An unknown code: the number with the code after it.
      return null;
    }
  });
  return format
    ? format.format(amount)
    : `${new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
}

/** A plain count in the reader's digits. */
export function formatCount(value: number, language: string | undefined): string {
  return cached(`count|${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** "Mon, Mar 2": a calendar date (read at noon UTC: no zone shift). */
export function formatDay(date: string, language: string | undefined): string {
  const format = cached(
    `day|${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  );
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** "Monday, March 2, 2026". */
export function formatLongDay(date: string, language: string | undefined): string {
  const format = cached(
    `longDay|${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }),
  );
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** "Mar 2, 2026, 9:04 AM" (with seconds when asked: device and received times of a punch), in the zone. */
export function formatInstant(
  instant: string,
  zone: string,
  language: string | undefined,
  withSeconds = false,
): string {
  const format = cached(
    `instant|${language}|${zone}|${withSeconds}`,
    () =>
      new Intl.DateTimeFormat(language, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        ...(withSeconds ? { second: "2-digit" } : {}),
        timeZone: zone,
      }),
  );
  return format.format(new Date(instant));
}

/** "9:04 AM": an instant's wall clock in the zone. */
export function formatTime(instant: string, zone: string, language: string | undefined): string {
  const format = cached(
    `time|${language}|${zone}`,
    () => new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: zone }),
  );
  return format.format(new Date(instant));
}

/** "Mar 2 – 15, 2026": a pay period. */
export function formatPeriod(start: string, end: string, language: string | undefined): string {
  const format = cached(
    `period|${language}`,
    () => new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  );
  return format.formatRange(new Date(`${start}T12:00:00Z`), new Date(`${end}T12:00:00Z`));
}

/**
 * A file name for the period's export, the one the server's download names:
 * the board (or "all") in its own script and the period's first and last days
 * ("timesheets-front-desk-2026-03-02_2026-03-15.xlsx").
 */
export function exportFileName(
  boardName: string | null,
  period: { start: string; end: string },
  extension: "csv" | "xlsx",
): string {
  return `${timesheetExportBaseName(boardName, period).unicode}.${extension}`;
}
