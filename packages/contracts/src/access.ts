import type { Role } from "./auth.ts";
import { adminPaths, employeePaths, publicPaths } from "./client-routes.ts";
import { type MemberRole, memberRoles } from "./member-roles.ts";
import { type Permission, supervisorPermissions } from "./permissions.ts";
import type { RequestKind } from "./requests.ts";

/**
 * Who may see and do what: the one access table. The server's guards, the
 * web's sidebar, route guard, buttons and pages, and the manual's "who may do
 * what" all read it; no other module tests a role name.
 *
 * A rule names the roles that hold it outright and, optionally, the
 * permission that gives it to a SUPERVISOR. `manage_X` implies `view_X`: the
 * implication is derived here (effectivePermissions), not stored, so a
 * supervisor granted manage_scheduler alone sees the schedule everywhere.
 */
interface Rule {
  roles: readonly Role[];
  supervisorWith?: Permission;
}

/** An action's rule, with what it allows in words (the manual's table is written from these). */
interface ActionRule extends Rule {
  means: string;
}

const everyone: readonly Role[] = ["OWNER", "SUPERVISOR", "EMPLOYEE", "ADMIN"];
const managers: readonly Role[] = ["OWNER", "SUPERVISOR"];

/** What a platform ADMIN holds in the organization it entered (spec §6: scheduling only). */
const adminPermissions: readonly Permission[] = ["view_scheduler", "manage_scheduler"];

/** `manage_X` gives `view_X` as well. */
const implied: Partial<Record<Permission, Permission>> = {
  manage_scheduler: "view_scheduler",
  manage_timesheet: "view_timesheet",
};

