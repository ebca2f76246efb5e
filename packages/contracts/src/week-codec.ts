import type {
  NearbyShift,
  PublishedShift,
  ScheduleJob,
  SchedulePerson,
  Shift,
  ShiftStatus,
  WeekResponse,
} from "./schedule.ts";
import type { WeekWire, WireNearbyColumns, WirePeopleColumns, WireShiftColumns } from "./week-wire.ts";

/*
 * The week between its objects (WeekResponse) and its columns (week-wire.ts).
 * Type imports only: the board's first bundle decodes the week it prefetches.
 */

/** A shift's status by its code on the wire. */
export const weekWireShiftStatuses: readonly ShiftStatus[] = ["draft", "published", "changed", "deleted"];
/** A person's status by its code on the wire. */
export const weekWirePersonStatuses: readonly SchedulePerson["status"][] = ["active", "invited", "archived"];

const MINUTE_MS = 60_000;

/** UUIDs back to back without dashes (the ids must be lowercase, as PostgreSQL writes them). */
export const packIds = (ids: readonly string[]): string => ids.join("").replaceAll("-", "");

export function unpackIds(packed: string): string[] {
  const ids: string[] = new Array(packed.length / 32);
  for (let i = 0, at = 0; at < packed.length; i++, at += 32) {
    ids[i] =
      `${packed.slice(at, at + 8)}-${packed.slice(at + 8, at + 12)}-${packed.slice(at + 12, at + 16)}-` +
      `${packed.slice(at + 16, at + 20)}-${packed.slice(at + 20, at + 32)}`;
  }
  return ids;
}

/** Minutes from `base` (both milliseconds since 1970); a fraction keeps any millisecond. */
export const minutesFrom = (base: number, ms: number): number => (ms - base) / MINUTE_MS;

/**
 * ISO text of instants: those repeated (a week's 12,000 shifts start and end
 * at a few hundred instants, and are published in a few publishes) are
 * written once, kept by their offset from the week's start; toISOString for
 * each shift's four instants was most of decoding.
 */
function isoWriter(base: number) {
  const byMinutes = new Map<number, string>();
  const byOffset = new Map<number, string>();
  return {
    minutes(minutes: number): string {
      let iso = byMinutes.get(minutes);
      if (iso === undefined) {
        iso = new Date(base + Math.round(minutes * MINUTE_MS)).toISOString();
        byMinutes.set(minutes, iso);
      }
      return iso;
    },
    repeated(offset: number): string {
      let iso = byOffset.get(offset);
      if (iso === undefined) {
        iso = new Date(base + offset).toISOString();
        byOffset.set(offset, iso);
      }
      return iso;
    },
    /** An instant of its own (a shift's last change). */
    once: (offset: number): string => new Date(base + offset).toISOString(),
  };
}

/**
 * Places of ids in a list the answer carries, and the ids it does not carry
 * (their places go on after the list's): people in `people` then
 * `more_people`, jobs in `jobs` then `more_jobs`.
 */
export class WirePlaces {
  private readonly places = new Map<string, number>();
  readonly more: string[] = [];
  constructor(private readonly listed: readonly string[]) {
    listed.forEach((id, place) => {
      this.places.set(id, place);
    });
  }
  of(id: string | null): number {
    if (id === null) return -1;
    let place = this.places.get(id);
    if (place === undefined) {
      place = this.listed.length + this.more.length;
      this.more.push(id);
      this.places.set(id, place);
    }
    return place;
  }
}

/** A shift's facts with its instants as milliseconds since 1970 (how the server reads them). */
export interface ShiftFacts {
  id: string;
  board_id: string;
  user_id: string | null;
  job_id: string | null;
  starts_at: number;
  ends_at: number;
  break_minutes: number;
  note: string | null;
  status: ShiftStatus;
  published_at: number | null;
  published: {
    user_id: string | null;
    job_id: string | null;
    starts_at: number;
    ends_at: number;
    break_minutes: number;
    note: string | null;
  } | null;
  version: number;
  updated_at: number;
}

export interface NearbyFacts {
  id: string;
  board_id: string;
  time_zone: string;
  user_id: string | null;
  starts_at: number;
  ends_at: number;
  break_minutes: number;
}

interface ShiftPlaces {
  boards: WirePlaces;
  people: WirePlaces;
  jobs: WirePlaces;
}

