import type { Board, boardCreateSchema, boardUpdateSchema } from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import { activeNameTaken } from "../lib/db/active-names.ts";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";

/**
 * A board with the jobs and people on it. Archived jobs and archived people
 * keep their rows (their history stays) but are left out of the ids and the
 * counts; replacing a set never deletes those rows.
 */
function selectBoards(tx: Tx) {
  return tx.selectFrom("job_schedulers as b").select([
    "b.id",
    "b.name",
    "b.time_zone",
    "b.week_start",
    "b.is_archived",
    "b.created_at",
    "b.updated_at",
    sql<string[]>`coalesce((select array_agg(sj.job_id order by lower(j.name), j.id) from job_scheduler_jobs sj
        join jobs j on j.organization_id = sj.organization_id and j.id = sj.job_id
        where sj.organization_id = b.organization_id and sj.job_scheduler_id = b.id and not j.is_archived),
        '{}')`.as("job_ids"),
    sql<string[]>`coalesce((select array_agg(sm.user_id order by sm.user_id) from job_scheduler_members sm
        join memberships m on m.organization_id = sm.organization_id and m.user_id = sm.user_id
        where sm.organization_id = b.organization_id and sm.job_scheduler_id = b.id and m.status <> 'archived'),
        '{}')`.as("member_ids"),
  ]);
}

type BoardRow = Awaited<ReturnType<ReturnType<typeof selectBoards>["executeTakeFirstOrThrow"]>>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** uuid[] may come back as an array or, from some drivers, as the text "{a,b}". */
function idArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") {
    const inner = value.replace(/^\{|\}$/g, "");
    return inner === "" ? [] : inner.split(",");
  }
  return [];
}

export function presentBoard(row: BoardRow): Board {
  const jobIds = idArray(row.job_ids);
  const memberIds = idArray(row.member_ids);
  return {
    id: row.id,
    name: row.name,
    time_zone: row.time_zone,
    week_start: Number(row.week_start),
    is_archived: row.is_archived,
    job_ids: jobIds,
    member_ids: memberIds,
    job_count: jobIds.length,
    member_count: memberIds.length,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Active boards first, by name (the sidebar has its own oldest-first list). */
export async function listBoards(tx: Tx, options: { includeArchived: boolean }) {
  let query = selectBoards(tx).orderBy("b.is_archived").orderBy(sql`lower(b.name)`).orderBy("b.id");
  if (!options.includeArchived) query = query.where("b.is_archived", "=", false);
  return (await query.execute()).map(presentBoard);
}

/** One board of the transaction's organization; 404 for any other id (another organization's included). */
export async function loadBoard(tx: Tx, id: string): Promise<Board> {
  if (!isUuid(id)) throw notFound("No such board");
  const row = await selectBoards(tx).where("b.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("No such board");
  return presentBoard(row);
}

const nameTaken = () => refuse("board_name_taken", "Another active board has this name", { name: "boards.nameTaken" });

/** Names are unique, ignoring case, among active boards (the database's partial unique index agrees). */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  if (await activeNameTaken(tx, "job_schedulers", name, exceptId)) throw nameTaken();
}

/** Two requests at once for one name: the unique index decides, with the same refusal as the check above. */
const nameRace = { job_schedulers_active_name: nameTaken };

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** Every id must be an active job of the organization, else 422 with a field message. */
async function assertJobs(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await tx
    .selectFrom("jobs")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("id", "in", ids)
    .where("is_archived", "=", false)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== ids.length) {
    throw refuse("board_job_not_active", "A job is not an active job of this organization", {
      job_ids: "boards.unknownJob",
    });
  }
}

/** Every id must be a person of the organization who is not archived, else 422 with a field message. */
async function assertMembers(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await tx
    .selectFrom("memberships")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "in", ids)
    .where("status", "<>", "archived")
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== ids.length) {
    throw refuse("board_member_not_active", "A person is not an active member of this organization", {
      member_ids: "boards.unknownMember",
    });
  }
}

/**
 * The board's jobs become exactly `ids` (among active jobs): rows of archived
 * jobs are kept, so restoring a job puts it back where it was.
 */
