import type { OrganizationSummary } from "../../lib/organizations-api.ts";

/** The organization last entered first (the one most people want again), the rest as the server ordered them. */
export function lastUsedFirst(organizations: readonly OrganizationSummary[]): OrganizationSummary[] {
  const last = organizations.filter((organization) => organization.last_used);
  return [...last, ...organizations.filter((organization) => !organization.last_used)];
}

/**
 * The organization to enter without asking, right after the code: the only
 * one. Never for a platform admin, who chooses among every organization
 * (searching), nor for someone with none or several (the picker asks).
 */
export function organizationToEnter(choices: {
  organizations: readonly { id: string }[];
  searchAll: boolean;
}): string | null {
  if (choices.searchAll) return null;
  const [only, ...others] = choices.organizations;
  return only !== undefined && others.length === 0 ? only.id : null;
}
