import { type MemberRole, memberRoles, type PermissionTable, supervisorPermissions } from "@workshift/contracts";
import type { FastifyRequest } from "fastify";
import { type Actor, actorOf, forbidden } from "../auth/authorize.ts";
import type { Db } from "../lib/db/database.ts";

/**
 * Who may do what with the team, in one place (the server enforces it; GET
 * /api/people/permissions sends the caller's share to the client, which only
 * hides what would be refused):
 * - viewing people: OWNER and any SUPERVISOR;
 * - managing: OWNER (everyone, every role and permission), and SUPERVISOR
 *   with manage_users, who invites, edits, archives and restores EMPLOYEEs
 *   only and grants no role or permission;
 * - EMPLOYEE and platform ADMIN: nothing.
 */
export function canViewPeople(actor: Pick<Actor, "role">): boolean {
  return actor.role === "OWNER" || actor.role === "SUPERVISOR";
}

export function canManagePeople(actor: Pick<Actor, "role" | "permissions">): boolean {
  return actor.role === "OWNER" || (actor.role === "SUPERVISOR" && actor.permissions.includes("manage_users"));
}

/** Roles the actor may give, and roles of the people the actor may change: the same set. */
export function manageableRoles(actor: Pick<Actor, "role" | "permissions">): MemberRole[] {
  if (actor.role === "OWNER") return [...memberRoles];
  if (canManagePeople(actor)) return ["EMPLOYEE"];
  return [];
}

export function canGrantPermissions(actor: Pick<Actor, "role">): boolean {
  return actor.role === "OWNER";
}

export function permissionTableFor(actor: Pick<Actor, "role" | "permissions">): PermissionTable {
  const roles = manageableRoles(actor);
  return {
    roles: [...memberRoles],
    permissions: [...supervisorPermissions],
    can_manage: canManagePeople(actor),
    assignable_roles: roles,
    manageable_roles: roles,
    can_grant_permissions: canGrantPermissions(actor),
  };
}

/** The actor, if they may see the team; 403 otherwise. */
export async function peopleViewer(db: Db, request: FastifyRequest): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!canViewPeople(actor)) throw forbidden();
  return actor;
}

/** The actor, if they may manage the team at all; 403 otherwise. */
export async function peopleManager(db: Db, request: FastifyRequest): Promise<Actor> {
  const actor = await actorOf(db, request);
  if (!canManagePeople(actor)) throw forbidden();
  return actor;
}

/** 403 unless the actor may change a person who holds `role`. */
export function assertMayManage(actor: Actor, role: MemberRole): void {
  if (!manageableRoles(actor).includes(role)) throw forbidden("You cannot change people with this role");
}

/** 403 unless the actor may give `role` and (when any) `permissions`. */
export function assertMayAssign(
  actor: Actor,
  role: MemberRole | undefined,
  permissions: readonly string[] | undefined,
) {
  if (role !== undefined && !manageableRoles(actor).includes(role)) {
    throw forbidden("You cannot give this role");
  }
  if (permissions !== undefined && permissions.length > 0 && !canGrantPermissions(actor)) {
    throw forbidden("You cannot grant permissions");
  }
}
