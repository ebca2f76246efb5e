import { isWaitingRequest, type RequestStatus } from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { finish, type StepResult, stepContext } from "./ask.ts";
import type { RequestOptions } from "./effects.ts";
import { detailsOf, type RequestRow } from "./records.ts";
import { inSavepoint } from "./savepoint.ts";
import { requestSettings } from "./settings.ts";
import {
  assertAsAsked,
  assertEligible,
  assertFreeFor,
  changedRefusal,
  lockTargetShifts,
  type TargetShift,
} from "./shift-target.ts";
import { changeRequest, lockRequestAndShifts, noSuchRequest, notWaitingRefusal, ownRequestRefusal } from "./store.ts";
import { approveNow, type StepContext, tellApprovers } from "./transitions.ts";

const HOUR_MS = 3_600_000;

/** Whether the actor is someone a cover or swap is offered to (others do not see it: 404). */
function offeredTo(row: RequestRow, userId: string): boolean {
  if (row.kind === "cover") return row.to_user_id === null || row.to_user_id === userId;
  return row.kind === "swap" && row.to_user_id === userId;
}

/** A request the actor may answer as a teammate: locked, offered to them, still offered. */
export async function offeredRequest(tx: Tx, actor: Actor, id: string, options: { named?: boolean } = {}) {
  const row = await lockRequestAndShifts(tx, actor.organizationId, id);
  const visible = options.named ? row.to_user_id === actor.userId : offeredTo(row, actor.userId);
  if (!visible || (row.kind !== "cover" && row.kind !== "swap")) throw noSuchRequest();
  if (row.author_id === actor.userId) throw ownRequestRefusal();
  if (row.status !== "offered") throw notWaitingRefusal();
  return row;
}

/** The shifts of a cover or swap still as asked and not started, with the people able and free to take them. */
async function recheck(ctx: StepContext, row: RequestRow, takerId: string): Promise<TargetShift[]> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const details = detailsOf(row);
  if (!row.shift_id || !details.shift) throw changedRefusal();
  if (row.kind === "cover") {
    const target = assertAsAsked(
      (await lockTargetShifts(tx, org, [row.shift_id])).get(row.shift_id),
      details.shift,
      now,
    );
    await assertEligible(tx, org, target.row, takerId);
    await assertFreeFor(tx, org, takerId, target.row);
    return [target];
  }
  if (!row.other_shift_id || !details.other_shift) throw changedRefusal();
  const targets = await lockTargetShifts(tx, org, [row.shift_id, row.other_shift_id]);
  const mine = assertAsAsked(targets.get(row.shift_id), details.shift, now);
  const theirs = assertAsAsked(targets.get(row.other_shift_id), details.other_shift, now);
  await assertEligible(tx, org, mine.row, takerId);
  await assertEligible(tx, org, theirs.row, row.author_id);
  await assertFreeFor(tx, org, takerId, mine.row, [theirs.row.id]);
  await assertFreeFor(tx, org, row.author_id, theirs.row, [mine.row.id]);
  return [mine, theirs];
}

const overtime = (kind: string) => kind === "daily_overtime" || kind === "weekly_overtime";

/**
 * Approves a swap at once only if it makes no overtime: tried in a
 * savepoint, and undone when the people taking the shifts would be over
 * their board's daily or weekly limit (or it does not apply). Null: it
 * waits for a manager.
 */
async function approvedWithoutOvertime(ctx: StepContext, row: RequestRow): Promise<RequestRow | null> {
  const scope = ctx.effects.scope();
  class Overtime extends Error {}
  try {
    const approved = await inSavepoint(ctx.tx, async () => {
      const result = await approveNow({ ...ctx, effects: scope }, row, true, { warnings: true });
      if (result.warnings.some((warning) => overtime(warning.kind))) throw new Overtime();
      return result.row;
    });
    ctx.effects.keep(scope);
    return approved;
  } catch (error) {
    if (error instanceof Overtime || error instanceof AppError) return null;
    throw error;
  }
}

/**
 * A teammate accepts a cover (anyone eligible, or only the one named) or a
 * swap (only the teammate named): re-checked, then it waits for a manager,
 * or applies at once as the settings say. Within the deadline before a
 * shift starts it always waits for a manager. Two teammates accepting the
 * same offer at once queue on the request's row lock: the second finds it
 * no longer offered.
 */
export async function acceptRequest(tx: Tx, actor: Actor, id: string, options: RequestOptions): Promise<StepResult> {
  const settings = await requestSettings(tx, actor.organizationId);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  const row = await offeredRequest(tx, actor, id);
  const shifts = await recheck(ctx, row, actor.userId);
  const accepted = await changeRequest(tx, row, {
    status: "pending",
    accepted_at: ctx.now,
    ...(row.kind === "cover" ? { taker_id: actor.userId } : {}),
  });
  ctx.effects.audit(actor.userId, "request.accepted", accepted, {
    before: { status: row.status, version: row.version },
    after: { status: accepted.status, version: accepted.version },
  });
  ctx.effects.changed([accepted], row.kind === "cover" && row.to_user_id === null ? null : []);
  ctx.effects.tell({
    text: "accepted",
    request: accepted,
    to: [row.author_id],
    audience: "employee",
    person: actor.userId,
  });

  const deadline = ctx.now.getTime() + settings.deadline_hours * HOUR_MS;
  const late = shifts.some(({ row: shift }) => new Date(shift.starts_at).getTime() < deadline);
  let result: RequestRow = accepted;
  if (!late && row.kind === "cover" && !settings.cover_needs_approval) {
    result = (await approveNow(ctx, accepted, true)).row;
  } else if (!late && row.kind === "swap" && !settings.swap_needs_approval) {
    result = (await approveNow(ctx, accepted, true)).row;
  } else if (!late && row.kind === "swap" && settings.swap_same_job_auto) {
    const [mine, theirs] = shifts;
    const sameJob = mine?.row.job_id != null && mine.row.job_id === theirs?.row.job_id;
    if (sameJob) result = (await approvedWithoutOvertime(ctx, accepted)) ?? accepted;
  }
  if (isWaitingRequest(result.status as RequestStatus)) await tellApprovers(ctx, result);
  return finish(ctx, result);
}
