import type { AvailabilityKind } from "./availability.ts";
import { addDays, datesBetween, instantAt, localDateOf, weekdayOf } from "./schedule-time.ts";

/**
 * What a person's availability says about a day and about a shift. Pure, so
 * the server (warnings, the inbox's impact, the week's shading) and tests
 * read availability the same way.
 *
 * A date's exceptions, when it has any, replace the weekly pattern that day
 * (an "available" exception clears it); otherwise the weekly windows of its
 * weekday hold, when the date is within their effective dates.
 */

/** One availability row as stored: a weekly window or one date's exception, in minutes of the day. */
export interface AvailabilityRuleInput {
  kind: AvailabilityKind;
  /** Weekly: 0 = Sunday … 6 = Saturday; null for an exception. */
  weekday: number | null;
  /** Exception: its date; null for a weekly window. */
  date: string | null;
  /** Minutes since midnight (0–1439) and the end (1–1440); both null: the whole day. */
  start_minute: number | null;
  end_minute: number | null;
  effective_from: string | null;
  effective_until: string | null;
  note: string | null;
}

/** A window of one date: minutes of the day it covers, and what it says. */
export interface DayWindow {
  date: string;
  kind: AvailabilityKind;
  start_minute: number;
  end_minute: number;
  /** Whether it covers the whole day (no times were given). */
  whole_day: boolean;
  note: string | null;
}

const WHOLE_DAY = 24 * 60;

function windowOf(rule: AvailabilityRuleInput, date: string): DayWindow {
  const whole = rule.start_minute === null || rule.end_minute === null;
  return {
    date,
    kind: rule.kind,
    start_minute: whole ? 0 : (rule.start_minute as number),
    end_minute: whole ? WHOLE_DAY : (rule.end_minute as number),
    whole_day: whole,
    note: rule.note,
  };
}

/** The windows that hold on `date`, by start. */
export function availabilityOn(rules: readonly AvailabilityRuleInput[], date: string): DayWindow[] {
  const exceptions = rules.filter((rule) => rule.date === date);
  if (exceptions.length > 0) {
    return exceptions
      .filter((rule) => rule.kind !== "available")
      .map((rule) => windowOf(rule, date))
      .sort((a, b) => a.start_minute - b.start_minute);
  }
  const weekday = weekdayOf(date);
  return rules
    .filter(
      (rule) =>
        rule.weekday === weekday &&
        rule.effective_from !== null &&
        rule.effective_from <= date &&
        (rule.effective_until === null || date <= rule.effective_until),
    )
    .map((rule) => windowOf(rule, date))
    .sort((a, b) => a.start_minute - b.start_minute);
}

/** "HH:MM" of minutes since midnight ("24:00" for the day's end). */
export function wallTimeOfMinute(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export function minuteOfWallTime(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The instant a date's minute of the day falls on in the zone (wall clock; 1440 is the next day's midnight). */
function instantOfMinute(date: string, minute: number, zone: string): number {
  if (minute >= WHOLE_DAY) return Date.parse(instantAt(addDays(date, 1), "00:00", zone));
  return Date.parse(instantAt(date, wallTimeOfMinute(minute), zone));
}

/**
 * The first unavailable window a shift meets, read in the shift's zone (its
 * board's): every date the shift touches is looked at, so an overnight shift
 * meets the next morning's windows too. null when it meets none.
 */
export function unavailableDuring(
  rules: readonly AvailabilityRuleInput[],
  startsAt: string,
  endsAt: string,
  zone: string,
): DayWindow | null {
  if (rules.length === 0) return null;
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  // The last instant of the shift decides its last date (a shift ending at midnight touches no next day).
  const dates = datesBetween(localDateOf(startsAt, zone), localDateOf(new Date(end - 1).toISOString(), zone));
  for (const date of dates) {
    for (const window of availabilityOn(rules, date)) {
      if (window.kind !== "unavailable") continue;
      const from = instantOfMinute(date, window.start_minute, zone);
      const to = instantOfMinute(date, window.end_minute, zone);
      if (from < end && start < to) return window;
    }
  }
  return null;
}
