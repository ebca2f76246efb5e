import type { ErrorCode, TimeOffShiftAction } from "@workshift/contracts";
import { todayIn } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import type { ApplyContext } from "../requests/apply.ts";
import { assignShifts } from "../requests/assign-shifts.ts";
import { detailsOf, type RequestRow, type TimeOffDetails } from "../requests/records.ts";
import { lockTargetShifts } from "../requests/shift-target.ts";
import { changeRequest } from "../requests/store.ts";
import { deleteShift } from "../schedule/shifts.ts";
import { notCancellableRefusal } from "./ask-cancel.ts";
import { balanceCheck, blocksMet, leaveRefusal, leaveTypeOf, overlapRefusal } from "./ask-checks.ts";
import { lockPerson } from "./ask-time-off.ts";
import { recomputeLedgers } from "./ledger/recompute.ts";
import { overlapsDays, personLeaveContext, personPublishedShifts } from "./time-off-days.ts";

/**
 * What approving time off does, every rule read again in the decision's
 * transaction: the type still active, no other leave of the person on those
 * days, no blocked date (where they are refused), the balance. Its hours are
 * those counted when it was asked (the days stored); a request decided late,
 * after its first day, is still decided. The person's published
 * shifts it overlaps become open shifts, stay, or are removed, as the
 * manager chose (required when there are any). Approving a cancellation
 * cancels the leave. The person's balance is recomputed after either.
 */

/** The instants a request's days cover, as stored. */
async function daysOf(tx: Tx, organizationId: string, requestId: string) {
  const rows = await tx
    .selectFrom("time_off_days")
    .select(["starts_at", "ends_at"])
    .where("organization_id", "=", organizationId)
    .where("request_id", "=", requestId)
    .execute();
  return rows.map((row) => ({
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  }));
}

/** Why approving this time off would be refused now (null: it would apply). */
export async function approvalRefusal(
  tx: Tx,
  organizationId: string,
  row: RequestRow,
  leave: TimeOffDetails,
): Promise<ErrorCode | null> {
  const type = await leaveTypeOf(tx, organizationId, row.leave_type_id as string);
  if (type.archived) return "time_off_type_archived";
  const person = await personLeaveContext(tx, organizationId, row.author_id);
  const ask = { from: leave.from, to: leave.to, part: leave.part };
  const [overlap, blocked, balance] = await Promise.all([
    overlapRefusal(tx, organizationId, row.author_id, ask, row.id),
    blocksMet(tx, organizationId, person, ask),
    // Read once the request is marked approved (or declined): its minutes are no longer among the pending.
    balanceCheck(tx, organizationId, row.author_id, type, leave.minutes, row.status === "pending" ? leave.minutes : 0),
  ]);
  if (overlap) return overlap;
  if (blocked.length > 0 && person.blockedPolicy === "refuse") return "time_off_blocked";
  return balance.refusal;
}

/** Writes the details (what became of the shifts) on the row as approved, without another version. */
async function recordShiftsAction(tx: Tx, row: RequestRow, action: TimeOffShiftAction | null): Promise<void> {
  const details = detailsOf(row);
  if (!details.time_off) return;
  const next = { ...details, time_off: { ...details.time_off, shifts_action: action } };
  await tx
    .updateTable("requests")
    .set({ details: JSON.stringify(next) })
    .where("organization_id", "=", row.organization_id)
    .where("id", "=", row.id)
    .execute();
  // The step answers the row it approved: it shows the choice too.
  (row as { details: unknown }).details = next;
}

/** Applies approved time off (the row is already marked approved in this transaction). */
export async function applyTimeOff(ctx: ApplyContext, row: RequestRow): Promise<void> {
  const { tx, actor } = ctx;
  const org = actor.organizationId;
  const leave = detailsOf(row).time_off;
  if (!leave || !row.leave_type_id) throw refuse("request_not_waiting", "This request holds no time off");
  await lockPerson(tx, org, row.author_id);
  const refusal = await approvalRefusal(tx, org, row, leave);
  if (refusal) throw leaveRefusal(refusal);
  const days = await daysOf(tx, org, row.id);
  const shifts = (await personPublishedShifts(tx, org, row.author_id, leave.from, leave.to)).filter((shift) =>
    overlapsDays(shift, days),
  );
  let action: TimeOffShiftAction | null = null;
  if (shifts.length > 0) {
    if (!ctx.timeOffShifts) {
      throw refuse("time_off_shifts_choice", "This time off overlaps published shifts: choose what they become", {
        shifts: "timeOff.shiftsChoiceInvalid",
      });
    }
    action = ctx.timeOffShifts;
    if (action === "open") {
      const targets = await lockTargetShifts(
        tx,
        org,
        shifts.map((shift) => shift.id),
      );
      await assignShifts(
        ctx,
        [...targets.values()].map((target) => ({ target, userId: null })),
      );
    } else if (action === "remove") {
      for (const shift of shifts) await deleteShift(tx, actor, shift.id, shift.version);
    }
  }
  await recordShiftsAction(tx, row, action);
  await recomputeLedgers(
    tx,
    org,
    { userIds: [row.author_id], leaveTypeIds: [row.leave_type_id] },
    todayIn(ctx.timeZone, ctx.now),
  );
  ctx.effects.audit(actor.userId, "time_off.shifts", row, {
    after: { shifts_action: action, shift_ids: shifts.map((shift) => shift.id) },
  });
}

/** Approving a cancellation: the approved time off it names becomes cancelled (its decision stays). */
export async function applyTimeOffCancel(ctx: ApplyContext, row: RequestRow): Promise<void> {
  const { tx, actor } = ctx;
  const org = actor.organizationId;
  if (!row.cancels_request_id) throw notCancellableRefusal();
  await lockPerson(tx, org, row.author_id);
  const original = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", org)
    .where("id", "=", row.cancels_request_id)
    .forUpdate()
    .executeTakeFirst();
  if (original?.kind !== "time_off" || original.status !== "approved") throw notCancellableRefusal();
  const cancelled = await changeRequest(tx, original, { status: "cancelled" });
  ctx.effects.audit(actor.userId, "request.cancelled", cancelled, {
    before: { status: original.status, version: original.version },
    after: { status: cancelled.status, version: cancelled.version, by_request: row.id },
  });
  ctx.effects.changed([cancelled]);
  await recomputeLedgers(
    tx,
    org,
    { userIds: [row.author_id], ...(row.leave_type_id ? { leaveTypeIds: [row.leave_type_id] } : {}) },
    todayIn(ctx.timeZone, ctx.now),
  );
}

/** After a decline: the balances follow (nothing taken; a pending amount gone). */
export async function afterTimeOffDecline(ctx: ApplyContext, row: RequestRow): Promise<void> {
  if (row.kind !== "time_off" && row.kind !== "time_off_cancel") return;
  await recomputeLedgers(
    ctx.tx,
    ctx.actor.organizationId,
    { userIds: [row.author_id], ...(row.leave_type_id ? { leaveTypeIds: [row.leave_type_id] } : {}) },
    todayIn(ctx.timeZone, ctx.now),
  );
}

export const isTimeOffKind = (kind: string) => kind === "time_off" || kind === "time_off_cancel";
