import {
  addDays,
  type DayAvailability,
  dayStartOf,
  instantAt,
  minutesSinceDayStart,
  type ShiftWarning,
} from "@workshift/contracts";

/**
 * People's availability on the board (pure, so it is tested without a
 * browser): the week answer's windows put once per person and day, so a
 * cell, a timeline row or a shift finds its own with two map lookups; what
 * the week grid shades, what the day timeline hatches, and which shifts fall
 * in someone's unavailability.
 *
 * Windows are wall-clock times of the day ("HH:MM", "24:00" = the day's
 * end). A shift is held against them on its own board's clock (a window
 * "until noon" means noon wherever the work is), as the server does.
 * "available" (an exception that lifts the weekly pattern for a day) is
 * already applied by the server: it shades nothing.
 */

export interface AvailabilityWindow {
  kind: "unavailable" | "prefer";
  /** "HH:MM"; both null: the whole day. */
  start: string | null;
  end: string | null;
  /** Wall-clock minutes of the day, 0…1440. */
  from: number;
  to: number;
  note: string | null;
}

/** One person's day: what the grid's cell and the timeline's row show. */
export interface DayAvailabilityCell {
  /** "day": unavailable all day; "part": some hours; null: never. */
  unavailable: "day" | "part" | null;
  /** Unavailable windows by start (the whole day first). */
  away: AvailabilityWindow[];
  /** Preferred windows by start. */
  prefer: AvailabilityWindow[];
}

/** Person → date → their day; people and days with nothing said are absent. */
export type AvailabilityIndex = ReadonlyMap<string, ReadonlyMap<string, DayAvailabilityCell>>;

export const EMPTY_AVAILABILITY: AvailabilityIndex = new Map();

const DAY_MINUTES = 24 * 60;

/** "09:30" → 570; "24:00" → 1440. */
export function wallMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function windowOf(row: DayAvailability & { kind: "unavailable" | "prefer" }): AvailabilityWindow {
  const whole = row.start === null || row.end === null;
  return {
    kind: row.kind,
    start: whole ? null : row.start,
    end: whole ? null : row.end,
    from: whole ? 0 : wallMinutes(row.start as string),
    to: whole ? DAY_MINUTES : wallMinutes(row.end as string),
    note: row.note && row.note.trim() !== "" ? row.note : null,
  };
}

const byStart = (a: AvailabilityWindow, b: AvailabilityWindow) => a.from - b.from || a.to - b.to;

/** Every window put in its person's day, once per week answer. */
export function indexAvailability(rows: readonly DayAvailability[] | undefined): AvailabilityIndex {
  if (!rows || rows.length === 0) return EMPTY_AVAILABILITY;
  const index = new Map<string, Map<string, DayAvailabilityCell>>();
  for (const row of rows) {
    if (row.kind === "available") continue;
    let person = index.get(row.user_id);
    if (!person) {
      person = new Map();
      index.set(row.user_id, person);
    }
    let cell = person.get(row.date);
    if (!cell) {
      cell = { unavailable: null, away: [], prefer: [] };
      person.set(row.date, cell);
    }
    const window = windowOf(row as DayAvailability & { kind: "unavailable" | "prefer" });
    if (window.kind === "prefer") cell.prefer.push(window);
    else {
      cell.away.push(window);
      cell.unavailable = cell.unavailable === "day" || (window.from === 0 && window.to >= DAY_MINUTES) ? "day" : "part";
    }
  }
  for (const person of index.values()) {
    for (const cell of person.values()) {
      cell.away.sort(byStart);
      cell.prefer.sort(byStart);
    }
  }
  return index;
}

/** A window placed on a day's timeline: elapsed minutes from its start (a clock-change day is 23 or 25 hours long). */
export interface AvailabilityBand {
  kind: AvailabilityWindow["kind"];
  start: number;
  end: number;
  window: AvailabilityWindow;
}

