import type { RequestClosedCode, RequestKind } from "@workshift/contracts";
import { sql } from "kysely";
import { recordAudits } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceRequestChange } from "./announce.ts";

/** A shift as the expiry compares it: before a change, and after (null: deleted or waiting for removal). */
interface ShiftState {
  id: string;
  job_scheduler_id: string;
  user_id: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  deleted_at?: Date | string | null;
}

export interface ShiftChange {
  before: ShiftState;
  after: ShiftState | null;
}

const ms = (value: Date | string) => new Date(value).getTime();

/** Why the requests on a shift can no longer apply after this change; null when they still can (a note, a job). */
export function closingCode({ before, after }: ShiftChange): RequestClosedCode | null {
  if (after === null || (after.deleted_at !== null && after.deleted_at !== undefined)) return "shift_gone";
  if (
    after.job_scheduler_id !== before.job_scheduler_id ||
    ms(after.starts_at) !== ms(before.starts_at) ||
    ms(after.ends_at) !== ms(before.ends_at)
  ) {
    return "shift_changed";
  }
  return after.user_id === before.user_id ? null : "shift_taken";
}

/**
 * Closes the waiting requests (claims, offers, swaps) on shifts a manager
 * deleted, moved (times or board) or gave to someone else, as expired with
 * the reason: what they asked for no longer exists. A request being approved
 * is no longer waiting when its own change runs, so only the others close.
 * Called by every write that changes shifts, in its transaction; the change
 * is audited and announced.
 */
export async function expireRequestsOnShifts(
  tx: Tx,
  organizationId: string,
  changes: readonly ShiftChange[],
  actorId: string | null,
): Promise<void> {
  const byCode = new Map<RequestClosedCode, string[]>();
  for (const change of changes) {
    const code = closingCode(change);
    if (code) byCode.set(code, [...(byCode.get(code) ?? []), change.before.id]);
  }
  if (byCode.size === 0) return;
  const closed: { id: string; kind: string; author_id: string; to_user_id: string | null; taker_id: string | null }[] =
    [];
  for (const [code, ids] of byCode) {
    const rows = await tx
      .updateTable("requests")
      .set({ status: "expired", closed_code: code, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where("organization_id", "=", organizationId)
      .where("status", "in", ["offered", "pending"])
      .where((eb) =>
        eb.or([
          eb("shift_id", "=", sql<string>`any(${ids}::uuid[])`),
          eb("other_shift_id", "=", sql<string>`any(${ids}::uuid[])`),
        ]),
      )
      .returning(["id", "kind", "author_id", "to_user_id", "taker_id"])
      .execute();
    closed.push(...rows);
    await recordAudits(
      tx,
      { organizationId, userId: actorId },
      rows.map((row) => ({
        action: "request.expired",
        targetType: "request",
        targetId: row.id,
        after: { status: "expired", closed_code: code },
      })),
    );
  }
  if (closed.length === 0) return;
  await announceRequestChange(tx, organizationId, {
    request_ids: closed.map((row) => row.id),
    kinds: closed.map((row) => row.kind as RequestKind),
    // A cover offered to everyone leaves every eligible teammate's offers.
    user_ids: closed.some((row) => row.kind === "cover" && row.to_user_id === null)
      ? []
      : closed.flatMap((row) =>
          [row.author_id, row.to_user_id, row.taker_id].filter((id): id is string => id !== null),
        ),
    actor_id: actorId,
  });
}
