import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Who may take a shift: one rule for the lists employees see (open shifts,
 * teammates who could cover, swaps), the requests' writes and decisions,
 * and the open-shift notices of a publish.
 */

/** What the rule reads of a person: whether they are active, the active jobs they hold, the boards they are on. */
export interface ShiftTaker {
  /** The account. */
  user_id: string;
  active: boolean;
  /** Active jobs only: an archived job is nobody's to work. */
  job_ids: ReadonlySet<string>;
  board_ids: ReadonlySet<string>;
}

/** What the rule reads of a shift. */
export interface TakenShift {
  board_id: string;
  job_id: string | null;
}

/**
 * Whether `person` may work `shift`: an active member who holds the shift's
 * job (an active one); a shift without a job goes to the members of its
 * board. Overlap with the person's own shifts is a separate check (the
 * exclusion constraint has the last word on it).
 */
export function mayTakeShift(person: ShiftTaker, shift: TakenShift): boolean {
  if (!person.active) return false;
  return shift.job_id === null ? person.board_ids.has(shift.board_id) : person.job_ids.has(shift.job_id);
}

/** json_agg answers an array; some drivers hand json back as text. */
function idSet(value: unknown): Set<string> {
  if (Array.isArray(value)) return new Set(value.map(String));
  if (typeof value === "string" && value !== "") return new Set((JSON.parse(value) as unknown[]).map(String));
  return new Set();
}

/**
 * The organization's members as mayTakeShift reads them, by account: the
 * accounts given, or every active member (`"active"`). One query whatever
 * their number.
 */
export async function shiftTakers(
  tx: Tx,
  organizationId: string,
  who: readonly string[] | "active",
): Promise<Map<string, ShiftTaker>> {
  if (who !== "active" && who.length === 0) return new Map();
  let query = tx
    .selectFrom("memberships as m")
    .select([
      "m.user_id",
      "m.status",
      sql<unknown>`(select coalesce(json_agg(mj.job_id), '[]') from membership_jobs mj
        join jobs j on j.organization_id = mj.organization_id and j.id = mj.job_id and not j.is_archived
        where mj.organization_id = m.organization_id and mj.user_id = m.user_id)`.as("job_ids"),
      sql<unknown>`(select coalesce(json_agg(jm.job_scheduler_id), '[]') from job_scheduler_members jm
        where jm.organization_id = m.organization_id and jm.user_id = m.user_id)`.as("board_ids"),
    ])
    .where("m.organization_id", "=", organizationId);
  query =
    who === "active"
      ? query.where("m.status", "=", "active")
      : query.where(sql<boolean>`m.user_id = any(${[...new Set(who)]}::uuid[])`);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        user_id: row.user_id,
        active: row.status === "active",
        job_ids: idSet(row.job_ids),
        board_ids: idSet(row.board_ids),
      },
    ]),
  );
}
