/**
 * Roles a member can hold in an organization (ADMIN is the platform's, never given here).
 * A file of its own: the access table needs these names, and every page loads the access
 * table, while the team's schemas beside them in people.ts would bring zod to /signin.
 */
export const memberRoles = ["OWNER", "SUPERVISOR", "EMPLOYEE"] as const;
export type MemberRole = (typeof memberRoles)[number];
