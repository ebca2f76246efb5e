import {
  type Action,
  can,
  effectivePermissions,
  type Permission,
  PLATFORM_ADMIN_ROLE,
  type Role,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { AccessClaims } from "../../auth/access-token.ts";
import { tokenInvalid } from "../../auth/authenticate.ts";
import { isSessionLive, sessionLive } from "../../auth/sessions.ts";
import type { Tx } from "../db/tenancy.ts";
import { forbidden } from "../http/errors.ts";

/** Who is acting, in which organization, with what rights, as read inside the request's transaction. */
export interface Actor {
  userId: string;
  organizationId: string;
  role: Role;
  permissions: Permission[];
}

/** 403 unless the actor may also do `action` (a finer right than the route's own, e.g. granting permissions). */
export function assertCan(actor: Actor, action: Action, why?: string): void {
  if (!can(actor, action)) throw forbidden(why);
}

/**
 * The caller's standing in the transaction's organization: their active
 * membership, or ADMIN for a platform admin who is not a member. Fails closed:
 * 403 token_invalid when the token's session has ended (logged out, or ended
 * by an archive), whatever the token's own expiry says; 403 forbidden for
 * someone who is not (or no longer) a member.
 *
 * The session is read in the same statement as the membership (a member's
 * request costs no extra round trip) and without a lock: a request that
 * started before the session ended may finish, none that starts after it.
 *
 * The membership row is read FOR KEY SHARE: it does not hold up the person's
 * other requests (their punches lock it FOR NO KEY UPDATE), but it does hold
 * up anyone taking their rights away (who locks it FOR UPDATE first), so a
 * write either commits before the withdrawal or, started after it, reads the
 * new rights and is refused. A platform admin's user row is read FOR SHARE for
 * the same reason (removal is an UPDATE of that row). A read (`lock: false`,
 * inTenantRead) takes neither lock: it has no write to order against a
 * withdrawal, and a read replica takes no row locks.
 */
export async function readActor(
  tx: Tx,
  claims: AccessClaims,
  organizationId: string,
  { lock }: { lock: boolean } = { lock: true },
): Promise<Actor> {
  const query = tx
    .selectFrom("memberships")
    .select(["role", "permissions", sessionLive(claims.sessionId).as("session_live")])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", claims.userId)
    .where("status", "=", "active");
  const membership = await (lock ? query.forKeyShare() : query).executeTakeFirst();
  if (membership ? !membership.session_live : !(await isSessionLive(tx, claims.sessionId))) throw tokenInvalid();
  if (membership) {
    return {
      userId: claims.userId,
      organizationId,
      role: membership.role,
      permissions: effectivePermissions(membership.role, membership.permissions),
    };
  }
  const admin = await sql<{ id: string }>`
    select id from users where id = ${claims.userId} and is_platform_admin ${lock ? sql`for share` : sql``}
  `.execute(tx);
  if (admin.rows.length === 0) throw forbidden("You are not a member of this organization");
  return {
    userId: claims.userId,
    organizationId,
    role: PLATFORM_ADMIN_ROLE,
    permissions: effectivePermissions(PLATFORM_ADMIN_ROLE),
  };
}