/** The week's shifts in columns, `base` being the week's `starts_at` in milliseconds. */
export function encodeShifts(shifts: readonly ShiftFacts[], base: number, places: ShiftPlaces): WireShiftColumns {
  const columns: WireShiftColumns = {
    id: packIds(shifts.map((shift) => shift.id)),
    board: [],
    person: [],
    job: [],
    start: [],
    end: [],
    break: [],
    note: [],
    status: [],
    published_at: [],
    version: [],
    updated_at: [],
    published: { shift: [], person: [], job: [], start: [], end: [], break: [], note: [] },
  };
  const told = columns.published;
  shifts.forEach((shift, row) => {
    columns.board.push(places.boards.of(shift.board_id));
    columns.person.push(places.people.of(shift.user_id));
    columns.job.push(places.jobs.of(shift.job_id));
    columns.start.push(minutesFrom(base, shift.starts_at));
    columns.end.push(minutesFrom(base, shift.ends_at));
    columns.break.push(shift.break_minutes);
    columns.note.push(shift.note);
    columns.status.push(weekWireShiftStatuses.indexOf(shift.status));
    columns.published_at.push(shift.published_at === null ? null : shift.published_at - base);
    columns.version.push(shift.version);
    columns.updated_at.push(shift.updated_at - base);
    if (shift.published) {
      told.shift.push(row);
      told.person.push(places.people.of(shift.published.user_id));
      told.job.push(places.jobs.of(shift.published.job_id));
      told.start.push(minutesFrom(base, shift.published.starts_at));
      told.end.push(minutesFrom(base, shift.published.ends_at));
      told.break.push(shift.published.break_minutes);
      told.note.push(shift.published.note);
    }
  });
  return columns;
}

/** The people's shifts around the week in columns (their boards listed with them). */
export function encodeNearby(nearby: readonly NearbyFacts[], base: number, people: WirePlaces): WireNearbyColumns {
  const boards: WireNearbyColumns["boards"] = [];
  const boardPlaces = new Map<string, number>();
  const columns: WireNearbyColumns = {
    boards,
    id: packIds(nearby.map((shift) => shift.id)),
    board: [],
    person: [],
    start: [],
    end: [],
    break: [],
  };
  for (const shift of nearby) {
    let board = boardPlaces.get(shift.board_id);
    if (board === undefined) {
      board = boards.length;
      boards.push({ id: shift.board_id, time_zone: shift.time_zone });
      boardPlaces.set(shift.board_id, board);
    }
    columns.board.push(board);
    columns.person.push(people.of(shift.user_id));
    columns.start.push(minutesFrom(base, shift.starts_at));
    columns.end.push(minutesFrom(base, shift.ends_at));
    columns.break.push(shift.break_minutes);
  }
  return columns;
}

/** The listed people in columns, their jobs and boards by place. */
export function encodePeople(
  people: readonly SchedulePerson[],
  places: { boards: WirePlaces; jobs: WirePlaces },
): WirePeopleColumns {
  return {
    id: packIds(people.map((person) => person.user_id)),
    first_name: people.map((person) => person.first_name),
    last_name: people.map((person) => person.last_name),
    status: people.map((person) => weekWirePersonStatuses.indexOf(person.status)),
    hourly_rate: people.map((person) => person.hourly_rate),
    jobs: people.map((person) => person.job_ids.map((id) => places.jobs.of(id))),
    boards: people.map((person) => person.board_ids.map((id) => places.boards.of(id))),
  };
}

const ms = (instant: string) => Date.parse(instant);

/** A week's objects in columns: what the server sends, written from the objects the client reads. */
export function encodeWeek(week: WeekResponse): WeekWire {
  const base = ms(week.starts_at);
  const boards = new WirePlaces(week.boards.map((board) => board.id));
  const jobs = new WirePlaces(week.jobs.map((job) => job.id));
  const peopleIds = week.people.map((person) => person.user_id);
  const people = new WirePlaces(peopleIds);
  const peopleColumns = encodePeople(week.people, { boards, jobs });
  const shifts = encodeShifts(
    week.shifts.map((shift) => ({
      ...shift,
      starts_at: ms(shift.starts_at),
      ends_at: ms(shift.ends_at),
      published_at: shift.published_at === null ? null : ms(shift.published_at),
      published: shift.published && {
        ...shift.published,
        starts_at: ms(shift.published.starts_at),
        ends_at: ms(shift.published.ends_at),
      },
      updated_at: ms(shift.updated_at),
    })),
    base,
    { boards, people, jobs },
  );
  const nearby = encodeNearby(
    week.nearby_shifts.map((shift) => ({ ...shift, starts_at: ms(shift.starts_at), ends_at: ms(shift.ends_at) })),
    base,
    people,
  );
  return {
    ...weekHead(week),
    jobs: week.jobs,
    more_jobs: jobs.more,
    people: peopleColumns,
    more_people: packIds(people.more),
    shifts,
    nearby_shifts: nearby,
    ...weekMarksOf(week),
  };
}

