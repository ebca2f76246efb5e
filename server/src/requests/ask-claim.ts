import { refuse } from "../lib/http/errors.ts";
import type { RequestRow } from "./records.ts";
import { shiftDay } from "./records.ts";
import type { RequestSettingsInZone } from "./settings.ts";
import {
  assertAskable,
  assertEligible,
  assertFreeFor,
  assertNotStarted,
  lockTargetShifts,
  snapshotOf,
} from "./shift-target.ts";
import { insertRequest } from "./store.ts";
import { approveNow, type StepContext, tellApprovers } from "./transitions.ts";

/**
 * Claims a published open shift that has not started, on a job the author
 * holds (or a board they are on), at a time they are free. It waits for a
 * manager, or with claims first come, first served it is theirs at once.
 */
export async function askClaim(
  ctx: StepContext,
  settings: RequestSettingsInZone,
  body: { shift_id: string; note?: string | null | undefined },
): Promise<RequestRow> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const target = assertAskable((await lockTargetShifts(tx, org, [body.shift_id])).get(body.shift_id));
  const shift = target.row;
  if (shift.user_id !== null) throw refuse("request_shift_not_open", "This shift is not open");
  assertNotStarted(shift, now);
  await assertEligible(tx, org, shift, actor.userId);
  await assertFreeFor(tx, org, actor.userId, shift);
  const row = await insertRequest(tx, org, {
    kind: "claim",
    status: "pending",
    author_id: actor.userId,
    shift_id: shift.id,
    board_id: shift.job_scheduler_id,
    job_id: shift.job_id,
    day: shiftDay(new Date(shift.starts_at).toISOString(), target.time_zone),
    details: { shift: snapshotOf(shift) },
    note: body.note ?? null,
  });
  ctx.effects.audit(actor.userId, "request.created", row, { after: { kind: row.kind, status: row.status } });
  ctx.effects.changed([row]);
  if (!settings.claim_needs_approval) return (await approveNow(ctx, row, true)).row;
  await tellApprovers(ctx, row);
  return row;
}
