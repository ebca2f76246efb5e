import type { ScheduleRules, ShiftWarning } from "./schedule.ts";
import { dateOfDayNumber, localDateOf, localDayNumber, weekOf } from "./schedule-time.ts";

/**
 * The scheduling rules, pure: the server answers a check or a save with them,
 * and the web board shows the same warnings without asking. Days and weeks
 * are the board's (schedule-time.ts); lengths are elapsed time.
 *
 * - overlap (refused, not a warning): the same person twice at once. Ranges
 *   are [start, end) like PostgreSQL's tstzrange, so 06:00–14:00 and
 *   14:00–22:00 do not overlap.
 * - short_rest: the rest before or after a shift of the same person is more
 *   than 0 and less than rules.min_rest_minutes (touching shifts are one
 *   stretch of work, not a short rest).
 * - daily_overtime: the person's paid minutes on the shift's day (shifts
 *   sit on the day they start, in their own board's zone: zoneOfWork) are
 *   over rules.daily_limit_minutes.
 * - weekly_overtime: the person's paid minutes of shifts starting in the
 *   shift's week are over rules.weekly_limit_minutes.
 * - not_on_job: the shift's job is not one of the person's jobs.
 * Open shifts (no person) meet no rule. A person's shifts on other boards
 * count, each on its own board's day (zoneOf). Shifts are told apart by id: an `others`
 * entry with the candidate's id (its saved version) is left out, and a
 * repeated id counts once (the first).
 */

/** What the rules read of a shift; Shift and NearbyShift are assignable. */
export interface RuleShift {
  id: string | null;
  user_id: string | null;
  board_id: string;
  job_id?: string | null;
  starts_at: string;
  ends_at: string;
  break_minutes: number;
}

/** The zone of a board: a shift's day is its board's (zoneOfWork), whichever board is being looked at. */
export type BoardZoneOf = (boardId: string) => string;

export interface ShiftRuleContext {
  rules: ScheduleRules;
  /** Each shift's day (and so its week) is read in its own board's zone. */
  zoneOf: BoardZoneOf;
  weekStart: number;
  /** The person's jobs; null = unknown (not_on_job is skipped). */
  personJobIds: readonly string[] | null;
}

