import { describe, expect, it } from "vitest";
import {
  accessStandings,
  actions,
  adminPaths,
  can,
  canOpenPage,
  effectivePermissions,
  homePath,
  manageableRoles,
  pageActions,
  usesAdminArea,
  visibleNavItems,
} from "./index.ts";

const supervisor = (...permissions: string[]) => ({ role: "SUPERVISOR", permissions });

describe("the access table", () => {
  it("derives view_X from manage_X, for supervisors and everywhere", () => {
    expect(effectivePermissions("SUPERVISOR", ["manage_scheduler"])).toEqual(["view_scheduler", "manage_scheduler"]);
    expect(effectivePermissions("SUPERVISOR", ["manage_timesheet"])).toEqual(["view_timesheet", "manage_timesheet"]);
    expect(can(supervisor("manage_scheduler"), "schedule.view")).toBe(true);
    expect(visibleNavItems(supervisor("manage_scheduler"))).toContain("jobScheduling");
    expect(can(supervisor("manage_timesheet"), "timesheets.view")).toBe(true);
    expect(visibleNavItems(supervisor("manage_timesheet"))).toContain("timeClock");
  });

  it("gives an OWNER every permission, a platform ADMIN the scheduling ones, others only what was granted", () => {
    expect(effectivePermissions("OWNER")).toHaveLength(6);
    expect(effectivePermissions("ADMIN", ["manage_users"])).toEqual(["view_scheduler", "manage_scheduler"]);
    expect(effectivePermissions("EMPLOYEE", ["manage_users"])).toEqual([]);
    expect(effectivePermissions("SUPERVISOR", ["manage_users", "made_up"])).toEqual(["manage_users"]);
    expect(effectivePermissions(null, ["manage_users"])).toEqual([]);
  });

  it("shows the sidebar of spec §6", () => {
    expect(visibleNavItems({ role: "OWNER" })).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "jobScheduling",
      "timeOff",
      "request",
    ]);
    expect(visibleNavItems({ role: "ADMIN" })).toEqual(["jobScheduling", "request"]);
    expect(visibleNavItems(supervisor())).toEqual(["overview", "users", "jobs", "timeOff", "request"]);
    expect(visibleNavItems(supervisor("view_scheduler", "view_timesheet"))).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "jobScheduling",
      "timeOff",
      "request",
    ]);
    expect(visibleNavItems({ role: "EMPLOYEE" })).toEqual([]);
    expect(visibleNavItems({ role: undefined })).toEqual([]);
  });

  it("lets a platform ADMIN open only requests and scheduling (spec §6 route guard)", () => {
    const pages = (Object.keys(adminPaths) as (keyof typeof adminPaths)[]).filter((p) =>
      canOpenPage({ role: "ADMIN" }, p),
    );
    expect(pages).toEqual(["request", "jobsScheduling", "schedulingDashboard"]);
  });

  it("fails closed: no role or an unknown one holds nothing", () => {
    for (const action of actions) {
      expect(can({ role: null }, action)).toBe(false);
      expect(can({ role: "owner" }, action)).toBe(false);
      expect(can({ role: "ROOT", permissions: ["manage_users"] }, action)).toBe(false);
    }
  });

  it("lets a supervisor with manage_users change employees only, and only an owner grant", () => {
    expect(manageableRoles({ role: "OWNER" })).toEqual(["OWNER", "SUPERVISOR", "EMPLOYEE"]);
    expect(manageableRoles(supervisor("manage_users"))).toEqual(["EMPLOYEE"]);
    expect(manageableRoles(supervisor("manage_scheduler"))).toEqual([]);
    expect(manageableRoles({ role: "ADMIN" })).toEqual([]);
    expect(can(supervisor("manage_users"), "people.grant")).toBe(false);
  });

  it("sends each standing home where spec §2 says", () => {
    expect(homePath({ role: "OWNER" })).toBe("/admin");
    expect(homePath(supervisor())).toBe("/admin");
    expect(homePath({ role: "ADMIN" })).toBe("/admin/jobs-scheduling");
    expect(homePath({ role: "EMPLOYEE" })).toBe("/my");
    expect(homePath({ role: null })).toBe("/signin");
  });

  it("never opens a page onto a refusal: whoever may open a page may make its calls", () => {
    for (const standing of accessStandings()) {
      for (const [page, needs] of Object.entries(pageActions)) {
        if (!canOpenPage(standing, page as keyof typeof pageActions)) continue;
        for (const action of needs)
          expect([standing.name, page, action, can(standing, action)]).toEqual([standing.name, page, action, true]);
      }
      if (usesAdminArea(standing)) expect([standing.name, can(standing, "boards.list")]).toEqual([standing.name, true]);
    }
  });
});
