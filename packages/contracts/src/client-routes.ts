/**
 * The single-page app's routes (spec §2). The server uses this list to answer
 * a known client path with 200 and an unknown one with 404 (both get the app,
 * which shows the not-found page for the latter); the web router is built from
 * the same paths so the two cannot drift apart.
 */
export const publicPaths = {
  root: "/",
  signup: "/signup",
  signin: "/signin",
  otp: "/otpscreen",
  selectOrganization: "/select-organization",
  activate: "/account/activate/:token",
  notFound: "/404",
} as const;

export const adminPaths = {
  overview: "/admin",
  users: "/admin/users",
  userEdit: "/admin/users/edit/:id",
  jobs: "/admin/jobs",
  timeClock: "/admin/time-clock/:id",
  timeOff: "/admin/time-off/:id",
  request: "/admin/request",
  jobsScheduling: "/admin/jobs-scheduling",
  schedulingDashboard: "/admin/jobs-scheduling-dashboard/:id",
} as const;

/** The self-service area of the people who work the shifts (EMPLOYEE), phone-first. */
export const employeePaths = {
  home: "/my",
  shifts: "/my/shifts",
  requests: "/my/requests",
  timeOff: "/my/time-off",
  profile: "/my/profile",
} as const;

/**
 * Development pages: only Vite's dev server has them. The built app, which the server serves, has
 * no route to them, so they are not client routes (the server answers them 404).
 */
export const devPaths = { outbox: "/dev/outbox" } as const;

const allPatterns: readonly string[] = [
  ...Object.values(publicPaths),
  ...Object.values(adminPaths),
  ...Object.values(employeePaths),
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(":") ? (got[i] ?? "") !== "" : segment === got[i]));
}

/** True when `path` (no query string; a trailing slash is ignored) is a page the app has. */
export function isClientRoute(path: string): boolean {
  const clean = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return allPatterns.some((pattern) => matches(pattern, clean));
}
