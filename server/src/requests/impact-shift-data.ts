import type { RuleShift, ScheduleRules } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import type { ReadBatch, Row } from "./read-batch.ts";

/**
 * What the impact of shift requests reads, each one read for a whole page
 * (sent with the other reads of its wave): the shifts as they are now, the people's shifts around them, the
 * shifts of a board's day for a job (coverage), and the people's jobs. The
 * board's own figures are drafts (what it shows and warns about), so these
 * are too.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

/** A shift as it is now, with its board's zone, week and rules. */
export interface ShiftNow extends RuleShift {
  id: string;
  job_id: string | null;
  /** Deleted (waiting for removal) or its board archived. */
  gone: boolean;
  zone: string;
  week_start: number;
  rules: ScheduleRules;
}

export async function shiftsNow(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, ShiftNow>> {
  if (ids.length === 0) return new Map();
  const query = tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .select([
      "s.id",
      "s.job_scheduler_id",
      "s.user_id",
      "s.job_id",
      "s.starts_at",
      "s.ends_at",
      "s.break_minutes",
      "s.deleted_at",
      "b.time_zone",
      "b.week_start",
      "b.is_archived",
      "b.min_rest_minutes",
      "b.daily_limit_minutes",
      "b.weekly_limit_minutes",
    ])
    .where("s.organization_id", "=", organizationId)
    .where(sql<boolean>`s.id = any(${[...new Set(ids)]}::uuid[])`);
  const rows = await batch.rows<Row<typeof query>>(query);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        board_id: row.job_scheduler_id,
        user_id: row.user_id,
        job_id: row.job_id,
        starts_at: iso(row.starts_at),
        ends_at: iso(row.ends_at),
        break_minutes: Number(row.break_minutes),
        gone: row.deleted_at !== null || row.is_archived,
        zone: row.time_zone,
        week_start: Number(row.week_start),
        rules: {
          min_rest_minutes: Number(row.min_rest_minutes),
          daily_limit_minutes: Number(row.daily_limit_minutes),
          weekly_limit_minutes: Number(row.weekly_limit_minutes),
        },
      },
    ]),
  );
}

/** A person and the instants between which their shifts matter. */
export interface PersonWindow {
  user_id: string;
  from: string;
  to: string;
}

/** A shift lasts at most a day: one starting this long before a window can still reach into it. */
const LONGEST_SHIFT = "24 hours";

/**
 * The people's shifts (pending removals left out) overlapping their windows,
 * on any board, each once, by person; and the zone of every board they are on.
 */
export async function shiftsAround(
  batch: ReadBatch,
  organizationId: string,
  windows: readonly PersonWindow[],
): Promise<{ byPerson: Map<string, RuleShift[]>; zones: Map<string, string> }> {
  const byPerson = new Map<string, RuleShift[]>();
  const zones = new Map<string, string>();
  if (windows.length === 0) return { byPerson, zones };
  const rows = await batch.rows<{
    id: string;
    job_scheduler_id: string;
    user_id: string;
    job_id: string | null;
    starts_at: string;
    ends_at: string;
    break_minutes: number;
    time_zone: string;
  }>(sql`
    select distinct on (s.id) s.id, s.job_scheduler_id, s.user_id, s.job_id, s.starts_at, s.ends_at, s.break_minutes,
           b.time_zone
    from unnest(${windows.map((w) => w.user_id)}::uuid[], ${windows.map((w) => w.from)}::timestamptz[],
                ${windows.map((w) => w.to)}::timestamptz[]) as w(user_id, from_at, to_at)
    cross join lateral (
      select * from shifts s
      where s.organization_id = ${organizationId} and s.user_id = w.user_id
        and s.starts_at >= w.from_at - ${LONGEST_SHIFT}::interval and s.starts_at < w.to_at
        and s.ends_at > w.from_at and s.deleted_at is null
      -- One index range scan per window: the planner would rather hash-join a small table and test every row.
      offset 0
    ) s
    join job_schedulers b on b.organization_id = s.organization_id and b.id = s.job_scheduler_id
    order by s.id
  `);
  for (const row of rows) {
    zones.set(row.job_scheduler_id, row.time_zone);
    const shift: RuleShift = {
      id: row.id,
      user_id: row.user_id,
      board_id: row.job_scheduler_id,
      job_id: row.job_id,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      break_minutes: Number(row.break_minutes),
    };
    const list = byPerson.get(row.user_id);
    if (list) list.push(shift);
    else byPerson.set(row.user_id, [shift]);
  }
  return { byPerson, zones };
}

