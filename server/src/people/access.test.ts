import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/authorize.ts";
import { assertMayAssign, assertMayManage, canManagePeople, canViewPeople, permissionTableFor } from "./access.ts";

const actor = (role: Actor["role"], permissions: Actor["permissions"] = []): Actor => ({
  userId: "u",
  organizationId: "o",
  role,
  permissions,
});

describe("the team's permission table", () => {
  it.each([
    [actor("OWNER"), true, true, ["OWNER", "SUPERVISOR", "EMPLOYEE"], true],
    [actor("SUPERVISOR", ["manage_users"]), true, true, ["EMPLOYEE"], false],
    [actor("SUPERVISOR", ["view_scheduler"]), true, false, [], false],
    [actor("EMPLOYEE"), false, false, [], false],
    [actor("ADMIN", ["view_scheduler", "manage_scheduler"]), false, false, [], false],
  ])("%o: view %s, manage %s, roles %o, grants %s", (who, view, manage, roles, grants) => {
    expect(canViewPeople(who)).toBe(view);
    expect(canManagePeople(who)).toBe(manage);
    expect(permissionTableFor(who)).toMatchObject({
      can_manage: manage,
      assignable_roles: roles,
      manageable_roles: roles,
      can_grant_permissions: grants,
    });
  });

  it("refuses a supervisor any role but EMPLOYEE and any permission", () => {
    const manager = actor("SUPERVISOR", ["manage_users"]);
    expect(() => assertMayAssign(manager, "EMPLOYEE", [])).not.toThrow();
    expect(() => assertMayAssign(manager, undefined, undefined)).not.toThrow();
    expect(() => assertMayAssign(manager, "SUPERVISOR", undefined)).toThrow(/role/);
    expect(() => assertMayAssign(manager, "EMPLOYEE", ["view_scheduler"])).toThrow(/permissions/);
    expect(() => assertMayManage(manager, "OWNER")).toThrow();
    expect(() => assertMayManage(manager, "EMPLOYEE")).not.toThrow();
    expect(() => assertMayManage(actor("OWNER"), "OWNER")).not.toThrow();
  });
});
