import type { ErrorCode, timeOffAskSchema } from "@workshift/contracts";
import type { z } from "zod";
import type { Tx } from "../lib/db/tenancy.ts";
import type { RequestRow, TimeOffDetails } from "../requests/records.ts";
import { insertRequest } from "../requests/store.ts";
import { type StepContext, tellApprovers } from "../requests/transitions.ts";
import {
  type BalanceCheck,
  type BlockHit,
  balanceCheck,
  blocksMet,
  type LeaveTypeRow,
  leaveRefusal,
  leaveTypeOf,
  overlapRefusal,
  rangeRefusal,
} from "./ask-checks.ts";
import {
  hoursOfAsk,
  insertTimeOffDays,
  type LeaveAsk,
  type PersonLeaveContext,
  personLeaveContext,
} from "./time-off-days.ts";

/**
 * Asking for time off: the days and their hours, every rule checked, then
 * the request (always waiting for a manager) and its days in one go.
 */

/** Holds the person's other time-off writes (asking, deciding) until this transaction ends. */
export async function lockPerson(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .forUpdate()
    .execute();
}

export interface LeaveEvaluation {
  type: LeaveTypeRow;
  person: PersonLeaveContext;
  hours: Awaited<ReturnType<typeof hoursOfAsk>>;
  balance: BalanceCheck;
  blocked: BlockHit[];
  /** Every rule it breaks now, in the order they are refused. */
  blockers: ErrorCode[];
}

/** Reads and checks an ask for this person: what the preview shows and what asking refuses (approving: decide-time-off.ts). */
export async function evaluateLeave(
  tx: Tx,
  organizationId: string,
  userId: string,
  leaveTypeId: string,
  ask: LeaveAsk,
  now: Date,
): Promise<LeaveEvaluation> {
  const [type, person] = await Promise.all([
    leaveTypeOf(tx, organizationId, leaveTypeId),
    personLeaveContext(tx, organizationId, userId),
  ]);
  const hours = await hoursOfAsk(tx, organizationId, person, ask);
  const [overlap, blocked, balance] = await Promise.all([
    overlapRefusal(tx, organizationId, userId, ask, null),
    blocksMet(tx, organizationId, person, ask),
    balanceCheck(tx, organizationId, userId, type, hours.minutes),
  ]);
  const blockers: ErrorCode[] = [];
  if (type.archived) blockers.push("time_off_type_archived");
  const range = rangeRefusal(ask, person, now);
  if (range) blockers.push(range);
  if (overlap) blockers.push(overlap);
  if (hours.minutes <= 0) blockers.push("time_off_nothing_to_take");
  if (blocked.length > 0 && person.blockedPolicy === "refuse") blockers.push("time_off_blocked");
  if (balance.refusal) blockers.push(balance.refusal);
  return { type, person, hours, balance, blocked, blockers };
}

export const blockHitsOf = (blocked: readonly BlockHit[]) =>
  blocked.map(({ starts_on, ends_on, reason, board_id }) => ({ starts_on, ends_on, reason, board_id }));

/** POST /api/my/requests, kind time_off. */
export async function askTimeOff(ctx: StepContext, body: z.output<typeof timeOffAskSchema>): Promise<RequestRow> {
  const { tx, actor } = ctx;
  const org = actor.organizationId;
  await lockPerson(tx, org, actor.userId);
  const ask: LeaveAsk = { from: body.from, to: body.to, part: body.part ?? null };
  const leave = await evaluateLeave(tx, org, actor.userId, body.leave_type_id, ask, ctx.now);
  const [first] = leave.blockers;
  if (first) {
    throw leaveRefusal(first, first === "time_off_blocked" ? { blocked: blockHitsOf(leave.blocked) } : undefined);
  }
  const details: TimeOffDetails = {
    from: ask.from,
    to: ask.to,
    part: ask.part,
    minutes: leave.hours.minutes,
    days: leave.hours.days.map(({ day, minutes, basis, holiday }) => ({ day, minutes, basis, holiday })),
    time_zone: leave.person.timeZone,
    shifts_action: null,
    ...(leave.blocked.length > 0 ? { blocked: blockHitsOf(leave.blocked) } : {}),
  };
  const row = await insertRequest(tx, org, {
    kind: "time_off",
    status: "pending",
    author_id: actor.userId,
    board_id: null,
    job_id: null,
    day: ask.from,
    ends_on: ask.to,
    leave_type_id: leave.type.id,
    details: { time_off: details },
    note: body.note ?? null,
  });
  await insertTimeOffDays(tx, org, row.id, actor.userId, leave.hours.days);
  ctx.effects.audit(actor.userId, "request.created", row, {
    after: {
      kind: row.kind,
      status: row.status,
      leave_type_id: leave.type.id,
      from: ask.from,
      to: ask.to,
      minutes: leave.hours.minutes,
    },
  });
  ctx.effects.changed([row]);
  await tellApprovers(ctx, row);
  return row;
}
