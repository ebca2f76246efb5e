import {
  encodeNearby,
  encodePeople,
  encodeShifts,
  type NearbyFacts,
  packIds,
  type ScheduleJob,
  type SchedulePerson,
  todayIn,
  type WeekWire,
  WirePlaces,
  weekOf,
} from "@workshift/contracts";
import { sql } from "kysely";
import { personIdOf } from "../lib/db/person-id.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { aroundBoardDays, type BoardDaysRange, boardDayRanges, spanOf } from "./board-days.ts";
import type { ScheduleScope } from "./scope.ts";
import { nearbyFactsOf, nearbyRowsText } from "./shift-json.ts";
import { type WeekShifts, weekShifts } from "./week-cache.ts";
import { weekMarks } from "./week-marks.ts";
import { weekPeople } from "./week-people.ts";

/** How far around the week the people's other shifts matter to the rules (rest before, overnight after). */
const DAY_MS = 24 * 60 * 60 * 1000;
const NEARBY_BEFORE_MS = 2 * DAY_MS;
const NEARBY_AFTER_MS = DAY_MS;

/** What nearbyRowsText reads of a shift. */
const NEARBY_COLUMNS = sql.raw("id, organization_id, job_scheduler_id, user_id, starts_at, ends_at, break_minutes");

const money = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A board's (or every board's) week as the JSON text of its wire form
 * (week-wire.ts: the WeekResponse in columns, decoded by the client): the
 * shifts whose day (their board's: zoneOfWork) is one of the week's (pending
 * removals included: the board strikes them through), the people on the
 * boards and anyone with a shift there, the jobs, the people's other shifts
 * around the week that the rules need, the waiting requests on the shifts,
 * the people's approved time off and their availability on its days
 * (week-marks.ts). A few indexed queries whatever the size; nothing per
 * person or per shift. The shifts and the people are kept while unchanged
 * (week-cache.ts, week-people.ts).
 */
export async function loadWeekJson(
  tx: Tx,
  organizationId: string,
  scope: ScheduleScope,
  date: string | undefined,
  canManage: boolean,
): Promise<string> {
  const week = weekOf(date ?? todayIn(scope.zone), scope.zone, scope.weekStart);
  const boardIds = scope.boards.map((board) => board.id);
  const base = {
    boards: scope.boards,
    time_zone: scope.zone,
    week_start: scope.weekStart,
    start_date: week.startDate,
    end_date: week.endDate,
    starts_at: week.startsAt,
    ends_at: week.endsAt,
    can_manage: canManage,
    currency: scope.currency,
  };
  const weekMs = Date.parse(week.startsAt);
  if (boardIds.length === 0) {
    const empty: WeekWire = {
      ...base,
      jobs: [],
      more_jobs: [],
      people: encodePeople([], { boards: new WirePlaces([]), jobs: new WirePlaces([]) }),
      more_people: "",
      shifts: encodeShifts([], weekMs, {
        boards: new WirePlaces([]),
        people: new WirePlaces([]),
        jobs: new WirePlaces([]),
      }),
      nearby_shifts: encodeNearby([], weekMs, new WirePlaces([])),
      requests: [],
      availability: [],
      time_off: [],
    };
    return JSON.stringify(empty);
  }

  const ranges = boardDayRanges(scope.boards, week.startDate, week.endDate);
  const found = await weekShifts(tx, { organizationId, ranges });

  const people = await weekPeople(tx, organizationId, boardIds, found.userIds);
  const jobs = await loadJobs(tx, organizationId, boardIds, found.jobIds);
  const accounts = people.map((person) => person.user_id);
  const span = spanOf(ranges) ?? { startsAt: new Date(week.startsAt), endsAt: new Date(week.endsAt) };
  const nearby = await loadNearby(tx, organizationId, {
    userIds: accounts,
    ranges,
    from: new Date(span.startsAt.getTime() - NEARBY_BEFORE_MS),
    to: new Date(span.endsAt.getTime() + NEARBY_AFTER_MS),
  });
  const marks = await weekMarks(tx, organizationId, ranges, accounts, week);

  const written = writtenOf(organizationId, found, weekMs, people, boardIds, jobs);
  const nearbyShifts = encodeNearby(nearby, weekMs, written.places.people);
  const head: Omit<WeekWire, "people" | "shifts" | "requests" | "time_off"> = {
    ...base,
    more_people: packIds(written.places.people.more.map((account) => personIdOf(organizationId, account))),
    jobs,
    more_jobs: written.places.jobs.more,
    nearby_shifts: nearbyShifts,
    availability: marks.availability,
  };
  return `${JSON.stringify(head).slice(0, -1)},"people":${written.people},"shifts":${written.shifts},"requests":${marks.requests},"time_off":${marks.timeOff}}`;
}

interface Written {
  people: string;
  shifts: string;
  /** Written for these people, week start, boards and jobs: places are only valid for those. */
  peopleRead: SchedulePerson[];
  jobsKey: string;
  places: { boards: WirePlaces; people: WirePlaces; jobs: WirePlaces };
}

/**
 * The week's shifts and people in columns, as JSON text. Written once for
 * the same shifts, people and jobs (a cached week with its cached people):
 * 12,000 shifts take a few milliseconds of the server's one thread to write.
 */
const writtenWeeks = new WeakMap<WeekShifts, Written>();

function writtenOf(
  organizationId: string,
  found: WeekShifts,
  weekMs: number,
  people: SchedulePerson[],
  boardIds: string[],
  jobs: ScheduleJob[],
): Written {
  const jobsKey = `${weekMs}|${boardIds.join(",")}|${jobs.map((job) => job.id).join(",")}`;
  const kept = writtenWeeks.get(found);
  if (kept && kept.peopleRead === people && kept.jobsKey === jobsKey) return kept;
  // Places by account here; the people (and those only named) are written with their person ids.
  const places = {
    boards: new WirePlaces(boardIds),
    people: new WirePlaces(people.map((person) => person.user_id)),
    jobs: new WirePlaces(jobs.map((job) => job.id)),
  };
  const shifts = JSON.stringify(encodeShifts(found.shifts, weekMs, places));
  const named = people.map((person) => ({ ...person, user_id: personIdOf(organizationId, person.user_id) }));
  const written: Written = {
    people: JSON.stringify(encodePeople(named, places)),
    shifts,
    peopleRead: people,
    jobsKey,
    places,
  };
  writtenWeeks.set(found, written);
  return written;
}

/** The boards' active jobs and every job a shown shift uses (archived ones too, flagged). */
async function loadJobs(
  tx: Tx,
  organizationId: string,
  boardIds: string[],
  shiftJobIds: string[],
): Promise<ScheduleJob[]> {
  const rows = await tx
    .selectFrom("jobs as j")
    .select(["j.id", "j.name", "j.color", "j.hourly_rate", "j.is_archived"])
    .where("j.organization_id", "=", organizationId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`j.id`, "=", sql<string>`any(${shiftJobIds}::uuid[])`),
        eb.and([
          eb("j.is_archived", "=", false),
          eb.exists(
            eb
              .selectFrom("job_scheduler_jobs as sj")
              .select(sql`1`.as("one"))
              .whereRef("sj.organization_id", "=", "j.organization_id")
              .whereRef("sj.job_id", "=", "j.id")
              .where(sql<boolean>`sj.job_scheduler_id = any(${boardIds}::uuid[])`),
          ),
        ]),
      ]),
    )
    .orderBy(sql`lower(j.name)`)
    .orderBy("j.id")
    .execute();
  return rows.map((row) => ({ ...row, hourly_rate: money(row.hourly_rate) }));
}

