import type { Role } from "./auth.ts";

/**
 * Permission strings a supervisor can be given (spec §6 names view_scheduler
 * and view_timesheet; the others come with the features that need them).
 * An OWNER holds all of them; an EMPLOYEE none; a platform ADMIN the
 * scheduling ones of the organization it entered (spec §6 route guard).
 */
export const supervisorPermissions = [
  "view_scheduler",
  "manage_scheduler",
  "view_timesheet",
  "manage_timesheet",
  "approve_time_off",
  "manage_users",
] as const;
export type Permission = (typeof supervisorPermissions)[number];

const adminPermissions: readonly Permission[] = ["view_scheduler", "manage_scheduler"];

/** What a role holds in an organization, given the permissions granted to that membership. */
export function effectivePermissions(role: Role | null, granted: readonly string[] = []): Permission[] {
  switch (role) {
    case "OWNER":
      return [...supervisorPermissions];
    case "SUPERVISOR":
      return supervisorPermissions.filter((permission) => granted.includes(permission));
    case "ADMIN":
      return [...adminPermissions];
    default:
      return [];
  }
}
