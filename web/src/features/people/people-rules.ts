import {
  can,
  type MemberRole,
  manageableRoles,
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
 * Who may do what with the team, as the client shows it: the access table's
 * answers, or the server's own table (GET /api/people/permissions) once it
 * has answered. The server decides (it reads role and permissions from the
 * database on every request); these only hide controls it would refuse.
 */
export interface Actor {
  /** The signed-in person's id in this organization (as the team names people). */
  person_id: string | null;
  role: string | null | undefined;
  permissions: readonly string[] | undefined;
}

/** Whether the actor may invite, change, archive and restore anyone at all. */
export function canManagePeople(actor: Actor | null | undefined): boolean {
  return actor ? can(actor, "people.manage") : false;
}

/** The roles the actor can give: the server's table when it has answered, else the access table's. */
export function assignableRoles(actor: Actor | null | undefined, table?: TeamPowers): MemberRole[] {
  if (table) return memberRoles.filter((role) => table.assignable_roles.includes(role));
  return actor ? manageableRoles(actor) : [];
}

/** The permissions the actor can grant a supervisor (only who may grant, grants any). */
export function grantablePermissions(actor: Actor | null | undefined, table?: TeamPowers): Permission[] {
  if (table) {
    return table.can_grant_permissions
      ? supervisorPermissions.filter((permission) => table.permissions.includes(permission))
      : [];
  }
  return actor && can(actor, "people.grant") ? [...supervisorPermissions] : [];
}

/**
 * Whether the actor can change this person: the roles they may manage (who
 * may grant, everyone, the server keeping the last owner; a supervisor with
 * manage_users the employees). Oneself only for who may grant.
 */
export function canEditPerson(
  actor: Actor | null | undefined,
  person: Pick<Person, "id" | "role">,
  table?: TeamPowers,
): boolean {
  if (!actor) return false;
  if (person.id === actor.person_id && !can(actor, "people.grant")) return false;
  if (table) return table.can_manage && table.manageable_roles.includes(person.role);
  return manageableRoles(actor).includes(person.role);
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