async function replaceJobs(tx: Tx, organizationId: string, boardId: string, ids: string[]) {
  let removal = tx
    .deleteFrom("job_scheduler_jobs")
    .where("job_scheduler_id", "=", boardId)
    .where("job_id", "in", tx.selectFrom("jobs").select("id").where("is_archived", "=", false));
  if (ids.length > 0) removal = removal.where("job_id", "not in", ids);
  await removal.execute();
  if (ids.length > 0) {
    await tx
      .insertInto("job_scheduler_jobs")
      .values(ids.map((job_id) => ({ organization_id: organizationId, job_scheduler_id: boardId, job_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The board's people become exactly `ids` (among people not archived; archived people's rows stay). */
async function replaceMembers(tx: Tx, organizationId: string, boardId: string, ids: string[]) {
  let removal = tx
    .deleteFrom("job_scheduler_members")
    .where("job_scheduler_id", "=", boardId)
    .where("user_id", "in", tx.selectFrom("memberships").select("user_id").where("status", "<>", "archived"));
  if (ids.length > 0) removal = removal.where("user_id", "not in", ids);
  await removal.execute();
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    await tx
      .insertInto("job_scheduler_members")
      .values(chunk.map((user_id) => ({ organization_id: organizationId, job_scheduler_id: boardId, user_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The organization's own time zone and week start (the defaults of a new board). */
async function organizationCalendar(tx: Tx) {
  const settings = await tx.selectFrom("organization_settings").select(["time_zone", "week_start"]).executeTakeFirst();
  return { time_zone: settings?.time_zone ?? "UTC", week_start: Number(settings?.week_start ?? 1) };
}

export async function createBoard(tx: Tx, actor: Author, body: z.output<typeof boardCreateSchema>) {
  const jobIds = unique(body.job_ids);
  const memberIds = unique(body.member_ids);
  await assertNameFree(tx, body.name);
  await assertJobs(tx, jobIds);
  await assertMembers(tx, memberIds);
  const calendar = await organizationCalendar(tx);
  const inserted = await refusingConstraints(nameRace, () =>
    tx
      .insertInto("job_schedulers")
      .values({
        organization_id: actor.organizationId,
        name: body.name,
        time_zone: body.time_zone ?? calendar.time_zone,
        week_start: body.week_start ?? calendar.week_start,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  await replaceJobs(tx, actor.organizationId, inserted.id, jobIds);
  await replaceMembers(tx, actor.organizationId, inserted.id, memberIds);
  const board = await loadBoard(tx, inserted.id);
  await recordAudit(tx, actor, {
    action: "board.created",
    targetType: "job_scheduler",
    targetId: board.id,
    after: board,
  });
  return board;
}

export async function updateBoard(tx: Tx, actor: Author, id: string, body: z.output<typeof boardUpdateSchema>) {
  const before = await loadBoard(tx, id);
  const jobIds = body.job_ids ? unique(body.job_ids) : undefined;
  const memberIds = body.member_ids ? unique(body.member_ids) : undefined;
  if (body.name !== undefined && !before.is_archived) await assertNameFree(tx, body.name, id);
  if (jobIds) await assertJobs(tx, jobIds);
  if (memberIds) await assertMembers(tx, memberIds);
  const columns: { name?: string; time_zone?: string; week_start?: number } = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.time_zone !== undefined) columns.time_zone = body.time_zone;
  if (body.week_start !== undefined) columns.week_start = body.week_start;
  if (Object.keys(columns).length === 0 && !jobIds && !memberIds) return before;
  await refusingConstraints(nameRace, () =>
    tx
      .updateTable("job_schedulers")
      .set({ ...columns, updated_at: new Date() })
      .where("id", "=", id)
      .execute(),
  );
  if (jobIds) await replaceJobs(tx, actor.organizationId, id, jobIds);
  if (memberIds) await replaceMembers(tx, actor.organizationId, id, memberIds);
  const after = await loadBoard(tx, id);
  await recordAudit(tx, actor, { action: "board.updated", targetType: "job_scheduler", targetId: id, before, after });
  return after;
}

/** Archive (true) or restore (false); restoring needs the name to be free among active boards. */
export async function setBoardArchived(tx: Tx, actor: Author, id: string, archived: boolean) {
  const before = await loadBoard(tx, id);
  if (before.is_archived === archived) return before;
  if (!archived) await assertNameFree(tx, before.name, id);
  await refusingConstraints(nameRace, () =>
    tx
      .updateTable("job_schedulers")
      .set({ is_archived: archived, updated_at: new Date() })
      .where("id", "=", id)
      .execute(),
  );
  const after = await loadBoard(tx, id);
  await recordAudit(tx, actor, {
    action: archived ? "board.archived" : "board.restored",
    targetType: "job_scheduler",
    targetId: id,
    before,
    after,
  });
  return after;
}
