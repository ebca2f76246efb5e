import { adminPaths } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  activeNavItem,
  activeSchedulers,
  adminPageOf,
  adminRedirect,
  canVisit,
  defaultSchedulerId,
  matchesPattern,
  navItemPath,
  schedulingDashboardPath,
  visibleNavItems,
} from "./navigation.ts";

describe("visibleNavItems (spec §6)", () => {
  it("shows an owner everything", () => {
    expect(visibleNavItems("OWNER", [])).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "jobScheduling",
      "timeOff",
      "request",
    ]);
  });

  it("shows a platform admin only job scheduling and requests", () => {
    expect(visibleNavItems("ADMIN", ["view_scheduler", "view_timesheet"])).toEqual(["jobScheduling", "request"]);
    expect(visibleNavItems("ADMIN", [])).toEqual(["jobScheduling", "request"]);
  });

  it("shows a supervisor time clock and job scheduling only with their permissions", () => {
    expect(visibleNavItems("SUPERVISOR", [])).toEqual(["overview", "users", "jobs", "timeOff", "request"]);
    expect(visibleNavItems("SUPERVISOR", ["view_scheduler"])).toEqual([
      "overview",
      "users",
      "jobs",
      "jobScheduling",
      "timeOff",
      "request",
    ]);
    expect(visibleNavItems("SUPERVISOR", ["view_timesheet"])).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "timeOff",
      "request",
    ]);
    // Managing timesheets includes seeing them (the contracts' timesheetAccess).
    expect(visibleNavItems("SUPERVISOR", ["manage_timesheet"])).toEqual([
      "overview",
      "users",
      "jobs",
      "timeClock",
      "timeOff",
      "request",
    ]);
    expect(visibleNavItems("SUPERVISOR", ["manage_scheduler"])).not.toContain("timeClock");
  });

  it("shows nothing to an employee, a person without a role, or an unknown role", () => {
    expect(visibleNavItems("EMPLOYEE", ["view_scheduler"])).toEqual([]);
    expect(visibleNavItems(undefined, [])).toEqual([]);
    expect(visibleNavItems(null, undefined)).toEqual([]);
    expect(visibleNavItems("owner", [])).toEqual([]);
  });
});

describe("canVisit (spec §6 route guard)", () => {
  const everyPage = [
    "/admin",
    "/admin/users",
    "/admin/users/edit/42",
    "/admin/jobs",
    "/admin/time-clock/all",
    "/admin/time-off/7",
    "/admin/request",
    "/admin/jobs-scheduling",
    "/admin/jobs-scheduling-dashboard/all",
  ];

  it("lets a platform admin reach only requests and job scheduling", () => {
    const allowed = everyPage.filter((path) => canVisit("ADMIN", path));
    expect(allowed).toEqual(["/admin/request", "/admin/jobs-scheduling", "/admin/jobs-scheduling-dashboard/all"]);
    expect(canVisit("ADMIN", "/admin/request/")).toBe(true);
    expect(canVisit("ADMIN", "/admin/jobs-scheduling-dashboard/")).toBe(false);
    expect(canVisit("ADMIN", "/admin/nope")).toBe(false);
  });

  it("does not restrict owners and supervisors, unknown admin paths included", () => {
    for (const path of [...everyPage, "/admin/nope"]) {
      expect(canVisit("OWNER", path), path).toBe(true);
      expect(canVisit("SUPERVISOR", path), path).toBe(true);
    }
  });

  it("closes the admin area to employees and to people without a role", () => {
    expect(canVisit("EMPLOYEE", "/admin")).toBe(false);
    expect(canVisit(undefined, "/admin/request")).toBe(false);
    expect(canVisit(null, "/admin/request")).toBe(false);
  });
});

