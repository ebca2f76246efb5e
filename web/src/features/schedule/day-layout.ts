import {
  dayOf,
  type HourMark,
  hourMarks,
  instantAfterDayStart,
  localTimeOf,
  minutesSinceDayStart,
  type NearbyShift,
  paidMinutes,
  type Shift,
} from "@workshift/contracts";
import { OPEN_ROW, personRowKey } from "./week-rows.ts";

/**
 * The day timeline's geometry (pure, so it is tested without a browser):
 * the day's length in elapsed minutes in the week's zone (23, 24 or 25
 * hours), its hour marks, where each shift's bar starts and ends on it
 * (clipped to the day, with the clipped sides flagged), lanes for bars that
 * overlap in one row, and the time a click on the track stands for.
 *
 * A shift is on its board's day and wall clock (zoneOfWork): on "all", a
 * board in another zone than the week's is placed by its own clock (its
 * 00:30 at 00:30 on the ruler) on its own day, so every bar reads as the
 * week grid and the card say.
 */

export interface DayAxis {
  date: string;
  zone: string;
  startsAt: string;
  endsAt: string;
  /** Elapsed minutes: 1440, or 1380 / 1500 on a day the clocks change. */
  minutes: number;
  /** The whole hours the clock shows, at their elapsed position (labels skip or repeat as the clock does). */
  marks: HourMark[];
}

export function dayAxis(date: string, zone: string): DayAxis {
  const day = dayOf(date, zone);
  return {
    date,
    zone,
    startsAt: day.startsAt,
    endsAt: day.endsAt,
    minutes: day.minutes,
    marks: hourMarks(date, zone),
  };
}

export interface Timed {
  id: string;
  board_id: string;
  starts_at: string;
  ends_at: string;
}

/** The zone of a shift's board. */
export type ZoneOf = (boardId: string) => string;

/** The same date on each board's clock: the axis itself for the week's zone, the date's bounds for another. */
function ownAxes(
  axis: DayAxis,
  zoneOf: ZoneOf,
): (item: Timed) => Pick<DayAxis, "date" | "zone" | "startsAt" | "endsAt" | "minutes"> {
  const axes = new Map<string, Pick<DayAxis, "date" | "zone" | "startsAt" | "endsAt" | "minutes">>([[axis.zone, axis]]);
  return (item) => {
    const zone = zoneOf(item.board_id);
    let own = axes.get(zone);
    if (!own) {
      const day = dayOf(axis.date, zone);
      own = { date: axis.date, zone, startsAt: day.startsAt, endsAt: day.endsAt, minutes: day.minutes };
      axes.set(zone, own);
    }
    return own;
  };
}

export interface DayBar<T extends Timed> {
  item: T;
  /** Elapsed minutes from the day's start, clipped to [0, axis.minutes]. */
  start: number;
  end: number;
  /** The shift began before this day (an overnight shift of the day before). */
  clippedStart: boolean;
  /** The shift runs past this day's end. */
  clippedEnd: boolean;
  /** The row's lane (0 = first line); overlapping bars get their own lanes. */
  lane: number;
}

/** Whether any part of the shift falls within the day. */
export function overlapsDay(item: Timed, axis: Pick<DayAxis, "startsAt" | "endsAt">): boolean {
  return Date.parse(item.starts_at) < Date.parse(axis.endsAt) && Date.parse(item.ends_at) > Date.parse(axis.startsAt);
}

/**
 * The bars of one row: the shifts that touch the day on their board's clock,
 * clipped to it, in order of start, each in the first lane free at its start.
 */
