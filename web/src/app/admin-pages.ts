import type { adminPaths } from "@workshift/contracts";
import { prefetchWeek } from "../features/schedule/week-prefetch.ts";
import { prefetchTimesheets } from "../features/time-clock/timesheets-prefetch.ts";
import { lazyRoute } from "./lazy-route.ts";

type AdminPage = keyof typeof adminPaths;
type RouteLazy = ReturnType<typeof lazyRoute>;

/**
 * Each admin page's component and translation namespaces, by page (one line
 * per page, so features add theirs without touching the router).
 */
export const adminPages: Record<AdminPage, RouteLazy> = {
  overview: lazyRoute(() => import("../features/overview/OverviewPage.tsx").then((m) => m.OverviewPage), ["overview"]),
  users: lazyRoute(
    () => import("../features/people/UsersPage.tsx").then((m) => m.UsersPage),
    ["people", "validation", "errors"],
  ),
  userEdit: lazyRoute(
    () => import("../features/people/PersonEditPage.tsx").then((m) => m.PersonEditPage),
    ["people", "validation", "errors"],
  ),
  jobs: lazyRoute(
    () => import("../features/jobs/JobsPage.tsx").then((m) => m.JobsPage),
    ["jobs", "validation", "errors"],
  ),
  timeClock: lazyRoute(() => {
    // The period's first page starts loading beside the page's code and texts, not after them.
    prefetchTimesheets();
    return import("../features/time-clock/TimeClockPage.tsx").then((m) => m.TimeClockPage);
  }, ["timeClock", "validation", "errors"]),
  timeOff: lazyRoute(
    () => import("../features/time-off/TimeOffPage.tsx").then((m) => m.TimeOffPage),
    ["timeOff", "timeOffSetup", "requests", "validation", "errors"],
  ),
  request: lazyRoute(
    () => import("../features/requests/RequestsPage.tsx").then((m) => m.RequestsPage),
    ["requests", "validation", "errors"],
  ),
  jobsScheduling: lazyRoute(
    () => import("../features/boards/BoardsPage.tsx").then((m) => m.BoardsPage),
    ["boards", "validation", "errors"],
  ),
  schedulingDashboard: lazyRoute(
    () => {
      // The week starts loading beside the page's code and texts, not after them.
      prefetchWeek();
      return import("../features/schedule/SchedulePage.tsx").then((m) => m.SchedulePage);
    },
    // Only the week's first screen's texts: the page loads its others (views, editor, errors) once idle.
    ["schedule", "scheduleEdit"],
  ),
};