describe("the admin frame's redirects", () => {
  it("sends an employee to their own area from any admin path", () => {
    const paths = Object.values(adminPaths).map((pattern) => pattern.replace(":id", "1"));
    for (const path of [...paths, "/admin/nope"]) expect(adminRedirect("EMPLOYEE", path), path).toBe("/my");
  });

  it("sends someone without a role to choose an organization", () => {
    expect(adminRedirect(undefined, "/admin")).toBe("/select-organization");
    expect(adminRedirect(null, "/admin/users")).toBe("/select-organization");
  });

  it("sends a platform admin outside its pages to /404, and lets owners and supervisors in", () => {
    expect(adminRedirect("ADMIN", "/admin/users")).toBe("/404");
    expect(adminRedirect("ADMIN", "/admin/request")).toBeNull();
    expect(adminRedirect("OWNER", "/admin/users/edit/1")).toBeNull();
    expect(adminRedirect("SUPERVISOR", "/admin")).toBeNull();
  });
});

describe("paths", () => {
  it("match patterns segment by segment", () => {
    expect(matchesPattern("/admin/time-off/:id", "/admin/time-off/all")).toBe(true);
    expect(matchesPattern("/admin/time-off/:id", "/admin/time-off")).toBe(false);
    expect(matchesPattern("/admin/time-off/:id", "/admin/time-off/a/b")).toBe(false);
    expect(matchesPattern("/admin", "/admin/")).toBe(true);
  });

  it("name every admin page and nothing else", () => {
    expect(adminPageOf("/admin")).toBe("overview");
    expect(adminPageOf("/admin/users/edit/5")).toBe("userEdit");
    expect(adminPageOf("/admin/jobs-scheduling-dashboard/x")).toBe("schedulingDashboard");
    expect(adminPageOf("/admin/users/edit")).toBeUndefined();
    expect(adminPageOf("/admin/whatever")).toBeUndefined();
    for (const [page, pattern] of Object.entries(adminPaths)) {
      expect(adminPageOf(pattern.replace(":id", "1"))).toBe(page);
    }
  });

  it("mark the sidebar item a page belongs to", () => {
    expect(activeNavItem("/admin")).toBe("overview");
    expect(activeNavItem("/admin/users/edit/9")).toBe("users");
    expect(activeNavItem("/admin/time-clock/all")).toBe("timeClock");
    expect(activeNavItem("/admin/jobs-scheduling-dashboard/3")).toBe("jobScheduling");
    expect(activeNavItem("/admin/jobs-scheduling")).toBe("jobScheduling");
    expect(activeNavItem("/admin/unknown")).toBeUndefined();
  });
});

describe("links with {id} (spec §2)", () => {
  const boards = [
    { id: "a", name: "Old", is_archived: true },
    { id: "b", name: "Kitchen", is_archived: false },
    { id: "c", name: "Bar", is_archived: false },
  ];

  it("use the first job scheduler that is not archived", () => {
    expect(defaultSchedulerId(boards)).toBe("b");
    expect(navItemPath("timeClock", defaultSchedulerId(boards))).toBe("/admin/time-clock/b");
    expect(navItemPath("timeOff", defaultSchedulerId(boards))).toBe("/admin/time-off/b");
  });

  it("use the word all when there is none", () => {
    expect(defaultSchedulerId([])).toBe("all");
    expect(defaultSchedulerId(undefined)).toBe("all");
    expect(defaultSchedulerId([{ id: "a", name: "Old", is_archived: true }])).toBe("all");
    expect(navItemPath("timeOff", "all")).toBe("/admin/time-off/all");
  });

  it("list the boards that are not archived, in order, for the Schedules submenu", () => {
    expect(activeSchedulers(boards).map((board) => board.id)).toEqual(["b", "c"]);
    expect(schedulingDashboardPath("c")).toBe("/admin/jobs-scheduling-dashboard/c");
    expect(schedulingDashboardPath("a b")).toBe("/admin/jobs-scheduling-dashboard/a%20b");
  });

  it("link the other items to their pages", () => {
    expect(navItemPath("overview", "x")).toBe("/admin");
    expect(navItemPath("users", "x")).toBe("/admin/users");
    expect(navItemPath("jobs", "x")).toBe("/admin/jobs");
    expect(navItemPath("jobScheduling", "x")).toBe("/admin/jobs-scheduling");
    expect(navItemPath("request", "x")).toBe("/admin/request");
  });
});
