/**
 * The inbox's numbers, days and times in the reader's language, each Intl
 * formatter made once per language (and zone, currency). A shift's day and
 * times are read in its board's zone, as the board shows them; a request's
 * `date` is a calendar day the server already put in the right zone, so it is
 * read at noon UTC (no shift). The figures are the API's; these only write them.
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

/**
 * Text set inside a sentence of the other direction (a Latin name in Arabic,
 * "09:00–17:00" in Arabic), isolated (U+2068 … U+2069) so the words around it
 * keep their order.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** A person's name as the inbox writes it ("Sam Lee"); empty parts left out. */
export function personName(person: { first_name: string | null; last_name: string | null }): string {
  return [person.first_name, person.last_name]
    .filter((part) => part?.trim())
    .join(" ")
    .trim();
}

/** "Mon, Mar 2": a calendar day. */
export function formatDay(date: string, language: string | undefined): string {
  return cached(
    `day|${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  ).format(noon(date));
}

/** "Mar 2, 2026": a date with its year (decisions, effective dates). */
export function formatDate(date: string, language: string | undefined): string {
  return cached(
    `date|${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }),
  ).format(noon(date));
}

/** The calendar day ("2026-03-02") an instant falls on in a zone. */
export function dayIn(instant: string, zone: string): string {
  const format = cached(
    `key|${zone}`,
    () => new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: zone }),
  );
  return format.format(new Date(instant));
}

/** "Mon, Mar 2": the day an instant falls on in a zone. */
export function formatDayOf(instant: string, zone: string, language: string | undefined): string {
  return formatDay(dayIn(instant, zone), language);
}

/** "09:00" / "9:00 AM" as the language writes times, in a zone. */
export function formatTime(instant: string, zone: string, language: string | undefined): string {
  return cached(
    `time|${language}|${zone}`,
    () => new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: zone }),
  ).format(new Date(instant));
}

/** Whole days from one calendar day to another ("2026-03-02" → "2026-03-03": 1). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "09:00–17:00", "22:00–06:00 +1": a span in a zone, the end's day marked when it is later. */
export function formatTimeRange(
  startsAt: string,
  endsAt: string | null,
  zone: string,
  language: string | undefined,
): { start: string; end: string | null; plusDays: number } {
  const start = formatTime(startsAt, zone, language);
  if (endsAt === null) return { start, end: null, plusDays: 0 };
  const plusDays = Math.max(0, daysBetween(dayIn(startsAt, zone), dayIn(endsAt, zone)));
  return { start, end: formatTime(endsAt, zone, language), plusDays };
}

/** A plain count in the reader's digits. */
export function formatCount(value: number, language: string | undefined): string {
  return cached(`count|${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** Minutes as hours with at most one decimal, with the unit: "37.5 hr", "40 hr", "٤٠ س". */
export function formatHours(minutes: number, language: string | undefined): string {
  const format = cached(
    `hours|${language}`,
    () =>
      new Intl.NumberFormat(language, {
        style: "unit",
        unit: "hour",
        unitDisplay: "short",
        maximumFractionDigits: 1,
      }),
  );
  return format.format(Math.round(minutes / 6) / 10);
}

/** Minutes as hours with their sign, for a change: "+8 hr", "-4 hr"; zero is "0 hr". */
export function formatHoursChange(minutes: number, language: string | undefined): string {
  const format = cached(
    `hoursChange|${language}`,
    () =>
      new Intl.NumberFormat(language, {
        style: "unit",
        unit: "hour",
        unitDisplay: "short",
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }),
  );
  return format.format(Math.round(minutes / 6) / 10);
}

/** Minutes as a spoken length: "45 min", "8 hr", "2 hr 15 min". */
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

function moneyFormat(currency: string, language: string | undefined, signed: boolean): Intl.NumberFormat | null {
  return cached(`money|${language}|${currency}|${signed}`, () => {
    try {
      return new Intl.NumberFormat(language, {
        style: "currency",
        currency,
        ...(signed ? { signDisplay: "exceptZero" as const } : {}),
      });
    } catch {
      // An unknown code: the number with the code after it (below).
      return null;
    }
  });
}

/** An amount in the organization's currency ("$1,234.50"); an unknown code is written after the number. */
export function formatMoney(amount: number, currency: string, language: string | undefined): string {
  const format = moneyFormat(currency, language, false);
  if (format) return format.format(amount);
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
}

/** A difference of money with its sign ("+$42.50", "-$12.00", "$0.00"). */
export function formatMoneyChange(amount: number, currency: string, language: string | undefined): string {
  const format = moneyFormat(currency, language, true);
  if (format) return format.format(amount);
  const plain = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  });
  return `${plain.format(amount)} ${currency}`;
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/**
 * "5 minutes ago", "yesterday", "now": how long ago something was asked or
 * decided. An instant after `now` reads as now: the page's clock ticks once a
 * minute and the server's clock may run a little ahead, so something that
 * just arrived must not read as "in 5 seconds".
 */
export function formatRelative(instant: string, now: number, language: string | undefined): string {
  const format = cached(`relative|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: "auto" }));
  let value = Math.min(0, (Date.parse(instant) - now) / 1000);
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), "year");
}

/** "Mar 2, 2026, 14:05": an instant in full, for a tooltip or a decision's time, in the reader's zone. */
export function formatInstant(instant: string, language: string | undefined): string {
  return cached(
    `instant|${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }),
  ).format(new Date(instant));
}
