import {
  dayOf,
  type NearbyShift,
  type ScheduleJob,
  type SchedulePerson,
  type Shift,
  type WeekResponse,
} from "@workshift/contracts";
import type { BoardFilter } from "../../lib/board-url.ts";
import type { ZoneOfBoard } from "./board-zones.ts";
import type { ShiftDraft } from "./schedule-types.ts";

/**
 * The week grid's rows and what sits in each cell, computed once per week
 * and filter (pure, so it is tested without a browser): an "Open shifts"
 * row first, then people, either by name or in one section per job.
 */

export type BoardRow =
  | { kind: "open"; key: typeof OPEN_ROW }
  | { kind: "section"; key: string; job: ScheduleJob | null; people: number }
  | {
      kind: "person";
      key: string;
      person: SchedulePerson;
      /** The section's job when grouped by job (null = the "No job" section); undefined in the flat list. */
      jobId: string | null | undefined;
    };

export const OPEN_ROW = "open";
const NO_JOB = "none";

/** A grid row's key in the cell index: "open", a person's id, or "person|job" when grouped by job. */
export const personRowKey = (userId: string, jobId: string | null | undefined) =>
  jobId === undefined ? userId : `${userId}|${jobId ?? NO_JOB}`;
const sectionKey = (jobId: string | null) => `section|${jobId ?? NO_JOB}`;

/** What a drop or a paste on a row's cell changes: the person (null = open) and, when grouped, the job. */
export interface RowTarget {
  userId: string | null;
  /** undefined = keep the shift's job. */
  jobId: string | null | undefined;
}

export function targetOfRow(row: BoardRow): RowTarget | null {
  if (row.kind === "open") return { userId: null, jobId: undefined };
  if (row.kind === "person") return { userId: row.person.user_id, jobId: row.jobId };
  return null;
}

