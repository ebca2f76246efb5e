import { adminPaths, publicPaths } from "@workshift/contracts";

/**
 * Where "home" is for a role (spec §2): platform admins only work in job
 * scheduling, every other signed-in role starts at the overview, and a visitor
 * who is not signed in goes to sign-in.
 */
export function homePathForRole(role: string | undefined): string {
  if (!role) return publicPaths.signin;
  return role === "ADMIN" ? adminPaths.jobsScheduling : adminPaths.overview;
}
