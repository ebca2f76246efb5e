import type { BulkDecisionResult, RequestBulkDecision } from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { stepContext } from "./ask.ts";
import { assertMayDecide, type Decision, decideNow } from "./decide.ts";
import type { RequestOptions } from "./effects.ts";
import { eligiblePairs, pairKey } from "./eligibility.ts";
import type { RequestRow } from "./records.ts";
import { inSavepoint } from "./savepoint.ts";
import { requestSettings } from "./settings.ts";
import { lockRequests, noSuchRequest } from "./store.ts";

type Result = BulkDecisionResult["results"][number];

/** The (shift, person) pairs approving a request hands over. */
function takersOf(row: RequestRow): { shiftId: string; userId: string }[] {
  const pairs: { shiftId: string; userId: string }[] = [];
  const add = (shiftId: string | null, userId: string | null) => {
    if (shiftId && userId) pairs.push({ shiftId, userId });
  };
  if (row.kind === "claim") add(row.shift_id, row.author_id);
  if (row.kind === "cover") add(row.shift_id, row.taker_id);
  if (row.kind === "swap") {
    add(row.other_shift_id, row.author_id);
    add(row.shift_id, row.to_user_id);
  }
  return pairs;
}

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
  const locked = await lockRequests(tx, org, body.ids);
  const rows = new Map(locked.rows.map((row) => [row.id, row]));
  // The shifts as locked, until a decision of the list changes them (then they are read again).
  ctx.shifts = locked.shifts;
  if (body.decision === "approve") {
    // Who may take which shift, for every approval of the list in one query (approvals change who
    // works shifts, never their jobs, boards or who holds a job).
    const pairs = locked.rows.flatMap(takersOf);
    ctx.eligible = {
      checked: new Set(pairs.map((pair) => pairKey(pair.shiftId, pair.userId))),
      yes: await eligiblePairs(tx, org, pairs),
    };
  }
  const decision: Decision =
    body.decision === "approve" ? { approve: true } : { approve: false, reason: body.reason ?? "" };
  const outcome = body.decision === "approve" ? "approved" : "declined";
  const results: Result[] = [];
  for (const id of body.ids) {
    const scope = ctx.effects.scope();
    try {
      const row = rows.get(id.toLowerCase());
      if (!row) throw noSuchRequest();
      assertMayDecide(actor, row);
      // A decision earlier in the list may have changed it (another claim of the same shift): the
      // change is made only at the version read, else refused as no longer waiting.
      await inSavepoint(tx, () => decideNow({ ...ctx, effects: scope }, row, decision));
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
