import type { ShiftWarning } from "@workshift/contracts";
import { updateShift } from "../schedule/shifts.ts";
import type { ApplyContext } from "./apply.ts";
import type { TargetShift } from "./shift-target.ts";

/**
 * Hands shifts to people as a manager's edit would (updateShift: who may be
 * scheduled, the overlap check and the exclusion constraint, the version,
 * the boards told), and has just those shifts published as they then are
 * (RequestEffects.flush): people see an approved request at once, without
 * waiting for the week's publish. `moves` run in order (a swap opens one shift before handing the
 * other over, so nobody holds two at once). Answers the warnings the last
 * move of each shift meets.
 */
export async function assignShifts(
  ctx: ApplyContext,
  moves: readonly { target: TargetShift; userId: string | null }[],
  options: { warnings?: boolean } = {},
): Promise<ShiftWarning[]> {
  const { tx, actor: author } = ctx;
  const versions = new Map(moves.map(({ target }) => [target.row.id, target.row.version]));
  // These rows change now: whoever reads them next reads them again.
  for (const id of versions.keys()) ctx.shifts?.delete(id);
  const warnings = new Map<string, ShiftWarning[]>();
  for (const { target, userId } of moves) {
    const id = target.row.id;
    const { shift, warnings: met } = await updateShift(
      tx,
      author,
      id,
      { version: versions.get(id) ?? target.row.version, user_id: userId },
      // The boards hear of these shifts once, as published, when the work is done (RequestEffects.flush).
      { ...options, announce: false },
    );
    versions.set(id, shift.version);
    warnings.set(id, met);
  }
  // Published as they now are when the transaction's work is done (one statement for a bulk decision).
  ctx.effects.published(
    moves.map(({ target }) => target.row.job_scheduler_id),
    [...versions.keys()],
  );
  return [...warnings.values()].flat();
}
