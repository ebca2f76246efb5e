import { refuse } from "../lib/http/errors.ts";
import { notYoursRefusal } from "./ask-cover.ts";
import { type RequestRow, shiftDay } from "./records.ts";
import { assertAskable, assertEligible, assertNotStarted, lockTargetShifts, snapshotOf } from "./shift-target.ts";
import { insertRequest } from "./store.ts";
import type { StepContext } from "./transitions.ts";

/**
 * Asks a teammate to trade: one's published shift for theirs, neither
 * started, each of the two able to work the other's. The teammate answers
 * first.
 */
export async function askSwap(
  ctx: StepContext,
  body: { shift_id: string; other_shift_id: string; note?: string | null | undefined },
): Promise<RequestRow> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const targets = await lockTargetShifts(tx, org, [body.shift_id, body.other_shift_id]);
  const mine = assertAskable(targets.get(body.shift_id)).row;
  const theirs = assertAskable(targets.get(body.other_shift_id)).row;
  if (mine.user_id !== actor.userId) throw notYoursRefusal();
  const teammate = theirs.user_id;
  if (teammate === null || teammate === actor.userId) {
    throw refuse("request_swap_own_shift", "Choose a teammate's shift to swap with");
  }
  assertNotStarted(mine, now);
  assertNotStarted(theirs, now);
  await assertEligible(tx, org, theirs, actor.userId);
  await assertEligible(tx, org, mine, teammate);
  const zone = targets.get(mine.id)?.time_zone ?? "UTC";
  const row = await insertRequest(tx, org, {
    kind: "swap",
    status: "offered",
    author_id: actor.userId,
    shift_id: mine.id,
    other_shift_id: theirs.id,
    to_user_id: teammate,
    board_id: mine.job_scheduler_id,
    job_id: mine.job_id,
    day: shiftDay(new Date(mine.starts_at).toISOString(), zone),
    details: { shift: snapshotOf(mine), other_shift: snapshotOf(theirs) },
    note: body.note ?? null,
  });
  ctx.effects.audit(actor.userId, "request.created", row, { after: { kind: row.kind, status: row.status } });
  ctx.effects.changed([row]);
  ctx.effects.tell({ text: "swapAsked", request: row, to: [teammate], audience: "employee" });
  return row;
}
