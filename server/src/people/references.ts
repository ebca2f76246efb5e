import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";

/**
 * The organization's jobs and schedule boards that are in use (not
 * archived), by id and by lower-cased name: what a person may be given.
 */
export interface ActiveReferences {
  jobIds: Set<string>;
  boardIds: Set<string>;
  jobByName: Map<string, string>;
  boardByName: Map<string, string>;
}

export async function activeReferences(tx: Tx, organizationId: string): Promise<ActiveReferences> {
  // One after the other: a transaction is one connection.
  const jobs = await tx
    .selectFrom("jobs")
    .select(["id", "name"])
    .where("organization_id", "=", organizationId)
    .where("is_archived", "=", false)
    .execute();
  const boards = await tx
    .selectFrom("job_schedulers")
    .select(["id", "name"])
    .where("organization_id", "=", organizationId)
    .where("is_archived", "=", false)
    .execute();
  return {
    jobIds: new Set(jobs.map((job) => job.id)),
    boardIds: new Set(boards.map((board) => board.id)),
    jobByName: new Map(jobs.map((job) => [job.name.trim().toLowerCase(), job.id])),
    boardByName: new Map(boards.map((board) => [board.name.trim().toLowerCase(), board.id])),
  };
}

/** 422 with field keys when a job or board id is not one of the organization's active ones. */
export async function checkReferences(
  tx: Tx,
  organizationId: string,
  given: { job_ids?: readonly string[] | undefined; board_ids?: readonly string[] | undefined },
): Promise<void> {
  if (!given.job_ids?.length && !given.board_ids?.length) return;
  const known = await activeReferences(tx, organizationId);
  const fields: Record<string, string> = {};
  if (given.job_ids?.some((id) => !known.jobIds.has(id))) fields.job_ids = "people.unknownJob";
  if (given.board_ids?.some((id) => !known.boardIds.has(id))) fields.board_ids = "people.unknownBoard";
  if (Object.keys(fields).length > 0) {
    throw refuse("person_reference_unknown", "A job or schedule is unknown or archived", fields);
  }
}