/** The instant a window's wall time names on `date` in the zone ("24:00": the next day's start). */
function wallInstant(date: string, minutes: number, zone: string): string {
  if (minutes >= DAY_MINUTES) return dayStartOf(addDays(date, 1), zone);
  if (minutes <= 0) return dayStartOf(date, zone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return instantAt(date, `${hh}:${mm}`, zone);
}

/**
 * Where a person's windows sit on the day timeline: unavailable first (they
 * are drawn over the preferred ones), each clipped to the day.
 */
export function availabilityBands(
  cell: DayAvailabilityCell | undefined,
  axis: { date: string; zone: string; minutes: number },
): AvailabilityBand[] {
  if (!cell) return [];
  const place = (window: AvailabilityWindow): AvailabilityBand => {
    const start = minutesSinceDayStart(wallInstant(axis.date, window.from, axis.zone), axis.date, axis.zone);
    const end = minutesSinceDayStart(wallInstant(axis.date, window.to, axis.zone), axis.date, axis.zone);
    return {
      kind: window.kind,
      start: Math.max(0, Math.min(axis.minutes, start)),
      end: Math.max(0, Math.min(axis.minutes, end)),
      window,
    };
  };
  return [...cell.prefer.map(place), ...cell.away.map(place)].filter((band) => band.end > band.start);
}

/** The shift fields the unavailability check reads. */
interface HeldShift {
  id: string;
  board_id: string;
  user_id: string | null;
  starts_at: string;
  ends_at: string;
  status?: string;
}

/**
 * `unavailable` warnings for the board's shifts that fall in their person's
 * unavailable hours: on the shift's own day and, for an overnight shift, the
 * next (each on its board's clock). One warning per shift, `minutes` the
 * time inside, with the note of the first overlapping window that has one.
 * Removals waiting for publish and open shifts meet nothing.
 */
export function unavailableWarnings(
  shifts: readonly HeldShift[],
  index: AvailabilityIndex,
  dayOf: (shift: HeldShift) => string | null,
  zoneOf: (boardId: string) => string,
): Map<string, ShiftWarning> {
  const out = new Map<string, ShiftWarning>();
  if (index.size === 0) return out;
  // A week has few distinct (day, zone, time) triples: each instant is worked out once, not per shift.
  const instants = new Map<string, number>();
  const at = (day: string, minutes: number, zone: string) => {
    const key = `${day}|${zone}|${minutes}`;
    let ms = instants.get(key);
    if (ms === undefined) {
      ms = Date.parse(wallInstant(day, minutes, zone));
      instants.set(key, ms);
    }
    return ms;
  };
  const nextDays = new Map<string, string>();
  const nextDay = (date: string) => {
    let next = nextDays.get(date);
    if (next === undefined) {
      next = addDays(date, 1);
      nextDays.set(date, next);
    }
    return next;
  };
  for (const shift of shifts) {
    if (!shift.user_id || shift.status === "deleted") continue;
    const days = index.get(shift.user_id);
    if (!days) continue;
    const date = dayOf(shift);
    if (!date) continue;
    const zone = zoneOf(shift.board_id);
    const begins = Date.parse(shift.starts_at);
    const ends = Date.parse(shift.ends_at);
    let minutes = 0;
    let note: string | null = null;
    let on: string | null = null;
    for (const day of [date, nextDay(date)]) {
      const cell = days.get(day);
      if (!cell || cell.away.length === 0) continue;
      // Past the day's start: only the part of an overnight shift.
      if (day !== date && ends <= at(day, 0, zone)) break;
      for (const window of cell.away) {
        const from = Math.max(begins, at(day, window.from, zone));
        const to = Math.min(ends, at(day, window.to, zone));
        if (to <= from) continue;
        minutes += Math.round((to - from) / 60_000);
        on ??= day;
        note ??= window.note;
      }
    }
    if (on === null) continue;
    out.set(shift.id, {
      kind: "unavailable",
      shift_id: shift.id,
      user_id: shift.user_id,
      minutes,
      limit_minutes: 0,
      other_shift_id: null,
      date: on,
      note,
    });
  }
  return out;
}
