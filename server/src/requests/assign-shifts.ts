import type { ShiftWarning } from "@workshift/contracts";
import { sql } from "kysely";
import type { Author } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceScheduleChange } from "../schedule/announce.ts";
import { updateShift } from "../schedule/shifts.ts";
import type { TargetShift } from "./shift-target.ts";

/**
 * Hands shifts to people as a manager's edit would (updateShift: who may be
 * scheduled, the overlap check and the exclusion constraint, the version,
 * the boards told), then publishes just those shifts as they now are:
 * people see an approved request at once, without waiting for the week's
 * publish. `moves` run in order (a swap opens one shift before handing the
 * other over, so nobody holds two at once). Answers the warnings the last
 * move of each shift meets.
 */
export async function assignShifts(
  tx: Tx,
  author: Author,
  moves: readonly { target: TargetShift; userId: string | null }[],
): Promise<ShiftWarning[]> {
  const versions = new Map(moves.map(({ target }) => [target.row.id, target.row.version]));
  const warnings = new Map<string, ShiftWarning[]>();
  for (const { target, userId } of moves) {
    const id = target.row.id;
    const { shift, warnings: met } = await updateShift(tx, author, id, {
      version: versions.get(id) ?? target.row.version,
      user_id: userId,
    });
    versions.set(id, shift.version);
    warnings.set(id, met);
  }
  const ids = [...versions.keys()];
  await tx
    .updateTable("shifts")
    .set((eb) => ({
      published_at: sql<Date>`now()`,
      published_user_id: eb.ref("user_id"),
      published_job_id: eb.ref("job_id"),
      published_starts_at: eb.ref("starts_at"),
      published_ends_at: eb.ref("ends_at"),
      published_break_minutes: eb.ref("break_minutes"),
      published_note: eb.ref("note"),
    }))
    .where("organization_id", "=", author.organizationId)
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .execute();
  await announceScheduleChange(tx, author.organizationId, {
    board_ids: moves.map(({ target }) => target.row.job_scheduler_id),
    shift_ids: ids,
    actor_id: author.userId,
    kind: "published",
  });
  return [...warnings.values()].flat();
}