/** A board's day for a job (null: shifts without a job), as instants [from, to), and the people whose shifts there matter. */
export interface CoverageDay {
  key: string;
  board_id: string;
  job_id: string | null;
  from: string;
  to: string;
  /** Accounts: the people some request moves a shift from or to. */
  people: readonly string[];
}

/** A board's day for a job: people on it and open shifts, and the named people's shifts there. */
export interface CoverageCount {
  assigned: number;
  open: number;
  shiftsOf: Map<string, string[]>;
}

/**
 * Each board's day for its job, counted in the database (a busy day holds
 * hundreds of shifts): one read for all the days of a page.
 */
export async function coverageCounts(
  batch: ReadBatch,
  organizationId: string,
  days: readonly CoverageDay[],
): Promise<Map<string, CoverageCount>> {
  const byKey = new Map<string, CoverageCount>();
  if (days.length === 0) return byKey;
  const rows = await batch.rows<{ key: string; assigned: number; open: number; named: [string, string][] | null }>(sql`
    select d.key, c.assigned, c.open, c.named
    from unnest(${days.map((d) => d.key)}::text[], ${days.map((d) => d.board_id)}::uuid[],
                ${days.map((d) => d.job_id)}::uuid[], ${days.map((d) => d.from)}::timestamptz[],
                ${days.map((d) => d.to)}::timestamptz[], ${days.map((d) => d.people.join(","))}::text[])
           as w(key, board_id, job_id, from_at, to_at, people_text)
    cross join lateral (select w.*, string_to_array(w.people_text, ',')::uuid[] as people) d
    -- Counted per day inside the lateral (one aggregate each), not by grouping the joined rows
    -- of every day; each day is one range scan of shifts_board_job_time over the job's shifts
    -- only: an equality on the job, so shifts without a job have a branch of their own.
    cross join lateral (
      select count(distinct s.user_id) as assigned, count(*) filter (where s.user_id is null) as open,
             json_agg(json_build_array(s.user_id, s.id)) filter (where s.user_id = any(d.people)) as named
      from (
        select s.id, s.user_id from shifts s
        where s.organization_id = ${organizationId} and s.job_scheduler_id = d.board_id and s.job_id = d.job_id
          and s.starts_at >= d.from_at and s.starts_at < d.to_at and s.deleted_at is null
        union all
        select s.id, s.user_id from shifts s
        where d.job_id is null
          and s.organization_id = ${organizationId} and s.job_scheduler_id = d.board_id and s.job_id is null
          and s.starts_at >= d.from_at and s.starts_at < d.to_at and s.deleted_at is null
      ) s
    ) c
  `);
  for (const row of rows) {
    const named = row.named ?? [];
    const shiftsOf = new Map<string, string[]>();
    for (const [userId, shiftId] of named) shiftsOf.set(userId, [...(shiftsOf.get(userId) ?? []), shiftId]);
    byKey.set(row.key, { assigned: Number(row.assigned), open: Number(row.open), shiftsOf });
  }
  return byKey;
}

/** Each person's active jobs (for not_on_job). */
export async function jobsOfPeople(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byPerson = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byPerson;
  const query = tx
    .selectFrom("membership_jobs as mj")
    .innerJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "mj.organization_id").onRef("j.id", "=", "mj.job_id"),
    )
    .select(["mj.user_id", "mj.job_id"])
    .where("mj.organization_id", "=", organizationId)
    .where(sql<boolean>`mj.user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where("j.is_archived", "=", false);
  for (const row of await batch.rows<Row<typeof query>>(query)) byPerson.get(row.user_id)?.push(row.job_id);
  return byPerson;
}
