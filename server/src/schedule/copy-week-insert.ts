import { type CopyResult, shiftTimesProblem } from "@workshift/contracts";
import { sql } from "kysely";
import type { Author } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";

/** A shift to create as a draft (copied from another week or from a template). */
export interface DraftShift {
  user_id: string | null;
  job_id: string | null;
  /** ISO instants. */
  starts_at: string;
  ends_at: string;
  break_minutes: number;
  note: string | null;
}

/** A draft as made: what the leave check needs of it. */
export interface MadeDraft {
  id: string;
  user_id: string | null;
  starts_at: string;
  ends_at: string;
}

/** Rows per INSERT: 6 array parameters whatever the count, so batches only bound the statement's work. */
const BATCH = 1000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const openKey = (shift: Pick<DraftShift, "job_id" | "starts_at" | "ends_at">) =>
  `${shift.job_id ?? ""}|${iso(shift.starts_at)}|${iso(shift.ends_at)}`;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether the database would take the shift's times (a wall-clock copy across a DST change can bend them). */
function timesFit(shift: DraftShift): boolean {
  return shiftTimesProblem(shift) === null;
}

/** Which of these people and jobs may still be scheduled (not archived; still in the organization). */
async function schedulable(tx: Tx, organizationId: string, shifts: readonly DraftShift[]) {
  const userIds = [...new Set(shifts.flatMap((shift) => (shift.user_id === null ? [] : [shift.user_id])))];
  const jobIds = [...new Set(shifts.flatMap((shift) => (shift.job_id === null ? [] : [shift.job_id])))];
  const people =
    userIds.length === 0
      ? []
      : await tx
          .selectFrom("memberships")
          .select("user_id")
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`user_id = any(${userIds}::uuid[])`)
          .where("status", "<>", "archived")
          .execute();
  const jobs =
    jobIds.length === 0
      ? []
      : await tx
          .selectFrom("jobs")
          .select("id")
          .where("organization_id", "=", organizationId)
          .where(sql<boolean>`id = any(${jobIds}::uuid[])`)
          .where("is_archived", "=", false)
          .execute();
  return { people: new Set(people.map((row) => row.user_id)), jobs: new Set(jobs.map((row) => row.id)) };
}

/**
 * Open shifts (no person) the board already has at these times, as keys: no
 * constraint stops two identical open shifts, so copying a week twice would
 * double them.
 */
async function existingOpenShifts(tx: Tx, organizationId: string, boardId: string, shifts: readonly DraftShift[]) {
  const open = shifts.filter((shift) => shift.user_id === null);
  if (open.length === 0) return new Set<string>();
  const starts = open.map((shift) => Date.parse(shift.starts_at));
  const rows = await tx
    .selectFrom("shifts")
    .select(["job_id", "starts_at", "ends_at"])
    .where("organization_id", "=", organizationId)
    .where("job_scheduler_id", "=", boardId)
    .where("user_id", "is", null)
    .where("deleted_at", "is", null)
    .where("starts_at", ">=", new Date(Math.min(...starts)))
    .where("starts_at", "<=", new Date(Math.max(...starts)))
    .execute();
  return new Set(
    rows.map((row) => openKey({ job_id: row.job_id, starts_at: iso(row.starts_at), ends_at: iso(row.ends_at) })),
  );
}

/**
 * Creates the shifts as drafts on the board, skipping (and counting) those of
 * archived people or jobs, those whose times no longer fit, the same open
 * shift twice, and those that would overlap a shift the person already has:
 * `ON CONFLICT DO NOTHING` (no conflict target) lets the exclusion constraint
 * itself decide, races with other writers included. Earlier shifts go first,
 * so of two copies that collide the earlier one is kept.
 */
export async function insertDrafts(
  tx: Tx,
  author: Author,
  boardId: string,
  shifts: readonly DraftShift[],
): Promise<CopyResult & { ids: string[]; made: MadeDraft[] }> {
  const allowed = await schedulable(tx, author.organizationId, shifts);
  const openTaken = await existingOpenShifts(tx, author.organizationId, boardId, shifts);
  const opened = (shift: DraftShift) => {
    if (shift.user_id !== null) return true;
    const key = openKey(shift);
    if (openTaken.has(key)) return false;
    openTaken.add(key);
    return true;
  };
  const usable = shifts
    .filter(
      (shift) =>
        (shift.user_id === null || allowed.people.has(shift.user_id)) &&
        (shift.job_id === null || allowed.jobs.has(shift.job_id)) &&
        timesFit(shift) &&
        opened(shift),
    )
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));

  const made: MadeDraft[] = [];
  for (let start = 0; start < usable.length; start += BATCH) {
    if (start > 0) await yieldToEventLoop();
    const batch = usable.slice(start, start + BATCH);
    const inserted = await sql<{
      id: string;
      user_id: string | null;
      starts_at: Date | string;
      ends_at: Date | string;
    }>`
      insert into shifts (organization_id, job_scheduler_id, user_id, job_id, starts_at, ends_at, break_minutes, note,
        created_by, updated_by)
      select ${author.organizationId}::uuid, ${boardId}::uuid, t.user_id, t.job_id, t.starts_at, t.ends_at,
        t.break_minutes, t.note, ${author.userId}::uuid, ${author.userId}::uuid
      from unnest(
        ${batch.map((shift) => shift.user_id)}::uuid[],
        ${batch.map((shift) => shift.job_id)}::uuid[],
        ${batch.map((shift) => shift.starts_at)}::timestamptz[],
        ${batch.map((shift) => shift.ends_at)}::timestamptz[],
        ${batch.map((shift) => shift.break_minutes)}::int[],
        ${batch.map((shift) => shift.note)}::text[]
      ) as t(user_id, job_id, starts_at, ends_at, break_minutes, note)
      on conflict do nothing
      returning id, user_id, starts_at, ends_at`.execute(tx);
    made.push(
      ...inserted.rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        starts_at: iso(row.starts_at),
        ends_at: iso(row.ends_at),
      })),
    );
  }
  const ids = made.map((row) => row.id);
  return { created: ids.length, skipped: shifts.length - ids.length, ids, made };
}
