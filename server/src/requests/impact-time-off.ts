import type { ErrorCode, RequestImpact, TimeOffImpact } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { readBalances } from "../time-off/ledger/balance-read.ts";
import { dayText, detailsOf, type RequestRow } from "./records.ts";

/**
 * The impact of a page's time off and its cancellations, in a fixed number
 * of statements whatever their number: the authors' balances, the
 * published shifts their days overlap, who else is off on those days per
 * job of the author (with the job's limit), the blocked dates met, and the
 * rules an approval would refuse now.
 */

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const emptyImpact = (): Omit<RequestImpact, "time_off"> => ({
  blockers: [],
  assignments: [],
  hours: [],
  warnings: [],
  availability_conflicts: [],
  time_off_conflicts: [],
  coverage: null,
  entry: null,
});

export async function timeOffImpacts(
  tx: Tx,
  organizationId: string,
  rows: readonly RequestRow[],
): Promise<Map<string, RequestImpact>> {
  const result = new Map<string, RequestImpact>();
  if (rows.length === 0) return result;
  const authors = [...new Set(rows.map((row) => row.author_id))];
  const requestIds = rows.map((row) => row.id);
  // The days of the leave: a cancellation's are those of the leave it cancels.
  const leaveIdOf = (row: RequestRow) => (row.kind === "time_off_cancel" ? (row.cancels_request_id ?? row.id) : row.id);
  const leaveIds = [...new Set(rows.map(leaveIdOf))];
  // The row's own days stand in when its details say nothing of them (a cancellation's are its leave's).
  const from = rows.map((row) => detailsOf(row).time_off?.from ?? dayText(row.day)).reduce((a, b) => (a < b ? a : b));
  const to = rows
    .map((row) => detailsOf(row).time_off?.to ?? dayText(row.ends_on ?? row.day))
    .reduce((a, b) => (a > b ? a : b));

  const [balances, shifts, others, jobs, blocks, boards, types, overlaps, originals] = await Promise.all([
    readBalances(tx, organizationId, authors),
    // The authors' shifts published as they are that overlap the instants of their leave.
    sql<{
      request_id: string;
      id: string;
      board_id: string;
      board_name: string;
      time_zone: string;
      job_id: string | null;
      job_name: string | null;
      job_color: string | null;
      starts_at: string;
      ends_at: string;
    }>`
      select distinct d.request_id, s.id, b.id as board_id, b.name as board_name, b.time_zone,
        s.job_id, j.name as job_name, j.color as job_color, s.starts_at, s.ends_at
      from time_off_days d
      join shifts s on s.organization_id = d.organization_id and s.user_id = d.user_id
        and s.starts_at < d.ends_at and s.ends_at > d.starts_at
      join job_schedulers b on b.organization_id = s.organization_id and b.id = s.job_scheduler_id and not b.is_archived
      left join jobs j on j.organization_id = s.organization_id and j.id = s.job_id
      where d.organization_id = ${organizationId} and d.request_id = any(${leaveIds}::uuid[])
        and s.published_at is not null and s.deleted_at is null
        and s.user_id is not distinct from s.published_user_id
        and s.starts_at = s.published_starts_at and s.ends_at = s.published_ends_at
      order by s.starts_at`.execute(tx),
    // Everyone off (waiting or approved) on the days concerned, with their jobs.
    sql<{ day: string; user_id: string; first_name: string; last_name: string; status: string; request_id: string }>`
      select d.day::text as day, d.user_id, u.first_name, u.last_name, r.status, d.request_id
      from time_off_days d
      join requests r on r.organization_id = d.organization_id and r.id = d.request_id
      join users u on u.id = d.user_id
      where d.organization_id = ${organizationId} and d.day between ${from}::date and ${to}::date
        and r.status in ('pending', 'approved')
      order by u.first_name, u.last_name`.execute(tx),
    sql<{ user_id: string; job_id: string; max_off: number | null }>`
      select mj.user_id, mj.job_id, l.max_off
      from membership_jobs mj
      left join time_off_job_limits l on l.organization_id = mj.organization_id and l.job_id = mj.job_id
      where mj.organization_id = ${organizationId}`.execute(tx),
    sql<{ starts_on: string; ends_on: string; reason: string; board_id: string | null }>`
      select starts_on::text as starts_on, ends_on::text as ends_on, reason, board_id
      from time_off_blocks
      where organization_id = ${organizationId} and starts_on <= ${to}::date and ends_on >= ${from}::date
      order by starts_on`.execute(tx),
    sql<{ user_id: string; board_id: string }>`
      select m.user_id, m.job_scheduler_id as board_id
      from job_scheduler_members m join job_schedulers b on b.organization_id = m.organization_id
        and b.id = m.job_scheduler_id and not b.is_archived
      where m.organization_id = ${organizationId} and m.user_id = any(${authors}::uuid[])`.execute(tx),
    sql<{ id: string; paid: boolean; archived: boolean; blocked_dates_policy: string }>`
      select t.id, t.paid, t.archived_at is not null as archived,
        coalesce((select s.blocked_dates_policy from organization_settings s where s.organization_id = t.organization_id), 'refuse') as blocked_dates_policy
      from leave_types t where t.organization_id = ${organizationId}`.execute(tx),
    // Other leave of the author on the same days (a second request approved meanwhile).
    sql<{ request_id: string }>`
      select distinct mine.request_id
      from time_off_days mine
      join time_off_days other on other.organization_id = mine.organization_id and other.user_id = mine.user_id
        and other.day = mine.day and other.request_id <> mine.request_id
      join requests r on r.organization_id = other.organization_id and r.id = other.request_id
        and r.status in ('pending', 'approved')
      where mine.organization_id = ${organizationId} and mine.request_id = any(${requestIds}::uuid[])`.execute(tx),
    sql<{ id: string; status: string }>`
      select id, status from requests
      where organization_id = ${organizationId} and id = any(${leaveIds}::uuid[])`.execute(tx),
  ]);

  const jobsOf = new Map<string, { job_id: string; max_off: number | null }[]>();
  for (const row of jobs.rows) jobsOf.set(row.user_id, [...(jobsOf.get(row.user_id) ?? []), row]);
  const boardsOf = new Map<string, Set<string>>();
  for (const row of boards.rows) boardsOf.set(row.user_id, (boardsOf.get(row.user_id) ?? new Set()).add(row.board_id));
  const typeOf = new Map(types.rows.map((row) => [row.id, row]));
  const overlapping = new Set(overlaps.rows.map((row) => row.request_id));
  const statusOf = new Map(originals.rows.map((row) => [row.id, row.status]));

  for (const row of rows) {
    const leave = detailsOf(row).time_off;
    if (!leave || !row.leave_type_id) continue;
    const type = typeOf.get(row.leave_type_id);
    const balance = balances.get(row.author_id)?.get(row.leave_type_id);
    const before = balance?.balance_minutes ?? 0;
    const cancelling = row.kind === "time_off_cancel";
    const after = cancelling ? before + leave.minutes : before - leave.minutes;
    const allowance = balance?.negative_allowance_minutes ?? 0;
    const pendingOthers = Math.max(
      0,
      (balance?.pending_minutes ?? 0) - (row.status === "pending" && !cancelling ? leave.minutes : 0),
    );
    const leaveId = leaveIdOf(row);
    const personBoards = boardsOf.get(row.author_id) ?? new Set<string>();
    const blocked = blocks.rows.filter(
      (block) =>
        block.starts_on <= leave.to &&
        block.ends_on >= leave.from &&
        (block.board_id === null || personBoards.has(block.board_id)),
    );
    const days = leave.days.map((day) => day.day);
    const personJobs = jobsOf.get(row.author_id) ?? [];
    const othersOff: TimeOffImpact["others_off"] = [];
    for (const day of days) {
      const offThatDay = others.rows.filter((other) => other.day === day && other.user_id !== row.author_id);
      const groups: { job_id: string | null; limit: number | null }[] =
        personJobs.length > 0 ? personJobs.map((job) => ({ job_id: job.job_id, limit: job.max_off })) : [];
      for (const group of groups) {
        const people = offThatDay.filter((other) =>
          (jobsOf.get(other.user_id) ?? []).some((job) => job.job_id === group.job_id),
        );
        const unique = [...new Map(people.map((person) => [person.user_id, person])).values()];
        othersOff.push({
          day,
          job_id: group.job_id,
          people: unique.map(({ user_id, first_name, last_name, status }) => ({
            user_id,
            first_name,
            last_name,
            status,
          })),
          total: unique.length,
          limit: group.limit,
        });
      }
    }
    const blockers: ErrorCode[] = [];
    if (cancelling) {
      if (statusOf.get(leaveId) !== "approved") blockers.push("time_off_not_cancellable");
    } else {
      if (type?.archived) blockers.push("time_off_type_archived");
      if (overlapping.has(row.id)) blockers.push("time_off_overlap");
      if (blocked.length > 0 && type?.blocked_dates_policy !== "warn") blockers.push("time_off_blocked");
      if (type?.paid && before - pendingOthers - leave.minutes < -allowance) blockers.push("time_off_balance_short");
    }
    result.set(row.id, {
      ...emptyImpact(),
      blockers,
      time_off: {
        balance_before_minutes: before,
        balance_after_minutes: after,
        negative_allowance_minutes: allowance,
        ...(balance ? { day_minutes: balance.day_minutes } : {}),
        shifts: cancelling
          ? []
          : shifts.rows
              .filter((shift) => shift.request_id === leaveId)
              .map((shift) => ({
                id: shift.id,
                board: { id: shift.board_id, name: shift.board_name },
                job:
                  shift.job_id && shift.job_name && shift.job_color
                    ? { id: shift.job_id, name: shift.job_name, color: shift.job_color }
                    : null,
                starts_at: iso(shift.starts_at),
                ends_at: iso(shift.ends_at),
                time_zone: shift.time_zone,
              })),
        others_off: othersOff,
        blocked,
      },
    });
  }
  return result;
}
