import {
  type MemberRole,
  memberRoles,
  type Permission,
  type PermissionTable,
  type Person,
  supervisorPermissions,
} from "@workshift/contracts";

/** The part of GET /api/people/permissions these rules read. */
export type TeamPowers = Pick<
  PermissionTable,
  "permissions" | "can_manage" | "assignable_roles" | "manageable_roles" | "can_grant_permissions"
>;

/**
 * Who may do what with the team, as the client shows it. The server decides
 * (it reads role and permissions from the database on every request); these
 * only hide controls it would refuse.
 */
export interface Actor {
  id: string;
  role: string | null | undefined;
  permissions: readonly string[] | undefined;
}

/** An OWNER, or a SUPERVISOR given manage_users. */
export function canManagePeople(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  if (actor.role === "OWNER") return true;
  return actor.role === "SUPERVISOR" && (actor.permissions ?? []).includes("manage_users");
}

/**
 * The roles the actor can give: the server's table when it has answered,
 * otherwise what the rules say (an owner any role, a supervisor with
 * manage_users only EMPLOYEE).
 */
export function assignableRoles(actor: Actor | null | undefined, table?: TeamPowers): MemberRole[] {
  if (table) return memberRoles.filter((role) => table.assignable_roles.includes(role));
  if (!canManagePeople(actor)) return [];
  return actor?.role === "OWNER" ? [...memberRoles] : ["EMPLOYEE"];
}

/** The permissions the actor can grant a supervisor (only an owner grants any). */
export function grantablePermissions(actor: Actor | null | undefined, table?: TeamPowers): Permission[] {
  if (table) {
    return table.can_grant_permissions
      ? supervisorPermissions.filter((permission) => table.permissions.includes(permission))
      : [];
  }
  return actor?.role === "OWNER" ? [...supervisorPermissions] : [];
}

/**
 * Whether the actor can change this person: the server's table names the
 * roles they may manage (an owner everyone, the server keeping the last
 * owner; a supervisor with manage_users the employees). Never oneself unless
 * an owner.
 */
export function canEditPerson(
  actor: Actor | null | undefined,
  person: Pick<Person, "id" | "role">,
  table?: TeamPowers,
): boolean {
  if (!actor) return false;
  if (person.id === actor.id && actor.role !== "OWNER") return false;
  if (table) return table.can_manage && table.manageable_roles.includes(person.role);
  if (!canManagePeople(actor)) return false;
  return actor.role === "OWNER" || person.role === "EMPLOYEE";
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(" ");
}

/** The state of an invitation link at a moment: still usable, revoked by a manager, or expired (both can be resent). */
export function invitationState(
  invitation: { live: boolean; expires_at: string; revoked?: boolean } | null,
  now = Date.now(),
): "pending" | "expired" | "revoked" | null {
  if (!invitation) return null;
  if (invitation.revoked) return "revoked";
  return invitation.live && Date.parse(invitation.expires_at) > now ? "pending" : "expired";
}
