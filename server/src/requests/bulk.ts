import type { BulkDecisionResult, RequestBulkDecision } from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { stepContext } from "./ask.ts";
import { assertMayDecide, type Decision, decideNow } from "./decide.ts";
import type { RequestOptions } from "./effects.ts";
import { inSavepoint } from "./savepoint.ts";
import { requestSettings } from "./settings.ts";
import { lockRequest, lockRequests, noSuchRequest } from "./store.ts";

type Result = BulkDecisionResult["results"][number];

/**
 * POST /api/requests/decisions: each request decided on its own, in a
 * savepoint, so one that no longer applies is refused with its code and
 * rolls back alone. Ids the actor may not decide are refused as not_found.
 * Every shift they are about, then the requests, are locked first, each in
 * id order (the order of every writer), so a bulk decision waits for a
 * manager's edit or the other way round, never both; the audit entries,
 * messages and announcement are written once at the end.
 */
export async function decideMany(
  tx: Tx,
  actor: Actor,
  body: { ids: string[]; decision: RequestBulkDecision["decision"]; reason?: string | undefined },
  options: RequestOptions,
): Promise<{ results: Result[]; notified: number }> {
  const org = actor.organizationId;
  const settings = await requestSettings(tx, org);
  const ctx = stepContext(tx, actor, options, settings.time_zone);
  const rows = new Map((await lockRequests(tx, org, body.ids)).map((row) => [row.id, row]));
  const decision: Decision =
    body.decision === "approve" ? { approve: true } : { approve: false, reason: body.reason ?? "" };
  const outcome = body.decision === "approve" ? "approved" : "declined";
  const results: Result[] = [];
  for (const id of body.ids) {
    const scope = ctx.effects.scope();
    try {
      const locked = rows.get(id.toLowerCase());
      if (!locked) throw noSuchRequest();
      assertMayDecide(actor, locked);
      await inSavepoint(tx, async () => {
        // Read again: a decision earlier in the list may have changed it (another claim of the same shift).
        const row = await lockRequest(tx, org, locked.id);
        await decideNow({ ...ctx, effects: scope }, row, decision);
      });
      ctx.effects.keep(scope);
      results.push({ id, outcome, code: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, outcome: "refused", code: error.code });
    }
  }
  const notified = await ctx.effects.flush(tx);
  return { results, notified };
}
