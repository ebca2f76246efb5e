import { sql } from "kysely";
import { holdsShiftSql } from "./eligibility.ts";
import type { ReadBatch } from "./read-batch.ts";

/**
 * Who may work a shift taken through a request (claimed, covered, swapped),
 * asked for many people and shifts at once (a page of the inbox): an active
 * member who holds the shift's job (an active job), or, for a shift without
 * a job, who is on the shift's board. Failing it is request_not_eligible.
 * The rule is eligibility.ts's, the one the request writes check.
 */

/** A person (account) and the shift they would work: its board and job. */
export interface EligibilityQuestion {
  user_id: string;
  board_id: string;
  job_id: string | null;
}

export const eligibilityKey = (q: EligibilityQuestion): string => `${q.user_id}|${q.board_id}|${q.job_id ?? ""}`;

/** The questions answered yes, as eligibilityKey()s: one read whatever their number. */
export async function eligibleSet(
  batch: ReadBatch,
  organizationId: string,
  questions: readonly EligibilityQuestion[],
): Promise<Set<string>> {
  const distinct = [...new Map(questions.map((q) => [eligibilityKey(q), q])).values()];
  if (distinct.length === 0) return new Set();
  const rows = await batch.rows<{ user_id: string; board_id: string; job_id: string | null }>(sql`
    select w.user_id, w.board_id, w.job_id
    from unnest(${distinct.map((q) => q.user_id)}::uuid[], ${distinct.map((q) => q.board_id)}::uuid[],
                ${distinct.map((q) => q.job_id)}::uuid[]) as w(user_id, board_id, job_id)
    join memberships m on m.organization_id = ${organizationId} and m.user_id = w.user_id and m.status = 'active'
    where ${holdsShiftSql(organizationId, sql.ref("w.user_id"), sql.ref("w.job_id"), sql.ref("w.board_id"))}
  `);
  return new Set(rows.map(eligibilityKey));
}
