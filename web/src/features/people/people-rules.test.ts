import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  canEditPerson,
  canManagePeople,
  fullName,
  grantablePermissions,
  invitationState,
} from "./people-rules.ts";

const owner = { person_id: "o", role: "OWNER", permissions: [] };
const manager = { person_id: "m", role: "SUPERVISOR", permissions: ["manage_users"] };
const supervisor = { person_id: "s", role: "SUPERVISOR", permissions: ["view_scheduler"] };
const employee = { person_id: "e", role: "EMPLOYEE", permissions: [] };

describe("who manages the team", () => {
  it("is an owner, or a supervisor with manage_users", () => {
    expect(canManagePeople(owner)).toBe(true);
    expect(canManagePeople(manager)).toBe(true);
    expect(canManagePeople(supervisor)).toBe(false);
    expect(canManagePeople(employee)).toBe(false);
    expect(canManagePeople({ person_id: "a", role: "ADMIN", permissions: ["view_scheduler"] })).toBe(false);
    expect(canManagePeople(undefined)).toBe(false);
  });

  it("offers an owner every role, a supervisor with manage_users only EMPLOYEE", () => {
    expect(assignableRoles(owner)).toEqual(["OWNER", "SUPERVISOR", "EMPLOYEE"]);
    expect(assignableRoles(manager)).toEqual(["EMPLOYEE"]);
    expect(assignableRoles(supervisor)).toEqual([]);
  });

  it("follows the server's table when it has answered, in the usual order", () => {
    const table = {
      permissions: ["view_scheduler", "manage_users"] as const,
      can_manage: true,
      assignable_roles: ["EMPLOYEE", "OWNER"] as const,
      manageable_roles: ["EMPLOYEE"] as const,
      can_grant_permissions: true,
    };
    const powers = {
      ...table,
      permissions: [...table.permissions],
      assignable_roles: [...table.assignable_roles],
      manageable_roles: [...table.manageable_roles],
    };
    expect(assignableRoles(owner, powers)).toEqual(["OWNER", "EMPLOYEE"]);
    expect(grantablePermissions(owner, powers)).toEqual(["view_scheduler", "manage_users"]);
    expect(grantablePermissions(owner, { ...powers, can_grant_permissions: false })).toEqual([]);
    expect(grantablePermissions(owner)).toHaveLength(6);
    expect(grantablePermissions(manager)).toEqual([]);
    expect(canEditPerson(manager, { id: "x", role: "EMPLOYEE" }, powers)).toBe(true);
    expect(canEditPerson(manager, { id: "x", role: "OWNER" }, powers)).toBe(false);
    expect(canEditPerson(supervisor, { id: "x", role: "EMPLOYEE" }, { ...powers, can_manage: false })).toBe(false);
  });

  it("lets a supervisor with manage_users change employees only, never themselves", () => {
    expect(canEditPerson(owner, { id: "x", role: "OWNER" })).toBe(true);
    expect(canEditPerson(owner, { id: "o", role: "OWNER" })).toBe(true);
    expect(canEditPerson(manager, { id: "x", role: "EMPLOYEE" })).toBe(true);
    expect(canEditPerson(manager, { id: "x", role: "SUPERVISOR" })).toBe(false);
    expect(canEditPerson(manager, { id: "m", role: "EMPLOYEE" })).toBe(false);
    expect(canEditPerson(supervisor, { id: "x", role: "EMPLOYEE" })).toBe(false);
  });
});

describe("a person's details", () => {
  it("names a person by both names, or the one given", () => {
    expect(fullName({ first_name: "Rana", last_name: "Haddad" })).toBe("Rana Haddad");
    expect(fullName({ first_name: "Rana", last_name: "" })).toBe("Rana");
  });

  it("tells a live invitation from an expired one", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(invitationState(null, now)).toBeNull();
    expect(invitationState({ live: true, expires_at: "2026-03-17T12:00:00Z" }, now)).toBe("pending");
    expect(invitationState({ live: false, expires_at: "2026-03-17T12:00:00Z" }, now)).toBe("expired");
    expect(invitationState({ live: true, expires_at: "2026-03-10T11:59:59Z" }, now)).toBe("expired");
    expect(invitationState({ live: false, revoked: true, expires_at: "2026-03-17T12:00:00Z" }, now)).toBe("revoked");
  });
});
