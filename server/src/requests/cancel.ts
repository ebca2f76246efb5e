import { isWaitingRequest, type RequestStatus } from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { finish, type StepResult, stepContext } from "./ask.ts";
import type { RequestOptions } from "./effects.ts";
import { requestSettings } from "./settings.ts";
import { changeRequest, lockRequest, noSuchRequest, notWaitingRefusal } from "./store.ts";

/** Its author withdraws a request while it waits (offered or pending); nobody else sees it to cancel (404). */
export async function cancelRequest(tx: Tx, actor: Actor, id: string, options: RequestOptions): Promise<StepResult> {
  const settings = await requestSettings(tx, actor.organizationId);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  const row = await lockRequest(tx, actor.organizationId, id);
  if (row.author_id !== actor.userId) throw noSuchRequest();
  if (!isWaitingRequest(row.status as RequestStatus)) throw notWaitingRefusal();
  const cancelled = await changeRequest(tx, row, { status: "cancelled" });
  ctx.effects.audit(actor.userId, "request.cancelled", cancelled, {
    before: { status: row.status, version: row.version },
    after: { status: cancelled.status, version: cancelled.version },
  });
  // A cover offered to everyone leaves every eligible teammate's offers.
  ctx.effects.changed([cancelled], row.kind === "cover" && row.to_user_id === null ? null : []);
  return finish(ctx, cancelled);
}
