import type { MyTimeOffResponse, TimeOffPreviewResponse, timeOffPreviewSchema } from "@workshift/contracts";
import type { z } from "zod";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { blockHitsOf, evaluateLeave } from "./ask-time-off.ts";
import { personBalances } from "./ledger/person.ts";
import { personLeaveContext } from "./time-off-days.ts";

/** GET /api/my/time-off: my balances (one per active type), the types I can ask for, my zone and the weekend. */
export async function myTimeOff(tx: Tx, actor: Actor): Promise<MyTimeOffResponse> {
  const [balances, person] = await Promise.all([
    personBalances(tx, actor.organizationId, actor.userId),
    personLeaveContext(tx, actor.organizationId, actor.userId),
  ]);
  return {
    ...balances,
    leave_types: balances.balances.map((balance) => balance.leave_type).filter((type) => !type.archived),
    time_zone: person.timeZone,
    weekend_days: person.weekendDays,
  };
}

/** POST /api/my/time-off/preview: what asking would take and leave, and what would refuse it now. */
export async function previewTimeOff(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof timeOffPreviewSchema>,
  now = new Date(),
): Promise<TimeOffPreviewResponse> {
  const ask = { from: body.from, to: body.to, part: body.part ?? null };
  const leave = await evaluateLeave(tx, actor.organizationId, actor.userId, body.leave_type_id, ask, now);
  return {
    days: leave.hours.days.map(({ day, minutes, basis, holiday }) => ({ day, minutes, basis, holiday })),
    minutes: leave.hours.minutes,
    balance_minutes: leave.balance.balance_minutes,
    pending_minutes: leave.balance.pending_minutes,
    balance_after_minutes: leave.balance.balance_after_minutes,
    negative_allowance_minutes: leave.balance.negative_allowance_minutes,
    day_minutes: leave.person.dayMinutes,
    time_zone: leave.person.timeZone,
    blocked: blockHitsOf(leave.blocked),
    blocked_policy: leave.person.blockedPolicy,
    blockers: leave.blockers,
  };
}