/** Everything the API and the app let someone do, each with its rule. */
export const actionRules = {
  "overview.view": {
    means: "See the overview at /admin (each part only to who may see its page).",
    roles: managers,
  },
  "people.view": {
    means: "See the team.",
    roles: managers,
  },
  "people.manage": {
    means: "Invite, change, archive and restore people (a supervisor: employees only).",
    roles: ["OWNER"],
    supervisorWith: "manage_users",
  },
  "people.grant": {
    means: "Give any role and grant permissions.",
    roles: ["OWNER"],
  },
  "jobs.view": {
    means: "See the jobs (the scheduling board lists them, so the platform ADMIN reads them too).",
    roles: ["OWNER", "SUPERVISOR", "ADMIN"],
  },
  "jobs.manage": {
    means: "Create, change, archive and restore jobs.",
    roles: ["OWNER"],
    supervisorWith: "manage_scheduler",
  },
  "schedule.view": {
    means: "See schedule boards, their weeks and months, shifts, templates, exports and live changes.",
    roles: ["OWNER", "ADMIN"],
    supervisorWith: "view_scheduler",
  },
  "schedule.manage": {
    means: "Change boards, shifts, rules and templates; copy, clear and publish weeks.",
    roles: ["OWNER", "ADMIN"],
    supervisorWith: "manage_scheduler",
  },
  "boards.list": {
    means: "List the boards for the sidebar (spec §7 job-schedulers/get).",
    roles: ["OWNER", "SUPERVISOR", "ADMIN"],
  },
  "timesheets.view": {
    means: "See the managers' time clock: live view, timesheets, history, exports.",
    roles: ["OWNER"],
    supervisorWith: "view_timesheet",
  },
  "timesheets.manage": {
    means: "Correct entries, approve, change the time clock's settings.",
    roles: ["OWNER"],
    supervisorWith: "manage_timesheet",
  },
  "timesheets.own": {
    means: "Correct or approve one's own time (everyone else leaves it to another manager).",
    roles: ["OWNER"],
  },
  "company.view": {
    means: "Read the company's details (Settings → Company).",
    roles: managers,
  },
  "company.manage": {
    means: "Change the company's details and settings.",
    roles: ["OWNER"],
  },
  "account.settings": {
    means: "Open one's own account settings (spec §2: not the platform ADMIN).",
    roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
  },
  "my.shifts": {
    means: "See one's published shifts, and read or revoke one's calendar feed.",
    roles: everyone,
  },
  "my.calendar": {
    means: "Make a calendar feed of one's shifts (the platform ADMIN has no shifts in others' companies).",
    roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
  },
  "my.clock": {
    means: "Clock in and out (the platform ADMIN has no time clock in others' companies).",
    roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
  },
  "timeOff.view": {
    means: "See the team calendar of time off, everyone's balances and their ledgers.",
    roles: managers,
  },
  "timeOff.approve": {
    means: "Decide time off and its cancellations; adjust a balance with a reason.",
    roles: ["OWNER"],
    supervisorWith: "approve_time_off",
  },
  "timeOff.manage": {
    means:
      "Set up time off: leave types, policies and who is on them, start dates, holidays, blocked dates, limits and settings.",
    roles: ["OWNER"],
  },
  "timeOff.own": {
    means: "Ask for time off, cancel it, and see one's own balances and ledger.",
    roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
  },
  "requests.own": {
    means:
      "Ask for open shifts, cover, swaps, availability and corrections of one's time; take or turn down what teammates offer; cancel one's own requests.",
    roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
  },
  "requests.view": {
    means: "Open the requests inbox and its count (each kind listed only to who may decide it).",
    roles: ["OWNER", "SUPERVISOR", "ADMIN"],
  },
  "requests.decideShifts": {
    means: "Decide claims of open shifts, cover, swaps and availability.",
    roles: ["OWNER", "ADMIN"],
    supervisorWith: "manage_scheduler",
  },
  "requests.decideTime": {
    means: "Decide corrections of time.",
    roles: ["OWNER"],
    supervisorWith: "manage_timesheet",
  },
  "requests.settings": {
    means: "Choose which requests need a manager, and the deadline before a shift.",
    roles: ["OWNER"],
  },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof actionRules;
export const actions = Object.keys(actionRules) as Action[];

export type AdminPage = keyof typeof adminPaths;

/** The admin area's pages (spec §6): who may open each; a sidebar item shows exactly when its page opens. */
export const pageRules = {
  overview: { roles: managers },
  users: { roles: managers },
  userEdit: { roles: managers },
  jobs: { roles: managers },
  timeClock: { roles: ["OWNER"], supervisorWith: "view_timesheet" },
  timeOff: { roles: managers },
  request: { roles: ["OWNER", "SUPERVISOR", "ADMIN"] },
  jobsScheduling: { roles: ["OWNER", "ADMIN"], supervisorWith: "view_scheduler" },
  schedulingDashboard: { roles: ["OWNER", "ADMIN"], supervisorWith: "view_scheduler" },
} as const satisfies Record<AdminPage, Rule>;

/** Sidebar items in the order shown (spec §2), each with the page it opens. */
export const navPages = {
  overview: "overview",
  users: "users",
  jobs: "jobs",
  timeClock: "timeClock",
  jobScheduling: "jobsScheduling",
  timeOff: "timeOff",
  request: "request",
} as const satisfies Record<string, AdminPage>;
export type NavItem = keyof typeof navPages;
export const navItems = Object.keys(navPages) as NavItem[];

/**
 * The permissions someone holds in an organization, given the role and what
 * their membership was granted: an OWNER all, a SUPERVISOR what was granted
 * (with what each implies), a platform ADMIN the scheduling ones, anyone else
 * none. Unknown strings are dropped.
 */
export function effectivePermissions(
  role: Role | string | null | undefined,
  granted: readonly string[] = [],
): Permission[] {
  let held: readonly Permission[];
  if (role === "OWNER") held = supervisorPermissions;
  else if (role === "ADMIN") held = adminPermissions;
  else if (role === "SUPERVISOR") held = supervisorPermissions.filter((p) => granted.includes(p));
  else held = [];
  const withImplied = new Set(held.flatMap((p) => [p, implied[p]].filter((q): q is Permission => q !== undefined)));
  return supervisorPermissions.filter((p) => withImplied.has(p));
}

/** Someone's standing as the table reads it: a role (or none) and the permissions granted to it. */
export interface Standing {
  /** A role name as the API gives it; anything that is not a role holds nothing. */
  role: Role | string | null | undefined;
  permissions?: readonly string[] | undefined;
}

function allows(rule: Rule, who: Standing): boolean {
  if (!who.role) return false;
  if ((rule.roles as readonly string[]).includes(who.role)) return true;
  return (
    who.role === "SUPERVISOR" &&
    rule.supervisorWith !== undefined &&
    effectivePermissions(who.role, who.permissions).includes(rule.supervisorWith)
  );
}

/** Whether someone may do `action`. Fails closed: no role, no right. */
export function can(who: Standing, action: Action): boolean {
  return allows(actionRules[action], who);
}

/** Whether someone may open an admin page. */
export function canOpenPage(who: Standing, page: AdminPage): boolean {
  return allows(pageRules[page], who);
}

/** The sidebar items someone sees, in order. */
export function visibleNavItems(who: Standing): NavItem[] {
  return navItems.filter((item) => canOpenPage(who, navPages[item]));
}

/**
 * The admin area's route guard (spec §6): whoever may open the overview
 * reaches every admin path (a page then shows what they may see there, or that
 * they may not); anyone else only the pages the table opens to them, and no
 * unknown path.
 */
export function mayVisitAdminPage(who: Standing, page: AdminPage | undefined): boolean {
  if (canOpenPage(who, "overview")) return true;
  return page !== undefined && canOpenPage(who, page);
}

/** Whether someone works in the admin area at all (else their home is /my). */
export function usesAdminArea(who: Standing): boolean {
  return Object.values(navPages).some((page) => canOpenPage(who, page));
}

/**
 * Where someone lands after choosing an organization, and where the
 * not-found page's "back home" leads (spec §2): the overview when they may
 * open it, else the scheduling page (the platform ADMIN), else their own
 * area (/my); without a role, sign-in.
 */
export function homePath(who: Standing): string {
  if (!who.role) return publicPaths.signin;
  if (canOpenPage(who, "overview")) return adminPaths.overview;
  if (canOpenPage(who, "jobsScheduling")) return adminPaths.jobsScheduling;
  return employeePaths.home;
}

/**
 * The roles someone may give, which are also the roles of the people they may
 * change: everyone for who may grant, EMPLOYEE only for who may otherwise
 * manage people, none for the rest.
 */
export function manageableRoles(who: Standing): MemberRole[] {
  if (!can(who, "people.manage")) return [];
  return can(who, "people.grant") ? [...memberRoles] : ["EMPLOYEE"];
}

/** Whether a membership of this role carries granted permissions at all (only a SUPERVISOR's do). */
export function roleTakesPermissions(role: string | null | undefined): boolean {
  return role === "SUPERVISOR";
}

/** The role whose holders own the organization (the last one cannot leave; spec §2's crown). */
export const OWNER_ROLE: MemberRole = "OWNER";
/** The role of a platform admin working in an organization it entered (spec §1). */
export const PLATFORM_ADMIN_ROLE: Role = "ADMIN";
/** The role a new person gets unless another is chosen. */
export const DEFAULT_MEMBER_ROLE: MemberRole = "EMPLOYEE";

/** Whether this role owns the organization (compared case-insensitively, as the header's crown is: spec §2). */
export function isOwnerRole(role: string | null | undefined): boolean {
  return role?.toUpperCase() === OWNER_ROLE;
}

/** Who decides each kind of request (the inbox lists a kind only to who may decide it). */
export const requestDeciders = {
  claim: "requests.decideShifts",
  cover: "requests.decideShifts",
  swap: "requests.decideShifts",
  availability: "requests.decideShifts",
  correction: "requests.decideTime",
  time_off: "timeOff.approve",
  time_off_cancel: "timeOff.approve",
} as const satisfies Record<RequestKind, Action>;

/** The kinds of request someone may decide, in the contracts' order. */
export function decidableRequestKinds(who: Standing): RequestKind[] {
  return (Object.keys(requestDeciders) as RequestKind[]).filter((kind) => can(who, requestDeciders[kind]));
}

/**
 * What each admin page calls to show itself: whoever may open a page may make
 * these calls (a test holds the table to it), so no page opens onto a refusal.
 */
export const pageActions = {
  overview: ["overview.view"],
  users: ["people.view"],
  userEdit: ["people.view"],
  jobs: ["jobs.view"],
  timeClock: ["timesheets.view"],
  timeOff: ["timeOff.view"],
  request: ["requests.view"],
  jobsScheduling: ["schedule.view", "jobs.view"],
  schedulingDashboard: ["schedule.view", "jobs.view"],
} as const satisfies Record<AdminPage, readonly Action[]>;

/**
 * Every kind of standing the table distinguishes, for tests that check a
 * surface against it: OWNER, the platform ADMIN, a SUPERVISOR with no
 * permission, with each alone and with all, and an EMPLOYEE.
 */
export function accessStandings(): { name: string; role: Role; permissions: Permission[] }[] {
  return [
    { name: "OWNER", role: "OWNER", permissions: [] },
    { name: "ADMIN", role: "ADMIN", permissions: [] },
    { name: "SUPERVISOR with nothing", role: "SUPERVISOR", permissions: [] },
    ...supervisorPermissions.map((p) => ({
      name: `SUPERVISOR with ${p}`,
      role: "SUPERVISOR" as const,
      permissions: [p],
    })),
    { name: "SUPERVISOR with everything", role: "SUPERVISOR", permissions: [...supervisorPermissions] },
    { name: "EMPLOYEE", role: "EMPLOYEE", permissions: [] },
  ];
}
