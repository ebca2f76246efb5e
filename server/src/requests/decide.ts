import {
  can,
  isWaitingRequest,
  type RequestKind,
  type RequestStatus,
  requestDeciders,
  type TimeOffShiftAction,
} from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { afterTimeOffDecline } from "../time-off/decide-time-off.ts";
import { finish, type StepResult, stepContext } from "./ask.ts";
import type { RequestOptions } from "./effects.ts";
import { presentRequests, type RequestRow } from "./records.ts";
import { requestSettings } from "./settings.ts";
import { lockRequestAndShifts, noSuchRequest, notWaitingRefusal, ownRequestRefusal } from "./store.ts";
import { approveNow, declineNow, type StepContext } from "./transitions.ts";

/** A manager's decision: approve, or decline with the reason. */
export type Decision = { approve: true; shifts?: TimeOffShiftAction | undefined } | { approve: false; reason: string };

/** Only who may decide its kind sees a request to decide (404 otherwise); nobody decides their own. */
export function assertMayDecide(actor: Actor, row: RequestRow): void {
  if (!can(actor, requestDeciders[row.kind as RequestKind])) throw noSuchRequest();
  if (row.author_id === actor.userId) throw ownRequestRefusal();
}

/**
 * Decides a request as it is now: approving needs it pending (a teammate
 * has answered, or none was asked) and applies it, re-checked; declining
 * takes any waiting request, offered ones too.
 */
export async function decideNow(ctx: StepContext, row: RequestRow, decision: Decision): Promise<RequestRow> {
  if (decision.approve) {
    if (row.status !== "pending") throw notWaitingRefusal();
    return (await approveNow({ ...ctx, timeOffShifts: decision.shifts }, row, false)).row;
  }
  if (!isWaitingRequest(row.status as RequestStatus)) throw notWaitingRefusal();
  const declined = await declineNow(ctx, row, decision.reason);
  await afterTimeOffDecline(ctx, declined);
  return declined;
}

/** POST /api/requests/:id/approve and /decline: one request, read at `version` (409 request_changed with it as it is now). */
export async function decideRequest(
  tx: Tx,
  actor: Actor,
  id: string,
  version: number,
  decision: Decision,
  options: RequestOptions,
): Promise<StepResult> {
  const org = actor.organizationId;
  const row = await lockRequestAndShifts(tx, org, id);
  assertMayDecide(actor, row);
  // A request that closed meanwhile (decided, cancelled, expired by a manager's change) says so, whatever version was read.
  if (!isWaitingRequest(row.status as RequestStatus)) throw notWaitingRefusal();
  if (row.version !== version) {
    const [current] = await presentRequests(tx, org, [row]);
    throw refuse("request_changed", "This request changed since it was read; here it is as it is now", undefined, {
      request: current,
    });
  }
  const settings = await requestSettings(tx, org);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  return finish(ctx, await decideNow(ctx, row, decision));
}
