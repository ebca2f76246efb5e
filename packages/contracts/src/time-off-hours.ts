import { addDays, dayOf, instantAt, localDateOf, paidMinutes, weekdayOf } from "./schedule-time.ts";
import type { TimeOffDay } from "./time-off.ts";

/**
 * How much time a request for time off takes, day by day: pure, shared by
 * the server (asking, deciding, the preview) and the web.
 *
 * A whole day counts the person's published shifts that day (their paid
 * minutes, breaks out) when they have any, whatever the day is; else nothing
 * on a weekend day or a public holiday; else the person's usual day. A shift
 * belongs to the day its start falls on in its own board's zone. A part of a
 * day counts the real minutes between its wall-clock times in the person's
 * zone: 01:00–04:00 is 2 hours on a spring-forward night, 4 on a fall-back
 * one. Each day also carries the instants it covers (the whole day in the
 * person's zone, 23, 24 or 25 hours; or the part's), which the calendar and
 * the board compare shifts with.
 */

/** A day counts at most a whole day of minutes (the time_off_days column's range). */
export const TIME_OFF_DAY_MINUTES_MAX = 1440;

export interface TimeOffHoursShift {
  starts_at: string;
  ends_at: string;
  break_minutes: number;
  /** The zone of the shift's board: the day it belongs to is read there. */
  time_zone: string;
}

export interface TimeOffHoursInput {
  /** First and last day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** A part of one day (wall clock, "HH:mm"; end may be "24:00"); null: whole days. */
  part: { start: string; end: string } | null;
  /** The person's zone (personTimeZone). */
  timeZone: string;
  /** The person's published shifts around those days (others are ignored). */
  shifts: readonly TimeOffHoursShift[];
  /** 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  holidays: readonly { day: string; name: string }[];
  /** The person's usual day in minutes. */
  dayMinutes: number;
}

export interface TimeOffHoursDay extends TimeOffDay {
  /** The instants the day covers: the whole day in the person's zone, or the part asked. */
  starts_at: string;
  ends_at: string;
}

export interface TimeOffHours {
  days: TimeOffHoursDay[];
  minutes: number;
}

/** Every date from `from` to `to`, inclusive. */
export function timeOffDates(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/** The instant of a wall-clock time on a date; "24:00" is the next day's first instant. */
function wallInstant(date: string, time: string, zone: string): string {
  return time === "24:00" ? dayOf(date, zone).endsAt : instantAt(date, time, zone);
}

const elapsedMinutes = (startsAt: string, endsAt: string) =>
  Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);

export function timeOffHours(input: TimeOffHoursInput): TimeOffHours {
  const holidays = new Map(input.holidays.map((holiday) => [holiday.day, holiday.name]));
  const weekend = new Set(input.weekendDays);
  const shiftMinutesByDay = new Map<string, number>();
  for (const shift of input.shifts) {
    const day = localDateOf(shift.starts_at, shift.time_zone);
    const minutes = paidMinutes(shift.starts_at, shift.ends_at, shift.break_minutes);
    shiftMinutesByDay.set(day, (shiftMinutesByDay.get(day) ?? 0) + minutes);
  }
  const days = timeOffDates(input.from, input.to).map((day): TimeOffHoursDay => {
    const holiday = holidays.get(day) ?? null;
    if (input.part) {
      const startsAt = wallInstant(day, input.part.start, input.timeZone);
      const endsAt = wallInstant(day, input.part.end, input.timeZone);
      const minutes = Math.min(TIME_OFF_DAY_MINUTES_MAX, Math.max(0, elapsedMinutes(startsAt, endsAt)));
      return { day, minutes, basis: "part", holiday, starts_at: startsAt, ends_at: endsAt };
    }
    const range = dayOf(day, input.timeZone);
    const whole = { day, holiday, starts_at: range.startsAt, ends_at: range.endsAt };
    const scheduled = shiftMinutesByDay.get(day);
    if (scheduled !== undefined) {
      return { ...whole, minutes: Math.min(TIME_OFF_DAY_MINUTES_MAX, scheduled), basis: "shifts" };
    }
    if (weekend.has(weekdayOf(day))) return { ...whole, minutes: 0, basis: "weekend" };
    if (holiday !== null) return { ...whole, minutes: 0, basis: "holiday" };
    return { ...whole, minutes: Math.min(TIME_OFF_DAY_MINUTES_MAX, input.dayMinutes), basis: "day" };
  });
  return { days, minutes: days.reduce((sum, day) => sum + day.minutes, 0) };
}

/** The person's zone for time off: their boards' when all of them share one, else the organization's. */
export function personTimeZone(boardZones: readonly string[], organizationZone: string): string {
  const zones = new Set(boardZones);
  return zones.size === 1 ? (zones.values().next().value as string) : organizationZone;
}
