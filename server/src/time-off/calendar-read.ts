import { TIME_OFF_CALENDAR_DAYS_MAX, type TimeOffCalendarResponse, timeOffDates } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { scheduleScope } from "../schedule/scope.ts";

/**
 * The team calendar of time off: who is off on each day of a range (at most
 * six weeks), waiting and approved apart, and per day and job how many of
 * its people are off against the job's limit; with the holidays, blocked
 * dates, leave types and jobs to draw it. A handful of statements whatever
 * the team's size, each on an index (time_off_days by organization and day).
 */

export async function timeOffCalendar(
  tx: Tx,
  organizationId: string,
  scope: string,
  from: string,
  to: string,
): Promise<TimeOffCalendarResponse> {
  if (timeOffDates(from, to).length > TIME_OFF_CALENDAR_DAYS_MAX) {
    throw refuse("validation_failed", `The calendar shows at most ${TIME_OFF_CALENDAR_DAYS_MAX} days`, {
      to: "timeOff.calendarTooLong",
    });
  }
  const where = await scheduleScope(tx, organizationId, scope);
  const board = where.all ? null : (where.boards[0]?.id ?? null);
  // The people of the board (its members), or every active member.
  const peopleFilter =
    board === null
      ? sql``
      : sql`and m.user_id in (select bm.user_id from job_scheduler_members bm
          where bm.organization_id = ${organizationId} and bm.job_scheduler_id = ${board})`;
  const [people, personJobs, types, jobs, days, holidays, blocks] = await Promise.all([
    sql<{ user_id: string; first_name: string; last_name: string }>`
      select m.user_id, u.first_name, u.last_name
      from memberships m join users u on u.id = m.user_id
      where m.organization_id = ${organizationId} and m.status = 'active' ${peopleFilter}
      order by u.first_name, u.last_name, m.user_id`.execute(tx),
    tx
      .selectFrom("membership_jobs")
      .select(["user_id", "job_id"])
      .where("organization_id", "=", organizationId)
      .orderBy("job_id")
      .execute(),
    tx
      .selectFrom("leave_types")
      .select(["id", "name", "color", "paid", sql<boolean>`archived_at is not null`.as("archived")])
      .where("organization_id", "=", organizationId)
      .orderBy("position")
      .orderBy("name")
      .execute(),
    sql<{ id: string; name: string; color: string; max_off: number | null }>`
      select j.id, j.name, j.color, l.max_off
      from jobs j left join time_off_job_limits l on l.organization_id = j.organization_id and l.job_id = j.id
      where j.organization_id = ${organizationId} and not j.is_archived
      order by j.name, j.id`.execute(tx),
    sql<{
      request_id: string;
      user_id: string;
      leave_type_id: string;
      status: "pending" | "approved";
      day: string;
      minutes: number;
      part: { start: string; end: string } | null;
      cancel_request_id: string | null;
    }>`
      select d.request_id, d.user_id, r.leave_type_id, r.status, d.day::text as day, d.minutes,
        -- Only a one-day request can be a part of a day: the others' details are not read.
        case when r.ends_on = r.day then r.details -> 'time_off' -> 'part' end as part,
        -- Approved leave whose cancellation waits (at most one, by a unique index).
        (select c.id from requests c
          where c.organization_id = r.organization_id and c.cancels_request_id = r.id
            and c.kind = 'time_off_cancel' and c.status = 'pending') as cancel_request_id
      from time_off_days d
      join requests r on r.organization_id = d.organization_id and r.id = d.request_id
      join memberships m on m.organization_id = d.organization_id and m.user_id = d.user_id
      where d.organization_id = ${organizationId} and d.day between ${from}::date and ${to}::date
        and r.status in ('pending', 'approved') ${peopleFilter}
      order by d.day, d.user_id`.execute(tx),
    sql<{ day: string; name: string }>`
      select day::text as day, name from holidays
      where organization_id = ${organizationId} and day between ${from}::date and ${to}::date
      order by day`.execute(tx),
    sql<{ id: string; starts_on: string; ends_on: string; reason: string; board_id: string | null }>`
      select id, starts_on::text as starts_on, ends_on::text as ends_on, reason, board_id
      from time_off_blocks
      where organization_id = ${organizationId} and starts_on <= ${to}::date and ends_on >= ${from}::date
        ${board === null ? sql`` : sql`and (board_id is null or board_id = ${board})`}
      order by starts_on, id`.execute(tx),
  ]);

  const allJobsOf = new Map<string, string[]>();
  for (const row of personJobs) allJobsOf.set(row.user_id, [...(allJobsOf.get(row.user_id) ?? []), row.job_id]);
  const jobIdsOf = new Map<string, string[]>();
  const peopleOfJob = new Map<string, number>();
  const shownPeople = people.rows.map((person) => {
    const jobIds = allJobsOf.get(person.user_id) ?? [];
    jobIdsOf.set(person.user_id, jobIds);
    for (const id of jobIds) peopleOfJob.set(id, (peopleOfJob.get(id) ?? 0) + 1);
    return {
      user_id: person.user_id,
      first_name: person.first_name,
      last_name: person.last_name,
      color: null,
      job_ids: jobIds,
    };
  });
  const limits = new Map(jobs.rows.map((job) => [job.id, job.max_off === null ? null : Number(job.max_off)]));
  // Per day and job, each person once: approved wins over waiting when both.
  const offBy = new Map<string, Map<string, "pending" | "approved">>();
  for (const row of days.rows) {
    for (const jobId of jobIdsOf.get(row.user_id) ?? []) {
      const key = `${row.day}|${jobId}`;
      const people = offBy.get(key) ?? new Map<string, "pending" | "approved">();
      if (people.get(row.user_id) !== "approved") people.set(row.user_id, row.status);
      offBy.set(key, people);
    }
  }
  const counts: TimeOffCalendarResponse["counts"] = [];
  for (const [key, off] of offBy) {
    const [day, jobId] = key.split("|") as [string, string];
    const statuses = [...off.values()];
    const approved = statuses.filter((status) => status === "approved").length;
    const limit = limits.get(jobId) ?? null;
    counts.push({
      day,
      job_id: jobId,
      approved,
      pending: statuses.length - approved,
      over_limit: limit !== null && approved > limit,
    });
  }
  counts.sort((a, b) => (a.day === b.day ? a.job_id.localeCompare(b.job_id) : a.day < b.day ? -1 : 1));

  return {
    from,
    to,
    people: shownPeople,
    leave_types: types,
    jobs: jobs.rows
      .filter((job) => peopleOfJob.has(job.id) || board === null)
      .map((job) => ({
        id: job.id,
        name: job.name,
        color: job.color,
        people: peopleOfJob.get(job.id) ?? 0,
        limit: limits.get(job.id) ?? null,
      })),
    days: days.rows.map((row) => ({
      request_id: row.request_id,
      user_id: row.user_id,
      leave_type_id: row.leave_type_id,
      status: row.status,
      day: row.day,
      minutes: Number(row.minutes),
      part: partOf(row.part),
      cancel_request_id: row.cancel_request_id,
    })),
    counts,
    holidays: holidays.rows,
    blocks: blocks.rows,
    time_zone: where.zone,
    week_start: where.weekStart,
  };
}

function partOf(value: unknown): { start: string; end: string } | null {
  const part = typeof value === "string" ? JSON.parse(value) : value;
  return part && typeof part === "object" && "start" in part && "end" in part
    ? { start: String(part.start), end: String(part.end) }
    : null;
}
