import type { RequestKind, ShiftWarning } from "@workshift/contracts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { type ApplyContext, applyRequest } from "./apply.ts";
import { approversOf } from "./approvers.ts";
import type { RequestEffects } from "./effects.ts";
import type { RequestRow } from "./records.ts";
import { changeRequest } from "./store.ts";

/**
 * The steps that end a request's wait or hand it to the managers, each with
 * its audit entry, its messages and its live announcement (collected in the
 * effects, written when the transaction's work is done).
 */

export interface StepContext extends ApplyContext {
  tx: Tx;
  actor: Actor;
  effects: RequestEffects;
  now: Date;
  /** The organization's zone. */
  timeZone: string;
}

/** Who hears of a decision: the author, and the teammate a cover goes to or a swap is with. */
export function decisionAudience(row: RequestRow): string[] {
  const people = [row.author_id];
  if (row.kind === "cover" && row.taker_id) people.push(row.taker_id);
  if (row.kind === "swap" && row.to_user_id) people.push(row.to_user_id);
  return people;
}

/** A cover offered to every eligible teammate shows in many people's offers: every stream reloads. */
const offeredToEveryone = (row: RequestRow) => row.kind === "cover" && row.to_user_id === null;

/**
 * Approves: marks the request approved first (so applying it does not expire
 * it with the other requests on its shift), then applies it. Throws, with
 * nothing to keep, when the request no longer applies.
 */
export async function approveNow(
  ctx: StepContext,
  row: RequestRow,
  automatic: boolean,
  options: { warnings?: boolean } = {},
): Promise<{ row: RequestRow; warnings: ShiftWarning[] }> {
  const approved = await changeRequest(ctx.tx, row, {
    status: "approved",
    decided_by: automatic ? null : ctx.actor.userId,
    decided_at: ctx.now,
    decision_reason: null,
    automatic,
  });
  const warnings = await applyRequest(ctx, approved, options);
  ctx.effects.audit(automatic ? null : ctx.actor.userId, "request.approved", approved, {
    before: { status: row.status, version: row.version },
    after: { status: approved.status, automatic, version: approved.version },
  });
  ctx.effects.changed([approved], offeredToEveryone(row) && row.status === "offered" ? null : []);
  ctx.effects.tell({
    text: "approved",
    request: approved,
    // Whoever's step approved it at once saw it happen.
    to: decisionAudience(approved).filter((id) => id !== ctx.actor.userId),
    audience: "employee",
  });
  return { row: approved, warnings };
}

/** Declines, with the reason the author is told. */
export async function declineNow(ctx: StepContext, row: RequestRow, reason: string): Promise<RequestRow> {
  const declined = await changeRequest(ctx.tx, row, {
    status: "declined",
    decided_by: ctx.actor.userId,
    decided_at: ctx.now,
    decision_reason: reason,
    automatic: false,
  });
  ctx.effects.audit(ctx.actor.userId, "request.declined", declined, {
    before: { status: row.status, version: row.version },
    after: { status: declined.status, version: declined.version },
    reason,
  });
  ctx.effects.changed([declined], offeredToEveryone(row) && row.status === "offered" ? null : []);
  ctx.effects.tell({
    text: "declined",
    request: declined,
    to: decisionAudience(declined),
    audience: "employee",
    reason,
  });
  return declined;
}

/** A request now waits for a manager: everyone who decides its kind is told, its author excepted. */
export async function tellApprovers(ctx: StepContext, row: RequestRow): Promise<void> {
  const approvers = await approversOf(ctx.tx, ctx.actor.organizationId, row.kind as RequestKind);
  ctx.effects.tell({
    text: "waiting",
    request: row,
    to: approvers.filter((id) => id !== row.author_id),
    audience: "manager",
  });
}
