import { withOrganization } from "../src/lib/db/tenancy.ts";
import { testDatabase } from "./database.ts";
import { accountIn } from "./people.ts";

/**
 * Who is on a board and which jobs people may work, made straight in the
 * database (the boards and people features own the routes that set them).
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

/** Puts people (person or account ids) on a board (job_scheduler_members). */
export async function boardMembers(organizationId: string, boardId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await inOrg(organizationId, async (tx) => {
    const accounts = await Promise.all(userIds.map((id) => accountIn(tx, organizationId, id)));
    await tx
      .insertInto("job_scheduler_members")
      .values(accounts.map((user_id) => ({ organization_id: organizationId, job_scheduler_id: boardId, user_id })))
      .execute();
  });
}

/** Puts jobs on a board (job_scheduler_jobs). */
export async function boardJobs(organizationId: string, boardId: string, jobIds: readonly string[]) {
  if (jobIds.length === 0) return;
  await inOrg(organizationId, (tx) =>
    tx
      .insertInto("job_scheduler_jobs")
      .values(jobIds.map((job_id) => ({ organization_id: organizationId, job_scheduler_id: boardId, job_id })))
      .execute(),
  );
}

/** Gives a person (person or account id) jobs they may work (membership_jobs). */
export async function personJobs(organizationId: string, userId: string, jobIds: readonly string[]) {
  if (jobIds.length === 0) return;
  await inOrg(organizationId, async (tx) => {
    const account = await accountIn(tx, organizationId, userId);
    await tx
      .insertInto("membership_jobs")
      .values(jobIds.map((job_id) => ({ organization_id: organizationId, user_id: account, job_id })))
      .execute();
  });
}

/** Sets a board's archived flag. */
export async function setBoardArchived(organizationId: string, boardId: string, archived: boolean) {
  await inOrg(organizationId, (tx) =>
    tx
      .updateTable("job_schedulers")
      .set({ is_archived: archived })
      .where("organization_id", "=", organizationId)
      .where("id", "=", boardId)
      .execute(),
  );
}

/** A board's rules columns as stored. */
export async function boardRules(organizationId: string, boardId: string) {
  return inOrg(organizationId, (tx) =>
    tx
      .selectFrom("job_schedulers")
      .select(["min_rest_minutes", "daily_limit_minutes", "weekly_limit_minutes"])
      .where("organization_id", "=", organizationId)
      .where("id", "=", boardId)
      .executeTakeFirstOrThrow(),
  );
}
