import type { Tx } from "../lib/db/tenancy.ts";

export type PeopleAction =
  | "people.invite"
  | "people.update"
  | "people.archive"
  | "people.restore"
  | "people.import"
  | "invitation.resend"
  | "invitation.revoke"
  | "invitation.accept";

/** One audit record, written in the caller's transaction (so it exists if and only if the change does). */
export async function audit(
  tx: Tx,
  entry: {
    organizationId: string;
    actorUserId: string | null;
    action: PeopleAction;
    targetId: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx
    .insertInto("audit_log")
    .values({
      organization_id: entry.organizationId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.action === "people.import" ? "organization" : "user",
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
