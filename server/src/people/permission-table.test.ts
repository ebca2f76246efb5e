import { describe, expect, it } from "vitest";
import type { Actor } from "../lib/access/actor.ts";
import { assertMayAssign, assertMayManage, permissionTableFor } from "./permission-table.ts";

const actor = (role: Actor["role"], permissions: Actor["permissions"] = []): Actor => ({
  userId: "u",
  organizationId: "o",
  role,
  permissions,
});

describe("the team's permission table", () => {
  it.each([
    [actor("OWNER"), true, ["OWNER", "SUPERVISOR", "EMPLOYEE"], true],
    [actor("SUPERVISOR", ["manage_users"]), true, ["EMPLOYEE"], false],
    [actor("SUPERVISOR", ["view_scheduler"]), false, [], false],
    [actor("EMPLOYEE"), false, [], false],
    [actor("ADMIN", ["view_scheduler", "manage_scheduler"]), false, [], false],
  ])("%o: manage %s, roles %o, grants %s", (who, manage, roles, grants) => {
    expect(permissionTableFor(who)).toEqual({
      roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
      permissions: expect.arrayContaining(["manage_users", "view_scheduler"]),
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
