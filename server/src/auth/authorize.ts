import type { Permission, Role } from "@workshift/contracts";
import { effectivePermissions } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import type { Db } from "../lib/db/database.ts";
import { forbidden } from "../lib/http/errors.ts";
import { claimsOf } from "./authenticate.ts";
import { findUser, standingIn } from "./people.ts";

export { forbidden };

export interface Actor {
  userId: string;
  organizationId: string;
  role: Role;
  permissions: Permission[];
}

/**
 * Who is acting, in which organization, with what rights — read from the
 * database on every request (not trusted from the token), so a removed
 * membership or a withdrawn permission takes effect at once. Fails closed.
 */
export async function actorOf(db: Db, request: FastifyRequest): Promise<Actor> {
  const claims = claimsOf(request);
  if (claims.organizationId === null) throw forbidden("Choose an organization first");
  const user = await findUser(db, claims.userId);
  const standing = user ? await standingIn(db, user, claims.organizationId) : undefined;
  if (!standing) throw forbidden("You are not a member of this organization");
  return {
    userId: claims.userId,
    organizationId: claims.organizationId,
    role: standing.role,
    permissions: effectivePermissions(standing.role, standing.permissions),
  };
}

/** The actor, if their role is one of `roles` (spec §6: e.g. a platform ADMIN only reaches scheduling). */
export async function actorWithRole(db: Db, request: FastifyRequest, roles: readonly Role[]): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!roles.includes(actor.role)) throw forbidden();
  return actor;
}
