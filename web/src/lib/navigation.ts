import { adminPaths, employeePaths, publicPaths, timesheetAccess } from "@workshift/contracts";

/**
 * The admin area's navigation rules (spec §2, §6) as plain functions: which
 * sidebar items a role sees, which admin pages it may open, where each item
 * links and which item a path belongs to. The sidebar, the route guard and
 * their tests all read these.
 */

export type AdminPage = keyof typeof adminPaths;

/** Sidebar items, in the order they are shown. */
export const navItems = ["overview", "users", "jobs", "timeClock", "jobScheduling", "timeOff", "request"] as const;
export type NavItem = (typeof navItems)[number];

/** A job scheduler (schedule board) as GET /api/company/job-schedulers/get lists it, oldest first. */
export interface JobScheduler {
  id: string;
  name: string;
  is_archived: boolean;
}

/** Stands in for a scheduler id in the sidebar links when the organization has none (spec §2). */
export const NO_SCHEDULER = "all";

const has = (permissions: readonly string[] | undefined, permission: string) =>
  permissions?.includes(permission) ?? false;

/**
 * Spec §6: Job scheduling for OWNER, ADMIN, and SUPERVISOR with view_scheduler;
 * Time clock for whoever the contracts' timesheetAccess lets see timesheets
 * (OWNER, SUPERVISOR with view_timesheet or manage_timesheet; never ADMIN); Time
 * off hidden from ADMIN; ADMIN otherwise only Request. SUPERVISOR and OWNER
 * see the overview, users and jobs. Anyone else (EMPLOYEE, no role) sees nothing.
 */
export function isNavItemVisible(
  item: NavItem,
  role: string | null | undefined,
  permissions: readonly string[] | undefined,
): boolean {
  const owner = role === "OWNER";
  const supervisor = role === "SUPERVISOR";
  const admin = role === "ADMIN";
  switch (item) {
    case "overview":
    case "users":
    case "jobs":
    case "timeOff":
      return owner || supervisor;
    case "timeClock":
      return timesheetAccess(role, permissions).view;
    case "jobScheduling":
      return owner || admin || (supervisor && has(permissions, "view_scheduler"));
    case "request":
      return owner || supervisor || admin;
  }
}

export function visibleNavItems(
  role: string | null | undefined,
  permissions: readonly string[] | undefined,
): NavItem[] {
  return navItems.filter((item) => isNavItemVisible(item, role, permissions));
}

/** "/admin/users/" → "/admin/users" (the router treats both alike). */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/** Whether a path fits a route pattern such as "/admin/time-off/:id" (a parameter is one non-empty segment). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const got = withoutTrailingSlash(pathname).split("/");
  if (want.length !== got.length) return false;
  return want.every((segment, index) => {
    const actual = got[index] ?? "";
    return segment.startsWith(":") ? actual !== "" : segment === actual;
  });
}

/** Which admin page a path is, or undefined for an unknown path (shown as not found). */
export function adminPageOf(pathname: string): AdminPage | undefined {
  const pages = Object.keys(adminPaths) as AdminPage[];
  return pages.find((page) => matchesPattern(adminPaths[page], pathname));
}

/** The pages a platform admin may open (spec §6 route guard). */
const adminRolePages: readonly AdminPage[] = ["request", "jobsScheduling", "schedulingDashboard"];

/**
 * The route guard of spec §6: ADMIN reaches only /admin/request,
 * /admin/jobs-scheduling and /admin/jobs-scheduling-dashboard/{id}, anything
 * else sends it to /404. OWNER and SUPERVISOR are not restricted by it (an
 * unknown path then shows the not-found page inside the frame; what a page
 * shows by permission is the page's and the API's business). Without a role,
 * or as an EMPLOYEE, the admin area is closed.
 */
export function canVisit(role: string | null | undefined, pathname: string): boolean {
  switch (role) {
    case "OWNER":
    case "SUPERVISOR":
      return true;
    case "ADMIN": {
      const page = adminPageOf(pathname);
      return page !== undefined && adminRolePages.includes(page);
    }
    default:
      return false;
  }
}

/**
 * Where the admin frame sends a signed-in person instead of showing a path, or
 * null to show it: no role yet → choose an organization; an EMPLOYEE → their
 * own area (/my), from any admin path; a path the role may not open → /404.
 */
export function adminRedirect(role: string | null | undefined, pathname: string): string | null {
  if (!role) return publicPaths.selectOrganization;
  if (role === "EMPLOYEE") return employeePaths.home;
  return canVisit(role, pathname) ? null : publicPaths.notFound;
}

/** Which sidebar item a page belongs to (an edited user is under Users, a schedule under Job scheduling). */
export const navItemOfPage: Record<AdminPage, NavItem> = {
  overview: "overview",
  users: "users",
  userEdit: "users",
  jobs: "jobs",
  timeClock: "timeClock",
  timeOff: "timeOff",
  request: "request",
  jobsScheduling: "jobScheduling",
  schedulingDashboard: "jobScheduling",
};

/** The sidebar item to mark as current for a path, if any. */
export function activeNavItem(pathname: string): NavItem | undefined {
  const page = adminPageOf(pathname);
  return page === undefined ? undefined : navItemOfPage[page];
}

/** A pattern with its ":id" filled in. */
function withId(pattern: string, id: string): string {
  return pattern.replace(":id", encodeURIComponent(id));
}

/** The id the sidebar's `{id}` links use: the first job scheduler that is not archived, else "all" (spec §2). */
export function defaultSchedulerId(schedulers: readonly JobScheduler[] | undefined): string {
  return schedulers?.find((scheduler) => !scheduler.is_archived)?.id ?? NO_SCHEDULER;
}

/** The schedule boards the "Schedules" submenu lists: those not archived, in the order given (oldest first). */
export function activeSchedulers(schedulers: readonly JobScheduler[] | undefined): JobScheduler[] {
  return (schedulers ?? []).filter((scheduler) => !scheduler.is_archived);
}

export function schedulingDashboardPath(id: string): string {
  return withId(adminPaths.schedulingDashboard, id);
}

/** Where a sidebar item links; `schedulerId` fills the `{id}` of time clock and time off. */
export function navItemPath(item: NavItem, schedulerId: string): string {
  switch (item) {
    case "overview":
      return adminPaths.overview;
    case "users":
      return adminPaths.users;
    case "jobs":
      return adminPaths.jobs;
    case "timeClock":
      return withId(adminPaths.timeClock, schedulerId);
    case "jobScheduling":
      return adminPaths.jobsScheduling;
    case "timeOff":
      return withId(adminPaths.timeOff, schedulerId);
    case "request":
      return adminPaths.request;
  }
}
