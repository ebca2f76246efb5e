import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Who may take a shift through a request (claim it, be offered it, accept
 * it, swap into it): an active member of the organization who holds the
 * shift's job (an active job), or, for a shift without a job, who is on the
 * shift's board. The one definition of it: as an SQL condition (lists) and
 * as a check of some people (writes).
 */
export function eligibleSql(
  organizationId: string,
  userId: RawBuilder<unknown>,
  jobId: RawBuilder<unknown>,
  boardId: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`(
    exists (
      select 1 from memberships em
      where em.organization_id = ${organizationId} and em.user_id = ${userId} and em.status = 'active'
    )
    and case
      when ${jobId} is null then exists (
        select 1 from job_scheduler_members ebm
        where ebm.organization_id = ${organizationId} and ebm.job_scheduler_id = ${boardId} and ebm.user_id = ${userId}
      )
      else exists (
        select 1 from membership_jobs emj
        join jobs ej on ej.organization_id = emj.organization_id and ej.id = emj.job_id
        where emj.organization_id = ${organizationId} and emj.user_id = ${userId}
          and emj.job_id = ${jobId} and not ej.is_archived
      )
    end
  )`;
}

/** A shift as eligibility reads it: its board and job. */
export interface EligibilityShift {
  board_id: string;
  job_id: string | null;
}

/**
 * The accounts among `userIds` who may take the shift; with `userIds` null,
 * every account of the organization who may.
 */
export async function eligibleAmong(
  tx: Tx,
  organizationId: string,
  shift: EligibilityShift,
  userIds: readonly string[] | null,
): Promise<Set<string>> {
  if (userIds !== null && userIds.length === 0) return new Set();
  const condition = eligibleSql(
    organizationId,
    sql.ref("m.user_id"),
    sql`${shift.job_id}::uuid`,
    sql`${shift.board_id}::uuid`,
  );
  let query = tx
    .selectFrom("memberships as m")
    .select("m.user_id")
    .where("m.organization_id", "=", organizationId)
    .where("m.status", "=", "active")
    .where(condition);
  if (userIds !== null) query = query.where(sql<boolean>`m.user_id = any(${[...new Set(userIds)]}::uuid[])`);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Whether one person may take the shift. */
export async function isEligible(
  tx: Tx,
  organizationId: string,
  shift: EligibilityShift,
  userId: string,
): Promise<boolean> {
  return (await eligibleAmong(tx, organizationId, shift, [userId])).has(userId);
}