/**
 * The listed people's other shifts (any board, pending removals left out)
 * starting between `from` and `to`, except those the week already shows.
 */
async function loadNearby(
  tx: Tx,
  organizationId: string,
  range: { userIds: string[]; ranges: readonly BoardDaysRange[]; from: Date; to: Date },
): Promise<NearbyFacts[]> {
  if (range.userIds.length === 0) return [];
  const shownBoards = range.ranges.flatMap((each) => each.boardIds);
  // Two kinds of ranges, each an index range of its own: the shown boards' days around the week
  // (shifts_board_time), and every other board's days from `from` to `to`. One range from `from`
  // to `to` over all boards would read every shift of the week only to drop it; filtering by
  // person would make one index descent per person, which the planner picks for any tenant once
  // the database holds many small ones (row-level security's own condition makes it expect a few
  // dozen rows). The people are a semi-join rather than `any(…)`, which the planner weighs element
  // by element (a few milliseconds for 2,000), and rather than a join, whose guess of 100 times
  // the rows makes the statement costly enough to be compiled (JIT, tens of milliseconds).
  const found = await sql<{ shifts: string }>`
    select ${nearbyRowsText} as shifts from (
      select ${NEARBY_COLUMNS} from shifts
      where organization_id = ${organizationId} and deleted_at is null
        and ${aroundBoardDays(range.ranges, range.from, range.to)}
      union all
      select ${NEARBY_COLUMNS} from shifts
      where organization_id = ${organizationId} and deleted_at is null
        and job_scheduler_id = any(array(select b.id from job_schedulers b
          where b.organization_id = ${organizationId} and b.id <> all(${shownBoards}::uuid[])))
        and starts_at >= ${range.from} and starts_at < ${range.to}
    ) as shifts
    where shifts.user_id in (select unnest(${range.userIds}::uuid[]))`.execute(tx);
  return nearbyFactsOf(found.rows[0]?.shifts ?? "[]");
}
