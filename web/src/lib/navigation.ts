import {
  type AdminPage,
  adminPaths,
  canOpenPage,
  homePath,
  mayVisitAdminPage,
  type NavItem,
  navPages,
  publicPaths,
  usesAdminArea,
  visibleNavItems as visibleOnSidebar,
} from "@workshift/contracts";

/**
 * The admin area's navigation (spec §2, §6): which sidebar items someone sees
 * and which admin pages they may open, both read from the access table in
 * contracts; where each item links and which item a path belongs to. The
 * sidebar, the route guard and their tests all read these.
 */

export type { AdminPage, NavItem } from "@workshift/contracts";
export { navItems } from "@workshift/contracts";

/** A job scheduler (schedule board) as GET /api/company/job-schedulers/get lists it, oldest first. */
export interface JobScheduler {
  id: string;
  name: string;
  is_archived: boolean;
}

/** Stands in for a scheduler id in the sidebar links when the organization has none (spec §2). */
export const NO_SCHEDULER = "all";

/** Whether a sidebar item shows: exactly when the access table lets its page open (spec §6). */
export function isNavItemVisible(
  item: NavItem,
  role: string | null | undefined,
  permissions: readonly string[] | undefined,
): boolean {
  return canOpenPage({ role, permissions }, navPages[item]);
}

/** The sidebar items someone sees, in order. */
export function visibleNavItems(
  role: string | null | undefined,
  permissions: readonly string[] | undefined,
): NavItem[] {
  return visibleOnSidebar({ role, permissions });
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

/** The route guard of spec §6, from the access table (see mayVisitAdminPage). */
export function canVisit(role: string | null | undefined, pathname: string): boolean {
  return mayVisitAdminPage({ role }, adminPageOf(pathname));
}

/**
 * Where the admin frame sends a signed-in person instead of showing a path, or
 * null to show it: no role yet → choose an organization; someone with no page
 * of the admin area (an EMPLOYEE) → their home (/my), from any admin path; a
 * path the guard refuses → /404.
 */
export function adminRedirect(role: string | null | undefined, pathname: string): string | null {
  if (!role) return publicPaths.selectOrganization;
  if (!usesAdminArea({ role })) return homePath({ role });
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
