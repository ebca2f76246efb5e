import { type ScheduleJob, type SchedulePerson, todayIn, type WeekResponse, weekOf } from "@workshift/contracts";
import { sql } from "kysely";
import { personIdOf } from "../lib/db/person-id.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { shown } from "../people/list.ts";
import { type BoardDaysRange, boardDayRanges, onBoardDays, spanOf } from "./board-days.ts";
import type { ScheduleScope } from "./scope.ts";
import { jsonArrayText, nearbyShiftJson } from "./shift-json.ts";
import { weekShifts } from "./week-cache.ts";
import { weekMarks } from "./week-marks.ts";

/** How far around the week the people's other shifts matter to the rules (rest before, overnight after). */
const DAY_MS = 24 * 60 * 60 * 1000;
const NEARBY_BEFORE_MS = 2 * DAY_MS;
const NEARBY_AFTER_MS = DAY_MS;

const money = (value: string | number | null) => (value === null ? null : Number(value));

/** json_agg answers an array; some drivers hand json back as text. */
function idList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value !== "") return (JSON.parse(value) as unknown[]).map(String);
  return [];
}

/**
 * A board's (or every board's) week as the JSON text of a WeekResponse: the
 * shifts whose day (their board's: zoneOfWork) is one of the week's (pending
 * removals included: the board strikes them through), the people on the boards and anyone with a shift there, the jobs,
 * the people's other shifts around the week that the rules need, the waiting
 * requests on the shifts, the people's approved time off and their
 * availability on its days (week-marks.ts). Six indexed queries whatever the size (seven when the
 * organization uses availability); nothing per person or per shift. The
 * shifts are written by PostgreSQL (shift-json.ts), kept while unchanged
 * (week-cache.ts), and spliced in as text.
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
  if (boardIds.length === 0) {
    const empty: WeekResponse = {
      ...base,
      people: [],
      jobs: [],
      shifts: [],
      nearby_shifts: [],
      requests: [],
      availability: [],
      time_off: [],
    };
    return JSON.stringify(empty);
  }

  const ranges = boardDayRanges(scope.boards, week.startDate, week.endDate);
  const found = await weekShifts(tx, { organizationId, ranges });

  const people = await loadPeople(tx, organizationId, boardIds, idList(found.userIds));
  const jobs = await loadJobs(tx, organizationId, boardIds, idList(found.jobIds));
  const span = spanOf(ranges) ?? { startsAt: new Date(week.startsAt), endsAt: new Date(week.endsAt) };
  const nearby = await loadNearbyJson(tx, organizationId, {
    userIds: people.map((person) => person.user_id),
    ranges,
    from: new Date(span.startsAt.getTime() - NEARBY_BEFORE_MS),
    to: new Date(span.endsAt.getTime() + NEARBY_AFTER_MS),
  });
  const marks = await weekMarks(
    tx,
    organizationId,
    ranges,
    people.map((person) => person.user_id),
    week,
  );
  // Sent past the answer's schema (the week is JSON text): people named here by their person ids.
  const named = people.map((person) => ({ ...person, user_id: personIdOf(organizationId, person.user_id) }));
  const head: Omit<WeekResponse, "shifts" | "nearby_shifts" | "requests" | "time_off"> = {
    ...base,
    people: named,
    jobs,
    availability: marks.availability,
  };
  return `${JSON.stringify(head).slice(0, -1)},"shifts":${found.json},"nearby_shifts":${nearby},"requests":${marks.requests},"time_off":${marks.timeOff}}`;
}

/**
 * The people on the shown boards (not archived) and everyone with a shift
 * shown (archived ones too: their shifts stay on the board), named the way
 * the people list names them, with their jobs (active ones) and which of the
 * shown boards they are on.
 */
async function loadPeople(
  tx: Tx,
  organizationId: string,
  boardIds: string[],
  shiftUserIds: string[],
): Promise<SchedulePerson[]> {
  const rows = await tx
    .with("listed", (db) =>
      db
        .selectFrom("job_scheduler_members as jm")
        .select("jm.user_id")
        .where("jm.organization_id", "=", organizationId)
        .where(sql<boolean>`jm.job_scheduler_id = any(${boardIds}::uuid[])`)
        .union(db.selectNoFrom(sql<string>`unnest(${shiftUserIds}::uuid[])`.as("user_id"))),
    )
    .selectFrom("listed")
    .innerJoin("memberships as m", (join) =>
      join.onRef("m.user_id", "=", "listed.user_id").on("m.organization_id", "=", organizationId),
    )
    .innerJoin("users as u", "u.id", "m.user_id")
    // Archived people only for their shifts: their board membership stays, but they are off the board.
    .where((eb) =>
      eb.or([
        eb("m.status", "<>", "archived"),
        eb(sql<string>`m.user_id`, "=", sql<string>`any(${shiftUserIds}::uuid[])`),
      ]),
    )
    .select([
      "m.user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      "m.status",
      "m.hourly_rate",
      // Per person, through the (organization, person) indexes, so the plan does not hang on how many
      // people the planner expects: with other organizations in the database, row-level security's
      // own condition makes it expect a few dozen for any tenant, and a grouped join of the board's
      // people would then be read again for each person (seconds at 2,000).
      sql<unknown>`(select json_agg(mj.job_id order by mj.job_id) from membership_jobs mj
        join jobs j on j.organization_id = mj.organization_id and j.id = mj.job_id
        where mj.organization_id = m.organization_id and mj.user_id = m.user_id and not j.is_archived)`.as("job_ids"),
      sql<unknown>`(select json_agg(jm.job_scheduler_id order by jm.job_scheduler_id) from job_scheduler_members jm
        where jm.organization_id = m.organization_id and jm.user_id = m.user_id
          and jm.job_scheduler_id = any(${boardIds}::uuid[]))`.as("board_ids"),
    ])
    .orderBy(sql`lower(${shown.firstName})`)
    .orderBy(sql`lower(${shown.lastName})`)
    .orderBy("m.user_id")
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    hourly_rate: money(row.hourly_rate),
    job_ids: idList(row.job_ids),
    board_ids: idList(row.board_ids),
  }));
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
 * starting between `from` and `to`, except those the week already shows, as
 * the JSON text of NearbyShift[].
 */
async function loadNearbyJson(
  tx: Tx,
  organizationId: string,
  range: { userIds: string[]; ranges: readonly BoardDaysRange[]; from: Date; to: Date },
): Promise<string> {
  if (range.userIds.length === 0) return "[]";
  const found = await tx
    .selectFrom("shifts")
    .select(jsonArrayText(nearbyShiftJson).as("shifts"))
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${range.userIds}::uuid[])`)
    .where("deleted_at", "is", null)
    .where("starts_at", ">=", range.from)
    .where("starts_at", "<", range.to)
    .where((eb) => eb.not(onBoardDays(range.ranges)))
    .executeTakeFirstOrThrow();
  return found.shifts;
}