const weekHead = (week: WeekResponse | WeekWire) => ({
  boards: week.boards,
  time_zone: week.time_zone,
  week_start: week.week_start,
  start_date: week.start_date,
  end_date: week.end_date,
  starts_at: week.starts_at,
  ends_at: week.ends_at,
  can_manage: week.can_manage,
  currency: week.currency,
});

const weekMarksOf = (week: WeekResponse | WeekWire) => ({
  ...(week.requests === undefined ? {} : { requests: week.requests }),
  ...(week.availability === undefined ? {} : { availability: week.availability }),
  ...(week.time_off === undefined ? {} : { time_off: week.time_off }),
});

/** The week's objects from its columns, exactly as the server read them. */
export function decodeWeek(wire: WeekWire): WeekResponse {
  const iso = isoWriter(ms(wire.starts_at));
  const personIds = [...unpackIds(wire.people.id), ...unpackIds(wire.more_people)];
  const jobIds = [...wire.jobs.map((job) => job.id), ...wire.more_jobs];
  const boardIds = wire.boards.map((board) => board.id);
  const personAt = (place: number) => (place < 0 ? null : (personIds[place] as string));
  const jobAt = (place: number) => (place < 0 ? null : (jobIds[place] as string));

  const p = wire.people;
  const people: SchedulePerson[] = personIds.slice(0, p.first_name.length).map((user_id, i) => ({
    user_id,
    first_name: p.first_name[i] as string | null,
    last_name: p.last_name[i] as string | null,
    status: weekWirePersonStatuses[p.status[i] as number] as SchedulePerson["status"],
    hourly_rate: p.hourly_rate[i] as number | null,
    job_ids: (p.jobs[i] as number[]).map((place) => jobIds[place] as string),
    board_ids: (p.boards[i] as number[]).map((place) => boardIds[place] as string),
  }));

  const s = wire.shifts;
  const told = new Map<number, PublishedShift>();
  s.published.shift.forEach((row, k) => {
    const publishedAt = s.published_at[row];
    told.set(row, {
      user_id: personAt(s.published.person[k] as number),
      job_id: jobAt(s.published.job[k] as number),
      starts_at: iso.minutes(s.published.start[k] as number),
      ends_at: iso.minutes(s.published.end[k] as number),
      break_minutes: s.published.break[k] as number,
      note: s.published.note[k] as string | null,
      published_at: iso.repeated(publishedAt ?? 0),
    });
  });
  const shifts: Shift[] = unpackIds(s.id).map((id, i) => {
    const publishedAt = s.published_at[i] as number | null;
    return {
      id,
      board_id: boardIds[s.board[i] as number] as string,
      user_id: personAt(s.person[i] as number),
      job_id: jobAt(s.job[i] as number),
      starts_at: iso.minutes(s.start[i] as number),
      ends_at: iso.minutes(s.end[i] as number),
      break_minutes: s.break[i] as number,
      note: s.note[i] as string | null,
      status: weekWireShiftStatuses[s.status[i] as number] as ShiftStatus,
      published_at: publishedAt === null ? null : iso.repeated(publishedAt),
      published: told.get(i) ?? null,
      version: s.version[i] as number,
      updated_at: iso.once(s.updated_at[i] as number),
    };
  });

  const n = wire.nearby_shifts;
  const nearby: NearbyShift[] = unpackIds(n.id).map((id, i) => {
    const board = n.boards[n.board[i] as number] as { id: string; time_zone: string };
    return {
      id,
      board_id: board.id,
      user_id: personAt(n.person[i] as number),
      starts_at: iso.minutes(n.start[i] as number),
      ends_at: iso.minutes(n.end[i] as number),
      break_minutes: n.break[i] as number,
      time_zone: board.time_zone,
    };
  });

  return {
    ...weekHead(wire),
    people,
    jobs: wire.jobs as ScheduleJob[],
    shifts,
    nearby_shifts: nearby,
    ...weekMarksOf(wire),
  };
}
