import {
  can,
  type MemberRole,
  manageableRoles,
  memberRoles,
  type PermissionTable,
  supervisorPermissions,
} from "@workshift/contracts";
import { type Actor, assertCan } from "../lib/access/actor.ts";
import { forbidden } from "../lib/http/errors.ts";

/**
 * The team's share of the access table, as GET /api/people/permissions sends
 * it: the client only hides what the server would refuse.
 */
export function permissionTableFor(actor: Actor): PermissionTable {
  const roles = manageableRoles(actor);
  return {
    roles: [...memberRoles],
    permissions: [...supervisorPermissions],
    can_manage: can(actor, "people.manage"),
    assignable_roles: roles,
    manageable_roles: roles,
    can_grant_permissions: can(actor, "people.grant"),
  };
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
): void {
  if (role !== undefined && !manageableRoles(actor).includes(role)) throw forbidden("You cannot give this role");
  if (permissions !== undefined && permissions.length > 0)
    assertCan(actor, "people.grant", "You cannot grant permissions");
}
