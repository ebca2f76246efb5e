/**
 * Time off's amounts and dates as people read them: the API counts minutes,
 * people read hours, and days of their usual day length; a leave's days as a
 * range ("Mar 2 – 4"); a part of a day as its wall-clock times. Shared by the
 * team calendar and the requests inbox. Each Intl formatter is made once per
 * language.
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

/** Text isolated inside a sentence of the other direction (a Latin name or a number in Arabic). */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

/** A calendar day read at noon UTC, so no zone can move it to another day. */
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** Minutes as hours with at most one decimal and the unit, written as /my writes them: "7.5h", "-4h". */
export function leaveHours(minutes: number, language: string | undefined): string {
  return cached(
    `hours|${language}`,
    () =>
      new Intl.NumberFormat(language, { style: "unit", unit: "hour", unitDisplay: "narrow", maximumFractionDigits: 1 }),
  ).format(Math.round(minutes / 6) / 10);
}

/**
 * Minutes as days of the person's usual day, at most two decimals: 960 at 480 a
 * day is "2 days"; 240 is "0.5 days". Null without a usual day to divide by.
 */
export function leaveDays(
  minutes: number,
  dayMinutes: number | null | undefined,
  language: string | undefined,
): string | null {
  if (!dayMinutes || dayMinutes <= 0) return null;
  const days = Math.round((minutes / dayMinutes) * 100) / 100;
  const format = (unitDisplay: "long" | "narrow") =>
    cached(
      `days|${language}|${unitDisplay}`,
      () => new Intl.NumberFormat(language, { style: "unit", unit: "day", unitDisplay, maximumFractionDigits: 2 }),
    ).format(days);
  const text = format("long");
  // Arabic says one and two days in words alone ("يومان"), which would lose a minus: below zero, the number stays.
  return days < 0 && !/[0-9\u0660-\u0669\u06f0-\u06f9]/.test(text) ? format("narrow") : text;
}

/** "Mon, Mar 2" for one day; "Mon, Mar 2 – Wed, Mar 4" for several (the language's own way of writing a range). */
export function leaveDateRange(from: string, to: string, language: string | undefined): string {
  const format = cached(
    `range|${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  );
  if (from === to) return format.format(noon(from));
  return format.formatRange(noon(from), noon(to));
}

/** "Monday, March 2": a day in full, for labels read aloud. */
export function fullDay(date: string, language: string | undefined): string {
  return cached(
    `full|${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
  ).format(noon(date));
}

/** A wall-clock time "13:30" as the language writes times ("1:30 PM", "13:30"); "24:00" is the day's end. */
export function wallTime(time: string, language: string | undefined): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const format = cached(
    `wall|${language}`,
    () => new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
  );
  return format.format(new Date(Date.UTC(2024, 0, 1, hours % 24, minutes)));
}

/** A part of a day's times: "09:00–13:00" (each time isolated for a right-to-left sentence). */
export function partTimes(part: { start: string; end: string }, language: string | undefined): string {
  return `${isolated(wallTime(part.start, language))}–${isolated(wallTime(part.end, language))}`;
}

/** "Mon, Mar 2 · 09:00–17:00": a shift's day and times in its board's zone (the end's day marked when later). */
export function shiftSpan(startsAt: string, endsAt: string, zone: string, language: string | undefined): string {
  const day = cached(
    `shiftDay|${language}|${zone}`,
    () => new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", timeZone: zone }),
  );
  const time = cached(
    `shiftTime|${language}|${zone}`,
    () => new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: zone }),
  );
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const endDay = day.format(end) === day.format(start) ? "" : ` (${day.format(end)})`;
  return `${isolated(day.format(start))} · ${isolated(time.format(start))}–${isolated(time.format(end))}${endDay}`;
}
