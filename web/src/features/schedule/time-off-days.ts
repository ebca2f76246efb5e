import { type BoardTimeOff, minutesSinceDayStart, type ShiftWarning } from "@workshift/contracts";

/**
 * People's approved time off on the board (pure, so it is tested without a
 * browser): the week answer's days of leave put once per person and date,
 * so a cell, a timeline row or a shift finds its own with two map lookups;
 * where a day's leave sits on the day timeline; what it says in words; and
 * which shifts fall in it (`on_leave`, as the server warns on a write).
 *
 * A day of leave carries its instants (the whole day in the person's zone,
 * or the part asked), so it is held against shifts and placed on a timeline
 * by instants, whatever the board's clock.
 */

export interface LeaveDay {
  requestId: string;
  type: { id: string; name: string; color: string };
  /** A part of the day (else the whole day). */
  part: boolean;
  startsAt: string;
  endsAt: string;
}

/** Person → date → their leave that day (usually one; a part and another part may share a day). */
export type LeaveIndex = ReadonlyMap<string, ReadonlyMap<string, readonly LeaveDay[]>>;

export const EMPTY_LEAVE: LeaveIndex = new Map();

/** Every day of leave put in its person's day, once per week answer; on a day, parts by start. */
export function indexTimeOff(rows: readonly BoardTimeOff[] | undefined): LeaveIndex {
  if (!rows || rows.length === 0) return EMPTY_LEAVE;
  const index = new Map<string, Map<string, LeaveDay[]>>();
  for (const row of rows) {
    let person = index.get(row.user_id);
    if (!person) {
      person = new Map();
      index.set(row.user_id, person);
    }
    let days = person.get(row.date);
    if (!days) {
      days = [];
      person.set(row.date, days);
    }
    days.push({
      requestId: row.request_id,
      type: row.leave_type,
      part: row.part,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
    });
  }
  for (const person of index.values()) {
    for (const days of person.values()) days.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }
  return index;
}

/** Whether the person is off the whole day (any whole-day leave). */
export const wholeDayOff = (days: readonly LeaveDay[] | undefined): boolean => days?.some((day) => !day.part) ?? false;

/** A day of leave placed on a day's timeline: elapsed minutes from its start, clipped to the day. */
export interface LeaveBand {
  start: number;
  end: number;
  leave: LeaveDay;
}

export function leaveBands(
  days: readonly LeaveDay[] | undefined,
  axis: { date: string; zone: string; minutes: number },
): LeaveBand[] {
  if (!days) return [];
  const clip = (value: number) => Math.max(0, Math.min(axis.minutes, value));
  return days
    .map((leave) => ({
      start: clip(minutesSinceDayStart(leave.startsAt, axis.date, axis.zone)),
      end: clip(minutesSinceDayStart(leave.endsAt, axis.date, axis.zone)),
      leave,
    }))
    .filter((band) => band.end > band.start);
}

/** The words a day of leave is said with, in the reader's language (use-board-figures.ts). */
export interface LeaveWords {
  /** "09:00–13:00" between two instants, on the clock shown. */
  range(startsAt: string, endsAt: string): string;
  /** Short: "Vacation"; "Vacation 09:00–13:00". */
  whole(type: string): string;
  part(type: string, times: string): string;
  /** Sentences: "On time off all day (Vacation)", "On time off 09:00–13:00 (Vacation)". */
  wholeSentence(type: string): string;
  partSentence(type: string, times: string): string;
  list(items: string[]): string;
}

export interface LeaveText {
  /** Beside the icon, short. */
  short: string;
  /** Said in full (screen readers, a tooltip). */
  description: string;
}

/** A person's leave of a day in words: a whole day says its type; parts say their times too. */
export function leaveText(days: readonly LeaveDay[], words: LeaveWords): LeaveText {
  const whole = days.find((day) => !day.part);
  if (whole) return { short: words.whole(whole.type.name), description: words.wholeSentence(whole.type.name) };
  const shorts: string[] = [];
  const sentences: string[] = [];
  for (const day of days) {
    const times = words.range(day.startsAt, day.endsAt);
    shorts.push(words.part(day.type.name, times));
    sentences.push(words.partSentence(day.type.name, times));
  }
  return { short: words.list(shorts), description: words.list(sentences) };
}

/** The shift fields the leave check reads. */
interface HeldShift {
  id: string;
  user_id: string | null;
  starts_at: string;
  ends_at: string;
  status?: string;
}

/**
 * `on_leave` warnings for the board's shifts that overlap their person's
 * approved time off (by instants: a week holds a few days of leave per
 * person, each looked at), one per shift, `minutes` the time inside, `date`
 * the first day of leave met, `note` its type's name, as the server says it.
 * Removals waiting for publish and open shifts meet nothing.
 */
export function leaveWarnings(shifts: readonly HeldShift[], index: LeaveIndex): Map<string, ShiftWarning> {
  const out = new Map<string, ShiftWarning>();
  if (index.size === 0) return out;
  for (const shift of shifts) {
    if (!shift.user_id || shift.status === "deleted") continue;
    const person = index.get(shift.user_id);
    if (!person) continue;
    const begins = Date.parse(shift.starts_at);
    const ends = Date.parse(shift.ends_at);
    let minutes = 0;
    let on: string | null = null;
    let type: string | null = null;
    for (const [date, days] of person) {
      for (const leave of days) {
        const from = Math.max(begins, Date.parse(leave.startsAt));
        const to = Math.min(ends, Date.parse(leave.endsAt));
        if (to <= from) continue;
        minutes += Math.round((to - from) / 60_000);
        if (on === null || date < on) {
          on = date;
          type = leave.type.name;
        }
      }
    }
    if (on === null) continue;
    out.set(shift.id, {
      kind: "on_leave",
      shift_id: shift.id,
      user_id: shift.user_id,
      minutes,
      limit_minutes: 0,
      other_shift_id: null,
      date: on,
      note: type,
    });
  }
  return out;
}
