import { can, type RequestKind, requestDeciders } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Who decides a kind of request: every active member the access table lets
 * decide it (requestDeciders), read from their role and granted permissions.
 */
export async function approversOf(tx: Tx, organizationId: string, kind: RequestKind): Promise<string[]> {
  const members = await tx
    .selectFrom("memberships")
    .select(["user_id", "role", "permissions"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "active")
    .execute();
  const action = requestDeciders[kind];
  return members.filter((member) => can(member, action)).map((member) => member.user_id);
}
