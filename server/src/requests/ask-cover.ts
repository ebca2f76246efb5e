import { refuse } from "../lib/http/errors.ts";
import { eligibleAmong } from "./eligibility.ts";
import { freeDuring } from "./published-shifts.ts";
import { type RequestRow, shiftDay } from "./records.ts";
import {
  assertAskable,
  assertEligible,
  assertNotStarted,
  lockTargetShifts,
  notEligibleRefusal,
  snapshotOf,
} from "./shift-target.ts";
import { insertRequest } from "./store.ts";
import type { StepContext } from "./transitions.ts";

export const notYoursRefusal = () => refuse("request_shift_not_yours", "This shift is not yours");

/**
 * Offers one's published shift that has not started to one eligible
 * teammate, or to every eligible teammate free then (each is told: who
 * works at that time could not accept); the first who accepts takes it.
 */
export async function askCover(
  ctx: StepContext,
  body: { shift_id: string; to_user_id?: string | null | undefined; note?: string | null | undefined },
): Promise<RequestRow> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const target = assertAskable((await lockTargetShifts(tx, org, [body.shift_id])).get(body.shift_id));
  const shift = target.row;
  if (shift.user_id !== actor.userId) throw notYoursRefusal();
  assertNotStarted(shift, now);
  const to = body.to_user_id ?? null;
  if (to === actor.userId) throw notEligibleRefusal("to_user_id");
  if (to !== null) await assertEligible(tx, org, shift, to, "to_user_id");
  const snapshot = snapshotOf(shift);
  const row = await insertRequest(tx, org, {
    kind: "cover",
    status: "offered",
    author_id: actor.userId,
    shift_id: shift.id,
    to_user_id: to,
    board_id: shift.job_scheduler_id,
    job_id: shift.job_id,
    day: shiftDay(new Date(shift.starts_at).toISOString(), target.time_zone),
    details: { shift: snapshot },
    note: body.note ?? null,
  });
  const told =
    to !== null
      ? [to]
      : await freeDuring(
          tx,
          org,
          [...(await eligibleAmong(tx, org, { board_id: shift.job_scheduler_id, job_id: shift.job_id }, null))].filter(
            (id) => id !== actor.userId,
          ),
          snapshot,
        );
  ctx.effects.audit(actor.userId, "request.created", row, { after: { kind: row.kind, status: row.status } });
  ctx.effects.changed([row], told);
  ctx.effects.tell({ text: "offered", request: row, to: told, audience: "employee" });
  return row;
}
