import type { OrganizationChoices, OrganizationSummary } from "../../lib/organizations-api.ts";

/** The organization last entered first (the one most people want again), the rest as the server ordered them. */
export function lastUsedFirst(organizations: readonly OrganizationSummary[]): OrganizationSummary[] {
  const last = organizations.filter((organization) => organization.last_used);
  return [...last, ...organizations.filter((organization) => !organization.last_used)];
}

/**
 * The organization to enter without asking: the only one of someone who has
 * not entered one yet in this session (just signed in). Never for a search,
 * and never for a platform admin, who chooses among every organization.
 */
export function organizationToEnter(
  choices: OrganizationChoices,
  { searched, currentOrganizationId }: { searched: boolean; currentOrganizationId: string | null },
): string | null {
  if (searched || choices.searchAll || currentOrganizationId !== null) return null;
  const [only, ...others] = choices.organizations;
  return only !== undefined && others.length === 0 ? only.id : null;
}
