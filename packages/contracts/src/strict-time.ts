import { DateTime } from "luxon";

/**
 * Dates and instants as the API takes them, read strictly: a value names a
 * real day and a real time of it or it is refused. Nothing is carried over
 * (30 February is not 2 March, 24:00 is not the next midnight, minute 60 is
 * not the next hour), because a moved time stored without a word is worse
 * than a refusal. Luxon reads, and what it read must be what was written.
 */

/** "YYYY-MM-DD". */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Date, time to the minute (seconds and up to six decimals optional), and an explicit offset: "Z" or ±HH:MM. */
export const INSTANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const sameFields = (parsed: DateTime, fields: (string | undefined)[]) => {
  const [year, month, day, hour = "0", minute = "0", second = "0"] = fields;
  return (
    parsed.year === Number(year) &&
    parsed.month === Number(month) &&
    parsed.day === Number(day) &&
    parsed.hour === Number(hour) &&
    parsed.minute === Number(minute) &&
    parsed.second === Number(second)
  );
};

/** Whether `value` is a real calendar date, "YYYY-MM-DD" (not 30 February, not 31 April). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const parsed = DateTime.fromISO(value, { zone: "utc" });
  return parsed.isValid && sameFields(parsed, match.slice(1, 4));
}

/**
 * The instant `value` names, as UTC ISO ("2026-03-29T06:00:00.000Z"), or null
 * when it is not one: another shape, no offset, a day the month does not
 * have, hour 24, minute or second 60, an offset past ±23:59.
 */
export function parseInstant(value: string): string | null {
  const match = INSTANT_PATTERN.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, sign, offsetHours, offsetMinutes] = match;
  if (offsetHours !== undefined && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return null;
  const parsed = DateTime.fromISO(value, { setZone: true });
  if (!parsed.isValid || !sameFields(parsed, [year, month, day, hour, minute, second])) return null;
  const offset = sign === undefined ? 0 : (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  if (parsed.offset !== offset) return null;
  return parsed.toUTC().toISO() ?? null;
}
