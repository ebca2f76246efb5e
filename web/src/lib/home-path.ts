import { homePath } from "@workshift/contracts";

/**
 * Where "home" is for a role (spec §2), as the access table says: the
 * overview for owners and supervisors, job scheduling for the platform admin,
 * their own area (/my) for the people who work the shifts, sign-in for a
 * visitor who is not signed in. No home depends on permissions.
 */
export function homePathForRole(role: string | undefined): string {
  return homePath({ role });
}