/** "Nadia Haddad"; invited people may lack a half. Empty when there is no name at all. */
export function personLabel(person: Pick<SchedulePerson, "first_name" | "last_name">): string {
  return [person.first_name, person.last_name]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** Case- and accent-insensitive text for search ("Élodie" ~ "elodie"; Arabic marks ignored). */
export function searchable(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();
}

/** The shifts the job filter keeps (no filter keeps all: the same list, so what is derived from it can be shared). */
export function shiftsInFilter<T extends { job_id: string | null }>(
  shifts: readonly T[],
  jobIds: readonly string[],
): readonly T[] {
  if (jobIds.length === 0) return shifts;
  const wanted = new Set(jobIds);
  return shifts.filter((shift) => shift.job_id !== null && wanted.has(shift.job_id));
}

/**
 * The rows in order. `shifts` are the week's shifts after the job filter
 * (people with a shift there always get a row, even without the job).
 */
export function buildRows(
  week: Pick<WeekResponse, "people" | "jobs">,
  shifts: readonly Pick<Shift, "user_id" | "job_id">[],
  filter: BoardFilter,
  collator: Intl.Collator,
): BoardRow[] {
  const query = searchable(filter.search);
  const jobFilter = new Set(filter.jobIds);
  const filtering = jobFilter.size > 0;
  const names = new Map(week.people.map((p) => [p.user_id, personLabel(p)]));
  const byName = (a: SchedulePerson, b: SchedulePerson) =>
    collator.compare(names.get(a.user_id) ?? "", names.get(b.user_id) ?? "") || a.user_id.localeCompare(b.user_id);

  // Who has shifts of which job this week (after the filter).
  const jobsWorked = new Map<string, Set<string | null>>();
  for (const shift of shifts) {
    if (!shift.user_id) continue;
    let set = jobsWorked.get(shift.user_id);
    if (!set) {
      set = new Set();
      jobsWorked.set(shift.user_id, set);
    }
    set.add(shift.job_id);
  }

  const people = week.people
    .filter((person) => {
      if (query && !searchable(names.get(person.user_id) ?? "").includes(query)) return false;
      const worked = jobsWorked.get(person.user_id);
      // Archived people are listed only for the shifts they still have.
      if (person.status === "archived" && !worked) return false;
      if (!filtering) return true;
      return worked !== undefined || person.job_ids.some((id) => jobFilter.has(id));
    })
    .sort(byName);

  const rows: BoardRow[] = [{ kind: "open", key: OPEN_ROW }];
  if (!filter.groupByJob) {
    for (const person of people) rows.push({ kind: "person", key: person.user_id, person, jobId: undefined });
    return rows;
  }

  // One section per job someone may work or has worked this week; "No job" last.
  const sections = new Map<string | null, SchedulePerson[]>();
  const add = (jobId: string | null, person: SchedulePerson) => {
    let list = sections.get(jobId);
    if (!list) {
      list = [];
      sections.set(jobId, list);
    }
    if (list.at(-1) !== person) list.push(person);
  };
  const known = new Set(week.jobs.map((job) => job.id));
  const archivedJob = new Set(week.jobs.filter((job) => job.is_archived).map((job) => job.id));
  for (const person of people) {
    const worked = jobsWorked.get(person.user_id) ?? new Set<string | null>();
    const jobs = new Set<string | null>();
    for (const id of person.job_ids) {
      if (known.has(id) && !archivedJob.has(id) && (!filtering || jobFilter.has(id))) jobs.add(id);
    }
    for (const id of worked) jobs.add(id !== null && !known.has(id) ? null : id);
    if (jobs.size === 0 && !filtering) jobs.add(null);
    for (const id of jobs) add(id, person);
  }
  const jobOrder = [...week.jobs].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
  for (const job of jobOrder) {
    const list = sections.get(job.id);
    if (!list || list.length === 0) continue;
    rows.push({ kind: "section", key: sectionKey(job.id), job, people: list.length });
    for (const person of list)
      rows.push({ kind: "person", key: personRowKey(person.user_id, job.id), person, jobId: job.id });
  }
  const jobless = sections.get(null);
  if (jobless && jobless.length > 0) {
    rows.push({ kind: "section", key: sectionKey(null), job: null, people: jobless.length });
    for (const person of jobless)
      rows.push({ kind: "person", key: personRowKey(person.user_id, null), person, jobId: null });
  }
  return rows;
}

/** The week's days as instants, to put a shift on the day it starts without a date library per shift. */
export interface DayBounds {
  date: string;
  startsAt: string;
  endsAt: string;
}

/**
 * The day (in the zone the bounds were cut in) an instant falls on, by
 * bisecting the days' bounds the shared time module computed: no zone math
 * per shift. null outside the week.
 */
export function dayFinder(days: readonly DayBounds[]): (instant: string) => string | null {
  const starts = days.map((day) => Date.parse(day.startsAt));
  const end = days.length > 0 ? Date.parse(days[days.length - 1]?.endsAt ?? "") : Number.NaN;
  return (instant) => {
    const at = Date.parse(instant);
    if (!(at >= (starts[0] ?? Number.NaN)) || !(at < end)) return null;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return days[lo]?.date ?? null;
  };
}

/** Which of the week's days a shift is on; null when none. */
export type ShiftDayOf = (shift: Pick<Shift, "board_id" | "starts_at">) => string | null;

/**
 * The week's day a shift is on: its board's day (zoneOfWork), so on "all" a
 * Beirut board's Sunday 00:30 is in Sunday's column even when the week is
 * laid out in Paris, where it is still Saturday. `days` are the columns, cut
 * in `zone` (the week's); each other zone's bounds are cut once, when a
 * board in it is first met.
 */
export function boardDayFinder(days: readonly DayBounds[], zone: string, zoneOf: ZoneOfBoard): ShiftDayOf {
  const finders = new Map<string, (instant: string) => string | null>([[zone, dayFinder(days)]]);
  return (shift) => {
    const own = zoneOf(shift.board_id);
    let find = finders.get(own);
    if (!find) {
      find = dayFinder(days.map((day) => dayOf(day.date, own)));
      finders.set(own, find);
    }
    return find(shift.starts_at);
  };
}

export type CellIndex<T> = Map<string, Map<string, T[]>>;

function put<T>(index: CellIndex<T>, key: string, date: string, item: T) {
  let row = index.get(key);
  if (!row) {
    row = new Map();
    index.set(key, row);
  }
  const cell = row.get(date);
  if (cell) cell.push(item);
  else row.set(date, [item]);
}

const byStart = (a: { starts_at: string; id: string }, b: { starts_at: string; id: string }) =>
  a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface WeekIndex {
  /** Row key → date → the row's shifts that day, by start. */
  cells: CellIndex<Shift>;
  /** Person → date → their shifts on other boards that day (shown greyed, not editable). */
  elsewhere: CellIndex<NearbyShift>;
  /** Shift id → the day it sits on. */
  dateOf: Map<string, string>;
}

/** Every shift put in its row and on its board's day (boardDayFinder) once, so rendering a cell is a map lookup. */
export function indexWeek(
  shifts: readonly Shift[],
  nearby: readonly NearbyShift[],
  dayOf: ShiftDayOf,
  groupByJob: boolean,
): WeekIndex {
  const cells: CellIndex<Shift> = new Map();
  const elsewhere: CellIndex<NearbyShift> = new Map();
  const dateOf = new Map<string, string>();
  for (const shift of shifts) {
    const date = dayOf(shift);
    if (!date) continue;
    dateOf.set(shift.id, date);
    const key = shift.user_id === null ? OPEN_ROW : personRowKey(shift.user_id, groupByJob ? shift.job_id : undefined);
    put(cells, key, date, shift);
  }
  for (const shift of nearby) {
    const date = shift.user_id ? dayOf(shift) : null;
    if (date && shift.user_id) put(elsewhere, shift.user_id, date, shift);
  }
  for (const row of cells.values()) for (const cell of row.values()) cell.sort(byStart);
  for (const row of elsewhere.values()) for (const cell of row.values()) cell.sort(byStart);
  return { cells, elsewhere, dateOf };
}

/**
 * A new shift from a row of the board (a week cell, or a point on the day
 * timeline): the person (null on the open-shifts row), the person's board when
 * shown, the section's job when grouped, else the person's only job; and
 * the picked start time when there is one.
 */
export function draftForRow(
  week: Pick<WeekResponse, "boards">,
  row: BoardRow,
  date: string,
  start?: string,
): ShiftDraft | null {
  const target = targetOfRow(row);
  if (!target) return null;
  const person = row.kind === "person" ? row.person : null;
  const boardId = week.boards.find((board) => person?.board_ids.includes(board.id))?.id ?? week.boards[0]?.id ?? "";
  const jobId =
    target.jobId !== undefined
      ? target.jobId
      : person && person.job_ids.length === 1
        ? (person.job_ids[0] ?? null)
        : null;
  return start === undefined
    ? { boardId, date, userId: target.userId, jobId }
    : { boardId, date, userId: target.userId, jobId, start };
}
