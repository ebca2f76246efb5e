import { todayIn } from "@workshift/contracts";
import { isUuid } from "../lib/db/ids.ts";
import { refuse } from "../lib/http/errors.ts";
import { detailsOf, type RequestRow } from "../requests/records.ts";
import { insertRequest } from "../requests/store.ts";
import { type StepContext, tellApprovers } from "../requests/transitions.ts";

export const notCancellableRefusal = () =>
  refuse("time_off_not_cancellable", "Only your own approved time off that is not over can be cancelled");

/**
 * POST /api/my/requests, kind time_off_cancel: asks a manager to cancel
 * one's own approved time off whose last day is today or later (in the zone
 * it was asked in). One cancellation waits at a time (a unique index).
 */
export async function askTimeOffCancel(
  ctx: StepContext,
  body: { request_id: string; note?: string | null | undefined },
): Promise<RequestRow> {
  const { tx, actor } = ctx;
  const org = actor.organizationId;
  if (!isUuid(body.request_id)) throw notCancellableRefusal();
  const original = await tx
    .selectFrom("requests")
    .selectAll()
    .where("organization_id", "=", org)
    .where("id", "=", body.request_id)
    .forUpdate()
    .executeTakeFirst();
  const leave = original ? detailsOf(original).time_off : undefined;
  if (
    !original ||
    !leave ||
    original.kind !== "time_off" ||
    original.author_id !== actor.userId ||
    original.status !== "approved" ||
    leave.to < todayIn(leave.time_zone, ctx.now)
  ) {
    throw notCancellableRefusal();
  }
  const row = await insertRequest(tx, org, {
    kind: "time_off_cancel",
    status: "pending",
    author_id: actor.userId,
    board_id: null,
    job_id: null,
    day: leave.from,
    ends_on: leave.to,
    leave_type_id: original.leave_type_id,
    cancels_request_id: original.id,
    details: { time_off: leave },
    note: body.note ?? null,
  });
  ctx.effects.audit(actor.userId, "request.created", row, {
    after: { kind: row.kind, status: row.status, cancels_request_id: original.id },
  });
  ctx.effects.changed([row]);
  await tellApprovers(ctx, row);
  return row;
}
