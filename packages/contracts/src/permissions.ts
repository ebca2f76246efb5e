/**
 * Permission strings a supervisor can be given (spec §6 names view_scheduler
 * and view_timesheet; the others come with the features that need them).
 * What each role holds, and what each permission allows, is the access table
 * (access.ts).
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