export interface WeekRuleContext {
  /** Each shift is held to its own board's rules. */
  rulesOf(boardId: string): ScheduleRules;
  /** Each shift's day (and so its week) is read in its own board's zone. */
  zoneOf: BoardZoneOf;
  weekStart: number;
  jobIdsOf(userId: string): readonly string[] | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Entry {
  shift: RuleShift;
  start: number;
  end: number;
  paid: number;
  /** Local day and the first day of its week, as day numbers (localDayNumber). */
  day: number;
  week: number;
}

/** One person's shifts, sorted once, with their day and week totals. */
interface PersonIndex {
  byStart: Entry[];
  byEnd: Entry[];
  dayMinutes: Map<number, number>;
  weekMinutes: Map<number, number>;
}

const byStartOrder = (a: Entry, b: Entry) => a.start - b.start || a.end - b.end || idOrder(a, b);
const byEndOrder = (a: Entry, b: Entry) => a.end - b.end || a.start - b.start || idOrder(a, b);
const idOrder = (a: Entry, b: Entry) =>
  (a.shift.id ?? "") < (b.shift.id ?? "") ? -1 : (a.shift.id ?? "") > (b.shift.id ?? "") ? 1 : 0;

function entryOf(shift: RuleShift, zoneOf: BoardZoneOf, weekStart: number): Entry {
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  const day = localDayNumber(start, zoneOf(shift.board_id));
  return {
    shift,
    start,
    end,
    paid: Math.max(0, Math.round((end - start) / MINUTE) - shift.break_minutes),
    day,
    // Day 0 (1970-01-01) was a Thursday (4).
    week: day - ((((day + 4 - weekStart) % 7) + 7) % 7),
  };
}

function indexPerson(entries: Entry[]): PersonIndex {
  const dayMinutes = new Map<number, number>();
  const weekMinutes = new Map<number, number>();
  for (const entry of entries) {
    dayMinutes.set(entry.day, (dayMinutes.get(entry.day) ?? 0) + entry.paid);
    weekMinutes.set(entry.week, (weekMinutes.get(entry.week) ?? 0) + entry.paid);
  }
  return { byStart: [...entries].sort(byStartOrder), byEnd: [...entries].sort(byEndOrder), dayMinutes, weekMinutes };
}

/** First index whose key is > value (keys ascending). */
function upperBound(list: Entry[], value: number, key: (entry: Entry) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (key(list[mid] as Entry) <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** First index whose key is >= value. */
function lowerBound(list: Entry[], value: number, key: (entry: Entry) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (key(list[mid] as Entry) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The shift that ends last at or before `entry` starts, and the one that starts first at or after it ends. */
function neighbours(index: PersonIndex, entry: Entry): { previous: Entry | null; next: Entry | null } {
  let p = upperBound(index.byEnd, entry.start, (e) => e.end) - 1;
  while (p >= 0 && index.byEnd[p] === entry) p--;
  let n = lowerBound(index.byStart, entry.end, (e) => e.start);
  while (n < index.byStart.length && index.byStart[n] === entry) n++;
  return { previous: index.byEnd[p] ?? null, next: index.byStart[n] ?? null };
}

function warningsOf(
  index: PersonIndex,
  entry: Entry,
  rules: ScheduleRules,
  jobIds: readonly string[] | null,
): ShiftWarning[] {
  const shift = entry.shift;
  const userId = shift.user_id as string;
  const base = { shift_id: shift.id, user_id: userId };
  const warnings: ShiftWarning[] = [];
  const { previous, next } = neighbours(index, entry);
  const rests: [Entry | null, number][] = [
    [previous, previous ? entry.start - previous.end : 0],
    [next, next ? next.start - entry.end : 0],
  ];
  for (const [other, gap] of rests) {
    const minutes = Math.round(gap / MINUTE);
    if (other && gap > 0 && minutes < rules.min_rest_minutes) {
      warnings.push({
        kind: "short_rest",
        ...base,
        minutes,
        limit_minutes: rules.min_rest_minutes,
        other_shift_id: other.shift.id,
        date: null,
      });
    }
  }
  const day = index.dayMinutes.get(entry.day) ?? 0;
  if (day > rules.daily_limit_minutes) {
    warnings.push({
      kind: "daily_overtime",
      ...base,
      minutes: day,
      limit_minutes: rules.daily_limit_minutes,
      other_shift_id: null,
      date: dateOfDayNumber(entry.day),
    });
  }
  const week = index.weekMinutes.get(entry.week) ?? 0;
  if (week > rules.weekly_limit_minutes) {
    warnings.push({
      kind: "weekly_overtime",
      ...base,
      minutes: week,
      limit_minutes: rules.weekly_limit_minutes,
      other_shift_id: null,
      date: dateOfDayNumber(entry.week),
    });
  }
  if (shift.job_id && jobIds !== null && !jobIds.includes(shift.job_id)) {
    warnings.push({ kind: "not_on_job", ...base, minutes: 0, limit_minutes: 0, other_shift_id: null, date: null });
  }
  return warnings;
}

/** Shifts without the repeats of an id (the first kept) and, when given, without `leaveOut`'s id. */
function distinct(shifts: readonly RuleShift[], leaveOut: string | null): RuleShift[] {
  const seen = new Set<string>();
  const out: RuleShift[] = [];
  for (const shift of shifts) {
    if (shift.id !== null) {
      if (shift.id === leaveOut || seen.has(shift.id)) continue;
      seen.add(shift.id);
    }
    out.push(shift);
  }
  return out;
}

/**
 * The person's shift that `candidate` would overlap (saving is refused), the
 * earliest one when several; null for an open shift or when none does.
 */
export function findOverlap<T extends RuleShift>(candidate: RuleShift, others: readonly T[]): T | null {
  if (candidate.user_id === null) return null;
  const start = Date.parse(candidate.starts_at);
  const end = Date.parse(candidate.ends_at);
  let found: T | null = null;
  let foundStart = 0;
  for (const other of others) {
    if (other.user_id !== candidate.user_id || (candidate.id !== null && other.id === candidate.id)) continue;
    const otherStart = Date.parse(other.starts_at);
    if (otherStart < end && start < Date.parse(other.ends_at) && (found === null || otherStart < foundStart)) {
      found = other;
      foundStart = otherStart;
    }
  }
  return found;
}

/**
 * The warnings `candidate` meets among the person's `others` (which may hold
 * other people's shifts, and the candidate's saved version: both left out).
 * In order: short_rest before, short_rest after, daily_overtime,
 * weekly_overtime (date = the week's first day), not_on_job.
 */
export function shiftWarnings(
  candidate: RuleShift,
  others: readonly RuleShift[],
  ctx: ShiftRuleContext,
): ShiftWarning[] {
  if (candidate.user_id === null) return [];
  const mine = distinct(
    others.filter((other) => other.user_id === candidate.user_id),
    candidate.id,
  );
  const entry = entryOf(candidate, ctx.zoneOf, ctx.weekStart);
  const index = indexPerson([entry, ...mine.map((shift) => entryOf(shift, ctx.zoneOf, ctx.weekStart))]);
  return warningsOf(index, entry, ctx.rules, ctx.personJobIds);
}

/**
 * Every shift's warnings at once (a board's week with the people's nearby
 * shifts): shift id → warnings (every shift with an id gets an entry, empty
 * when it meets none). Each shift is judged as shiftWarnings would judge it
 * among all the others. Grouped by person and sorted once: 3,000 shifts take
 * a few milliseconds.
 */
export function weekWarnings(shifts: readonly RuleShift[], ctx: WeekRuleContext): Map<string, ShiftWarning[]> {
  const people = new Map<string, Entry[]>();
  const result = new Map<string, ShiftWarning[]>();
  for (const shift of distinct(shifts, null)) {
    if (shift.user_id === null) {
      if (shift.id !== null) result.set(shift.id, []);
      continue;
    }
    const entry = entryOf(shift, ctx.zoneOf, ctx.weekStart);
    const list = people.get(shift.user_id);
    if (list) list.push(entry);
    else people.set(shift.user_id, [entry]);
  }
  for (const [userId, entries] of people) {
    const index = indexPerson(entries);
    const jobIds = ctx.jobIdsOf(userId);
    for (const entry of entries) {
      if (entry.shift.id === null) continue;
      result.set(entry.shift.id, warningsOf(index, entry, ctx.rulesOf(entry.shift.board_id), jobIds));
    }
  }
  return result;
}

/**
 * The instants between which a person's other shifts can matter to a shift's
 * (or a whole week's) rules: its week, widened by the rest rule. Load the
 * shifts that overlap [from, to) (end > from and start < to).
 */
export function rulesWindow(
  range: { starts_at: string; ends_at: string },
  ctx: { zone: string; weekStart: number; minRestMinutes: number },
): { from: string; to: string } {
  const week = weekOf(localDateOf(range.starts_at, ctx.zone), ctx.zone, ctx.weekStart);
  const rest = ctx.minRestMinutes * MINUTE;
  const from = Math.min(Date.parse(week.startsAt), Date.parse(range.starts_at) - rest);
  const to = Math.max(Date.parse(week.endsAt), Date.parse(range.ends_at) + rest);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

// ---------------------------------------------------------------- totals

export interface PersonTotals {
  /** Paid minutes (breaks taken off). */
  minutes: number;
  /** Paid hours × rate, in cents precision; null when none of the shifts has a rate. */
  cost: number | null;
  shifts: number;
  /** Shifts without a rate (left out of cost). */
  uncosted: number;
}

export interface DayTotals extends PersonTotals {
  date: string;
  /** Distinct people working that day. */
  headcount: number;
  /** Open shifts (no person) that day. */
  open: number;
}

export interface ScheduleTotals {
  people: Map<string, PersonTotals>;
  /** Every date asked for, in order (zeros on a day without shifts). */
  days: Map<string, DayTotals>;
  total: Omit<DayTotals, "date">;
}

export interface TotalsContext {
  /** Each shift counts on its own board's day (zoneOfWork). */
  zoneOf: BoardZoneOf;
  /** The days to count (a week's, a month's): shifts starting on other days are left out. */
  dates: readonly string[];
  /** The hourly rate a shift is paid at (the person's, else the job's), or null. */
  rateOf(shift: RuleShift): number | null;
  /** Not used (the dates say which days count); accepted for symmetry with the rules' context. */
  weekStart?: number;
}

interface Sum {
  minutes: number;
  money: number;
  costed: number;
  shifts: number;
  uncosted: number;
  open: number;
  people: Set<string>;
}

const newSum = (): Sum => ({ minutes: 0, money: 0, costed: 0, shifts: 0, uncosted: 0, open: 0, people: new Set() });
const cents = (money: number) => Math.round((money + Number.EPSILON) * 100) / 100;
const costOf = (sum: Sum) => (sum.costed === 0 && sum.shifts > 0 ? null : cents(sum.money));

/**
 * Totals of boards' shifts on the given days (each shift on the day it
 * starts in its board's zone): per person, per day and in all. Minutes are paid minutes; cost is
 * paid hours × rateOf(shift), summed and then rounded to cents; a shift
 * without a rate adds to `uncosted`. Open shifts count in minutes, cost
 * (at their job's rate), shifts and `open`, not in headcount or people.
 */
export function scheduleTotals(shifts: readonly RuleShift[], ctx: TotalsContext): ScheduleTotals {
  const daySums = new Map<string, Sum>(ctx.dates.map((date) => [date, newSum()]));
  // Shifts are matched to days by day number (cheaper than a date string each).
  const byNumber = new Map([...daySums].map(([date, sum]) => [Math.round(Date.parse(`${date}T00:00:00Z`) / DAY), sum]));
  const personSums = new Map<string, Sum>();
  const all = newSum();
  for (const shift of shifts) {
    const start = Date.parse(shift.starts_at);
    const day = byNumber.get(localDayNumber(start, ctx.zoneOf(shift.board_id)));
    if (!day) continue;
    const minutes = Math.max(0, Math.round((Date.parse(shift.ends_at) - start) / MINUTE) - shift.break_minutes);
    const rate = ctx.rateOf(shift);
    const costed = rate !== null && Number.isFinite(rate);
    let person: Sum | undefined;
    if (shift.user_id !== null) {
      person = personSums.get(shift.user_id) ?? newSum();
      personSums.set(shift.user_id, person);
    }
    for (const sum of person ? [day, all, person] : [day, all]) {
      sum.minutes += minutes;
      sum.shifts += 1;
      if (costed) {
        sum.money += (minutes * (rate as number)) / 60;
        sum.costed += 1;
      } else sum.uncosted += 1;
      if (shift.user_id === null) sum.open += 1;
      else sum.people.add(shift.user_id);
    }
  }
  const personTotals = (sum: Sum): PersonTotals => ({
    minutes: sum.minutes,
    cost: costOf(sum),
    shifts: sum.shifts,
    uncosted: sum.uncosted,
  });
  const dayTotals = (sum: Sum) => ({ ...personTotals(sum), headcount: sum.people.size, open: sum.open });
  return {
    people: new Map([...personSums].map(([userId, sum]) => [userId, personTotals(sum)])),
    days: new Map([...daySums].map(([date, sum]) => [date, { date, ...dayTotals(sum) }])),
    total: dayTotals(all),
  };
}
