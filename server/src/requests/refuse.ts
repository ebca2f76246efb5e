import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { offeredRequest } from "./accept.ts";
import { finish, type StepResult, stepContext } from "./ask.ts";
import type { RequestOptions } from "./effects.ts";
import { requestSettings } from "./settings.ts";
import { changeRequest } from "./store.ts";

/** The teammate a cover or swap names turns it down (a reason is optional); its author is told. */
export async function refuseRequest(
  tx: Tx,
  actor: Actor,
  id: string,
  reason: string | null,
  options: RequestOptions,
): Promise<StepResult> {
  const settings = await requestSettings(tx, actor.organizationId);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  const row = await offeredRequest(tx, actor, id, { named: true });
  const refused = await changeRequest(tx, row, { status: "refused", refusal_reason: reason });
  ctx.effects.audit(actor.userId, "request.refused", refused, {
    before: { status: row.status, version: row.version },
    after: { status: refused.status, version: refused.version },
    ...(reason ? { reason } : {}),
  });
  ctx.effects.changed([refused]);
  ctx.effects.tell({
    text: "refused",
    request: refused,
    to: [row.author_id],
    audience: "employee",
    person: actor.userId,
    reason,
  });
  return finish(ctx, refused);
}
