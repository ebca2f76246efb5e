import { type Job, type jobCreateSchema, jobPositionIssue, type jobUpdateSchema } from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import { activeNameTaken } from "../lib/db/active-names.ts";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import { isUuid } from "../lib/db/ids.ts";
import { likePattern } from "../lib/db/search.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";

/** A job's columns as the database gives them, with its counts. */
function selectJobs(tx: Tx) {
  return tx.selectFrom("jobs as j").select([
    "j.id",
    "j.name",
    "j.color",
    "j.description",
    "j.address",
    "j.latitude",
    "j.longitude",
    "j.radius_m",
    "j.time_zone",
    "j.hourly_rate",
    "j.is_archived",
    "j.created_at",
    "j.updated_at",
    sql<number>`(select count(*) from membership_jobs mj
        join memberships m on m.organization_id = mj.organization_id and m.user_id = mj.user_id
        where mj.organization_id = j.organization_id and mj.job_id = j.id and m.status <> 'archived')::int`.as(
      "people_count",
    ),
    sql<number>`(select count(*) from job_scheduler_jobs sj
        join job_schedulers b on b.organization_id = sj.organization_id and b.id = sj.job_scheduler_id
        where sj.organization_id = j.organization_id and sj.job_id = j.id and not b.is_archived)::int`.as(
      "board_count",
    ),
  ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>["executeTakeFirstOrThrow"]>>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Explicit output: numbers where the database answers numeric strings, instants in ISO form. */
export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    address: row.address,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    radius_m: row.radius_m === null ? null : Number(row.radius_m),
    time_zone: row.time_zone,
    hourly_rate: row.hourly_rate === null ? null : Number(row.hourly_rate),
    is_archived: row.is_archived,
    people_count: Number(row.people_count),
    board_count: Number(row.board_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listJobs(tx: Tx, options: { search?: string | undefined; includeArchived: boolean }) {
  let query = selectJobs(tx).orderBy("j.is_archived").orderBy(sql`lower(j.name)`).orderBy("j.id");
  if (!options.includeArchived) query = query.where("j.is_archived", "=", false);
  const search = options.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => eb.or([eb("j.name", "ilike", pattern), eb("j.address", "ilike", pattern)]));
  }
  return (await query.execute()).map(presentJob);
}

/** One job of the transaction's organization; 404 for any other id (another organization's included). */
export async function loadJob(tx: Tx, id: string): Promise<Job> {
  if (!isUuid(id)) throw notFound("No such job");
  const row = await selectJobs(tx).where("j.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("No such job");
  return presentJob(row);
}

const nameTaken = () => refuse("job_name_taken", "Another active job has this name", { name: "jobs.nameTaken" });

/** Names are unique, ignoring case, among active jobs (the database's partial unique index agrees). */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  if (await activeNameTaken(tx, "jobs", name, exceptId)) throw nameTaken();
}

/** Two requests at once for one name: the unique index decides, with the same refusal as the check above. */
const nameRace = { jobs_active_name: nameTaken };

type CreateValues = z.output<typeof jobCreateSchema>;

const toColumns = (values: Partial<CreateValues>) => {
  const columns: Record<string, unknown> = {};
  for (const key of [
    "name",
    "color",
    "description",
    "address",
    "latitude",
    "longitude",
    "radius_m",
    "time_zone",
    "hourly_rate",
  ] as const) {
    if (values[key] !== undefined) columns[key] = values[key];
  }
  return columns;
};

export async function createJob(tx: Tx, actor: Author, body: CreateValues) {
  await assertNameFree(tx, body.name);
  const inserted = await refusingConstraints(nameRace, () =>
    tx
      .insertInto("jobs")
      .values({
        organization_id: actor.organizationId,
        name: body.name,
        color: body.color,
        description: body.description ?? null,
        address: body.address ?? null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        radius_m: body.radius_m ?? null,
        time_zone: body.time_zone ?? null,
        hourly_rate: body.hourly_rate ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const job = await loadJob(tx, inserted.id);
  await recordAudit(tx, actor, { action: "job.created", targetType: "job", targetId: job.id, after: job });
  return job;
}

export async function updateJob(tx: Tx, actor: Author, id: string, body: z.output<typeof jobUpdateSchema>) {
  const before = await loadJob(tx, id);
  const changes = toColumns(body);
  const merged = { ...before, ...changes } as Job;
  // The body alone may be whole while the job it makes is not (a radius for a job with no position).
  const issue = jobPositionIssue(merged);
  if (issue)
    throw refuse("job_position_incomplete", "The job's position is incomplete", { [issue.field]: issue.message });
  if (typeof changes.name === "string" && !before.is_archived) await assertNameFree(tx, changes.name, id);
  if (Object.keys(changes).length === 0) return before;
  await refusingConstraints(nameRace, () =>
    tx
      .updateTable("jobs")
      .set({ ...changes, updated_at: new Date() })
      .where("id", "=", id)
      .execute(),
  );
  const after = await loadJob(tx, id);
  await recordAudit(tx, actor, { action: "job.updated", targetType: "job", targetId: id, before, after });
  return after;
}

/** Archive (true) or restore (false); restoring needs the name to be free among active jobs. */
export async function setJobArchived(tx: Tx, actor: Author, id: string, archived: boolean) {
  const before = await loadJob(tx, id);
  if (before.is_archived === archived) return before;
  if (!archived) await assertNameFree(tx, before.name, id);
  await refusingConstraints(nameRace, () =>
    tx.updateTable("jobs").set({ is_archived: archived, updated_at: new Date() }).where("id", "=", id).execute(),
  );
  const after = await loadJob(tx, id);
  await recordAudit(tx, actor, {
    action: archived ? "job.archived" : "job.restored",
    targetType: "job",
    targetId: id,
    before,
    after,
  });
  return after;
}
