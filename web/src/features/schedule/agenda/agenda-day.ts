import type { NearbyShift, SchedulePerson, Shift } from "@workshift/contracts";
import type { AvailabilityIndex, DayAvailabilityCell } from "../availability-days.ts";
import { type LeaveDay, type LeaveIndex, wholeDayOff } from "../time-off-days.ts";
import { type BoardRow, OPEN_ROW, type WeekIndex } from "../week-rows.ts";

/**
 * One day of the week as the phone's agenda lists it (pure, so it is tested
 * without a browser): open shifts first, then who works that day by when
 * they start, then who is off on approved leave, then everyone else (those
 * unavailable all day last), each group under its heading. A flat list, so
 * a long day can be virtualised.
 */

export type AgendaGroup = "open" | "working" | "off" | "free";

export type PersonRow = Extract<BoardRow, { kind: "person" }>;

export interface AgendaPerson {
  kind: "person";
  key: string;
  group: Exclude<AgendaGroup, "open">;
  /** The week's row of the person (what a new shift is drafted from). */
  row: PersonRow;
  person: SchedulePerson;
  /** Their shifts on this board that day, by start (removals waiting for publish included). */
  shifts: readonly Shift[];
  /** Their shifts on other boards that day (busy, not editable here). */
  elsewhere: readonly NearbyShift[];
  leave: readonly LeaveDay[] | undefined;
  availability: DayAvailabilityCell | undefined;
}

export type AgendaEntry =
  | { kind: "heading"; key: string; group: AgendaGroup; count: number }
  | { kind: "open"; key: typeof OPEN_ROW; shifts: readonly Shift[] }
  | AgendaPerson;

export interface AgendaDayInput {
  /** The week's rows, flat (not grouped by job): open shifts, then people by name. */
  rows: readonly BoardRow[];
  index: Pick<WeekIndex, "cells" | "elsewhere">;
  leave: LeaveIndex;
  availability: AvailabilityIndex;
  date: string;
  /** Keep the open-shifts group when it has no shift, so one can be added there. */
  keepOpen: boolean;
}

const NONE: readonly never[] = [];

/** A shift that still counts: a removal waiting for publish does not put anyone to work. */
const live = (shift: Shift) => shift.status !== "deleted";

/** When the person's first live shift of the day starts (ms); Infinity when none. */
function firstStart(shifts: readonly Shift[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const shift of shifts) if (live(shift)) first = Math.min(first, Date.parse(shift.starts_at));
  return first;
}

export function agendaDay({ rows, index, leave, availability, date, keepOpen }: AgendaDayInput): AgendaEntry[] {
  const open = index.cells.get(OPEN_ROW)?.get(date) ?? NONE;
  const working: { entry: AgendaPerson; start: number; order: number }[] = [];
  const off: AgendaPerson[] = [];
  const free: AgendaPerson[] = [];
  const away: AgendaPerson[] = [];

  rows.forEach((row, order) => {
    if (row.kind !== "person") return;
    const userId = row.person.user_id;
    const shifts = index.cells.get(row.key)?.get(date) ?? NONE;
    const days = leave.get(userId)?.get(date);
    const cell = availability.get(userId)?.get(date);
    const entry = (group: AgendaPerson["group"]): AgendaPerson => ({
      kind: "person",
      key: row.key,
      group,
      row,
      person: row.person,
      shifts,
      elsewhere: index.elsewhere.get(userId)?.get(date) ?? NONE,
      leave: days,
      availability: cell,
    });
    const start = firstStart(shifts);
    if (Number.isFinite(start)) working.push({ entry: entry("working"), start, order });
    else if (wholeDayOff(days)) off.push(entry("off"));
    else if (cell?.unavailable === "day") away.push(entry("free"));
    else free.push(entry("free"));
  });
  // Same start: the rows' order, which is by name.
  working.sort((a, b) => a.start - b.start || a.order - b.order);

  const out: AgendaEntry[] = [];
  if (open.length > 0 || keepOpen) {
    out.push({ kind: "heading", key: "heading|open", group: "open", count: open.length });
    out.push({ kind: "open", key: OPEN_ROW, shifts: open });
  }
  const group = (name: Exclude<AgendaGroup, "open">, people: readonly AgendaPerson[]) => {
    if (people.length === 0) return;
    out.push({ kind: "heading", key: `heading|${name}`, group: name, count: people.length });
    out.push(...people);
  };
  group(
    "working",
    working.map((item) => item.entry),
  );
  group("off", off);
  group("free", [...free, ...away]);
  return out;
}

/** How many shifts the day holds on this board (open or not, removals waiting for publish left out). */
export function shiftsOfDay(entries: readonly AgendaEntry[]): number {
  let count = 0;
  for (const entry of entries) {
    if (entry.kind === "open" || entry.kind === "person") count += entry.shifts.filter(live).length;
  }
  return count;
}
