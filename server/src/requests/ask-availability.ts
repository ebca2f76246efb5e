import { type AvailabilityChange, todayIn } from "@workshift/contracts";
import { firstDayOf, normalizedChange, pastRefusal } from "./availability.ts";
import type { RequestRow } from "./records.ts";
import type { RequestSettingsInZone } from "./settings.ts";
import { insertRequest } from "./store.ts";
import { approveNow, type StepContext, tellApprovers } from "./transitions.ts";

/**
 * Asks for a new weekly pattern from a day, or one day's exception, from
 * today on (in the organization's zone). It holds at once unless the
 * organization has availability changes approved.
 */
export async function askAvailability(
  ctx: StepContext,
  settings: RequestSettingsInZone,
  body: { change: AvailabilityChange; note?: string | null | undefined },
): Promise<RequestRow> {
  const change = normalizedChange(body.change);
  const first = firstDayOf(change);
  if (first < todayIn(settings.time_zone, ctx.now)) throw pastRefusal();
  const row = await insertRequest(ctx.tx, ctx.actor.organizationId, {
    kind: "availability",
    status: "pending",
    author_id: ctx.actor.userId,
    board_id: null,
    job_id: null,
    day: first,
    details: { change },
    note: body.note ?? null,
  });
  ctx.effects.audit(ctx.actor.userId, "request.created", row, { after: { kind: row.kind, status: row.status } });
  ctx.effects.changed([row]);
  if (!settings.availability_needs_approval) return (await approveNow(ctx, row, true)).row;
  await tellApprovers(ctx, row);
  return row;
}
