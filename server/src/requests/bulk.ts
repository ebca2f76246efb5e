import type { BulkDecisionResult, RequestBulkDecision, TimeOffShiftAction } from "@workshift/contracts";
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
import { takenRefusal } from "./shift-target.ts";
import { lockRequests, noSuchRequest, notWaitingRefusal } from "./store.ts";

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

const createdAt = (row: RequestRow) => new Date(row.created_at).getTime();

/**
 * The list's positions in the order they are decided: the claims of one
 * shift are taken oldest first (created_at, then id) in the places they
 * hold, so the first to ask wins whatever order the ids came in; every other
 * request keeps its place.
 */
export function decisionOrder(ids: readonly string[], rows: ReadonlyMap<string, RequestRow>): number[] {
  const rowAt = (index: number) => rows.get((ids[index] as string).toLowerCase());
  const claimsOf = new Map<string, number[]>();
  ids.forEach((_, index) => {
    const row = rowAt(index);
    if (row?.kind !== "claim" || !row.shift_id) return;
    const positions = claimsOf.get(row.shift_id);
    if (positions) positions.push(index);
    else claimsOf.set(row.shift_id, [index]);
  });
  const order = ids.map((_, index) => index);
  for (const positions of claimsOf.values()) {
    const oldestFirst = [...positions].sort((a, b) => {
      const [first, second] = [rowAt(a) as RequestRow, rowAt(b) as RequestRow];
      return createdAt(first) - createdAt(second) || first.id.localeCompare(second.id);
    });
    positions.forEach((position, k) => {
      order[position] = oldestFirst[k] as number;
    });
  }
  return order;
}

/**
 * POST /api/requests/decisions: each request decided on its own, in a
 * savepoint, so one that no longer applies is refused with its code and
 * rolls back alone. Claims of the same shift are decided oldest first
 * (decisionOrder); once one is approved, the others are refused as taken.
 * Ids the actor may not decide are refused as not_found. Every shift they are about, then the requests, are locked first, each in
 * id order (the order of every writer), so a bulk decision waits for a
 * manager's edit or the other way round, never both; the audit entries,
 * messages and announcement are written once at the end.
 */
export async function decideMany(
  tx: Tx,
  actor: Actor,
  body: {
    ids: string[];
    decision: RequestBulkDecision["decision"];
    reason?: string | undefined;
    shifts?: TimeOffShiftAction | undefined;
  },
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
    body.decision === "approve"
      ? { approve: true, shifts: body.shifts }
      : { approve: false, reason: body.reason ?? "" };
  const outcome = body.decision === "approve" ? "approved" : "declined";
  const results: Result[] = new Array(body.ids.length);
  const decided = new Set<string>();
  const claimed = new Set<string>();
  for (const index of decisionOrder(body.ids, rows)) {
    const id = body.ids[index] as string;
    const scope = ctx.effects.scope();
    try {
      const row = rows.get(id.toLowerCase());
      if (!row) throw noSuchRequest();
      assertMayDecide(actor, row);
      // Decided earlier in the list (its id twice), or its shift went to an older claim of the list:
      // the change would be refused at the version read; say why.
      if (decided.has(row.id)) throw notWaitingRefusal();
      if (decision.approve && row.kind === "claim" && row.shift_id && claimed.has(row.shift_id)) throw takenRefusal();
      await inSavepoint(tx, () => decideNow({ ...ctx, effects: scope }, row, decision));
      ctx.effects.keep(scope);
      decided.add(row.id);
      if (decision.approve && row.kind === "claim" && row.shift_id) claimed.add(row.shift_id);
      results[index] = { id, outcome, code: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results[index] = { id, outcome: "refused", code: error.code };
    }
  }
  const notified = await ctx.effects.flush(tx);
  return { results, notified };
}
