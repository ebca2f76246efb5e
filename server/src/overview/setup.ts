import type { SetupStep, SetupStepState } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Where a new organization stands on its first steps, in one statement:
 * - company: its details were saved (the Company tab requires the employees
 *   range and the industry; signing up sets neither);
 * - job: it has an active job;
 * - board: it has an active schedule board;
 * - people: someone besides the person who signed up has been invited;
 * - publish: a shift was published once (even if it changed since).
 * Only `steps` (those the person may do) are answered, in their order.
 */
export async function loadSetup(
  tx: Tx,
  organizationId: string,
  steps: readonly SetupStep[],
): Promise<SetupStepState[]> {
  if (steps.length === 0) return [];
  const row = await sql<Record<SetupStep, boolean>>`
    select
      exists(select 1 from organizations
        where id = ${organizationId} and (employee_count is not null or industry is not null)) as company,
      exists(select 1 from jobs where organization_id = ${organizationId} and not is_archived) as job,
      exists(select 1 from job_schedulers where organization_id = ${organizationId} and not is_archived) as board,
      (select count(*) from (select 1 from memberships where organization_id = ${organizationId} limit 2) m) > 1
        as people,
      exists(select 1 from shifts where organization_id = ${organizationId} and published_at is not null) as publish
  `.execute(tx);
  const done = row.rows[0];
  return steps.map((step) => ({ step, done: done?.[step] === true }));
}
