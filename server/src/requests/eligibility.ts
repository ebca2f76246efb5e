import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Who may take a shift through a request (claim it, be offered it, accept
 * it, swap into it): an active member of the organization who holds the
 * shift's job (an active job), or, for a shift without a job, who is on the
 * shift's board. The one definition of it: as an SQL condition (lists) and
 * as a check of some people (writes).
 */

/** The condition on the job or board, for someone already known to be an active member. */
export function holdsShiftSql(
  organizationId: string,
  userId: RawBuilder<unknown>,
  jobId: RawBuilder<unknown>,
  boardId: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`case
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
  end`;
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
  let query = tx
    .selectFrom("memberships as m")
    .select("m.user_id")
    .where("m.organization_id", "=", organizationId)
    .where("m.status", "=", "active")
    .where(
      holdsShiftSql(organizationId, sql.ref("m.user_id"), sql`${shift.job_id}::uuid`, sql`${shift.board_id}::uuid`),
    );
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

export const pairKey = (shiftId: string, userId: string) => `${shiftId}:${userId}`;

/** Of these (shift, person) pairs, those where the person may take the shift as it now is, in one query. */
export async function eligiblePairs(
  tx: Tx,
  organizationId: string,
  pairs: readonly { shiftId: string; userId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await sql<{ shift_id: string; user_id: string }>`
    select p.shift_id, p.user_id
    from unnest(${pairs.map((pair) => pair.shiftId)}::uuid[], ${pairs.map((pair) => pair.userId)}::uuid[])
      as p (shift_id, user_id)
    join shifts s on s.organization_id = ${organizationId} and s.id = p.shift_id
    join memberships m on m.organization_id = ${organizationId} and m.user_id = p.user_id and m.status = 'active'
    where ${holdsShiftSql(organizationId, sql.ref("p.user_id"), sql.ref("s.job_id"), sql.ref("s.job_scheduler_id"))}
  `.execute(tx);
  return new Set(rows.rows.map((row) => pairKey(row.shift_id, row.user_id)));
}