export function dayBars<T extends Timed>(
  items: readonly T[],
  axis: DayAxis,
  zoneOf: ZoneOf,
): { bars: DayBar<T>[]; lanes: number } {
  const axisOf = ownAxes(axis, zoneOf);
  const bars = items
    .filter((item) => overlapsDay(item, axisOf(item)))
    .map((item) => {
      const own = axisOf(item);
      const from = minutesSinceDayStart(item.starts_at, own.date, own.zone);
      const to = minutesSinceDayStart(item.ends_at, own.date, own.zone);
      return {
        item,
        start: Math.min(axis.minutes, Math.max(0, from)),
        end: Math.min(axis.minutes, own.minutes, to),
        clippedStart: from < 0,
        clippedEnd: to > own.minutes,
        lane: 0,
      };
    })
    .sort((a, b) => a.start - b.start || a.end - b.end || (a.item.id < b.item.id ? -1 : 1));
  const laneEnds: number[] = [];
  for (const bar of bars) {
    let lane = laneEnds.findIndex((end) => end <= bar.start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = bar.end;
    bar.lane = lane;
  }
  return { bars, lanes: Math.max(1, laneEnds.length) };
}

/** A position on the day as a percentage of its length (for inset-inline-start / inline-size). */
export function percentOf(minutes: number, axis: Pick<DayAxis, "minutes">): number {
  return (minutes / axis.minutes) * 100;
}

export const PICK_STEP = 30;

/**
 * The elapsed minute a click on the track stands for: `fraction` is how far
 * along the day (0 = its start, whichever side that is on screen), taken
 * down to the half hour it is in, kept within the day.
 */
export function pickedMinutes(fraction: number, axis: Pick<DayAxis, "minutes">, step = PICK_STEP): number {
  const last = Math.max(0, Math.floor((axis.minutes - 1) / step) * step);
  const at = Math.floor((Math.min(1, Math.max(0, fraction)) * axis.minutes) / step) * step;
  return Math.min(at, last);
}

/** How far along the track a pointer is (0…1), from the track's box: in right-to-left the day starts on the right. */
export function fractionAt(clientX: number, box: { left: number; width: number }, rtl: boolean): number {
  if (box.width <= 0) return 0;
  const fromLeft = (clientX - box.left) / box.width;
  return Math.min(1, Math.max(0, rtl ? 1 - fromLeft : fromLeft));
}

/** The wall-clock time ("HH:mm") in the zone at an elapsed minute of the day (a new shift's start). */
export function wallTimeAt(axis: Pick<DayAxis, "date" | "zone">, minutes: number): string {
  return localTimeOf(instantAfterDayStart(axis.date, minutes, axis.zone), axis.zone);
}

/** The day's shifts, row by row, for the timeline; each row's paid minutes count the shifts starting that day. */
export interface DayIndex {
  /** Row key (as the week's rows: "open", a person, or "person|job" when grouped) → shifts touching the day. */
  rows: Map<string, Shift[]>;
  /** Person → their shifts on other boards (or outside the loaded week) touching the day: shown greyed. */
  elsewhere: Map<string, NearbyShift[]>;
  /** Row key → paid minutes of the live shifts starting that day. */
  minutes: Map<string, number>;
}

/**
 * Puts every shift that touches the day (on its board's clock) in its row:
 * those starting that day and the overnight ones of the day before that run
 * into it. Nearby shifts (other boards, days around the week) already on the
 * board are not repeated.
 */
export function indexDay(
  shifts: readonly Shift[],
  nearby: readonly NearbyShift[],
  axis: DayAxis,
  groupByJob: boolean,
  zoneOf: ZoneOf,
): DayIndex {
  const rows = new Map<string, Shift[]>();
  const elsewhere = new Map<string, NearbyShift[]>();
  const minutes = new Map<string, number>();
  const axisOf = ownAxes(axis, zoneOf);
  const known = new Set<string>();
  for (const shift of shifts) {
    known.add(shift.id);
    const own = axisOf(shift);
    if (!overlapsDay(shift, own)) continue;
    const key = shift.user_id === null ? OPEN_ROW : personRowKey(shift.user_id, groupByJob ? shift.job_id : undefined);
    const list = rows.get(key);
    if (list) list.push(shift);
    else rows.set(key, [shift]);
    const begins = Date.parse(shift.starts_at);
    if (shift.status !== "deleted" && begins >= Date.parse(own.startsAt) && begins < Date.parse(own.endsAt)) {
      minutes.set(key, (minutes.get(key) ?? 0) + paidMinutes(shift.starts_at, shift.ends_at, shift.break_minutes));
    }
  }
  for (const shift of nearby) {
    if (!shift.user_id || known.has(shift.id) || !overlapsDay(shift, axisOf(shift))) continue;
    const list = elsewhere.get(shift.user_id);
    if (list) list.push(shift);
    else elsewhere.set(shift.user_id, [shift]);
  }
  return { rows, elsewhere, minutes };
}
