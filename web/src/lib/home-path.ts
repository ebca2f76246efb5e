import { adminPaths, employeePaths, publicPaths } from "@workshift/contracts";

/**
 * Where "home" is for a role (spec §2): platform admins only work in job
 * scheduling, the people who work the shifts (EMPLOYEE) in their own area
 * (/my), owners and supervisors start at the overview, and a visitor who is
 * not signed in goes to sign-in.
 */
export function homePathForRole(role: string | undefined): string {
  if (!role) return publicPaths.signin;
  if (role === "ADMIN") return adminPaths.jobsScheduling;
  if (role === "EMPLOYEE") return employeePaths.home;
  return adminPaths.overview;
}
