/**
 * The overview's numbers and dates in the reader's language, each Intl
 * formatter made once per language (zone, currency). The figures are the
 * API's; these only write them. Dates are calendar days the server already
 * put in the organization's zone, so they are read at noon UTC (no shift);
 * instants are written in the organization's zone.
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

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** Minutes as hours with at most one decimal ("37.5", "40", "٣٧٫٥"): a week's figure, not payroll's. */
export function formatHours(minutes: number, language: string | undefined): string {
  const format = cached(`hours|${language}`, () => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }));
  return format.format(Math.round(minutes / 6) / 10);
}

/** A plain count in the reader's digits. */
export function formatCount(value: number, language: string | undefined): string {
  return cached(`count|${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** An amount in the organization's currency ("$1,234.50"); an unknown code is written after the number. */
export function formatMoney(amount: number, currency: string, language: string | undefined): string {
  const format = cached(`money|${language}|${currency}`, () => {
    try {
      return new Intl.NumberFormat(language, { style: "currency", currency });
    } catch {
      return null;
    }
  });
  if (format) return format.format(amount);
  const plain = cached(
    `money-plain|${language}`,
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  return `${plain.format(amount)} ${currency}`;
}

/** "Monday, March 2, 2026": today in the page header. */
export function formatLongDay(date: string, language: string | undefined): string {
  return cached(
    `longDay|${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }),
  ).format(noon(date));
}

/** "Mar 2 – 8": a week or a pay period (the year only when it is not obvious is Intl's choice). */
export function formatDayRange(start: string, end: string, language: string | undefined): string {
  return cached(
    `range|${language}`,
    () => new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }),
  ).formatRange(noon(start), noon(end));
}

/** "Mon, Mar 2": a single day in a sentence. */
export function formatDay(date: string, language: string | undefined): string {
  return cached(
    `day|${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  ).format(noon(date));
}

/** "9:04 AM": an instant's wall clock in the organization's zone. */
export function formatTime(instant: string, zone: string, language: string | undefined): string {
  return cached(
    `time|${language}|${zone}`,
    () => new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: zone }),
  ).format(new Date(instant));
}
