/** The organizations the signed-in person belongs to, and choosing one (a new session for it). */
import type { SessionResponse } from "@workshift/contracts";
import { api } from "./api.ts";
import { startSession } from "./session.ts";

export interface OrganizationSummary {
  id: string;
  title: string;
  role: string;
  /** The one this account last entered. */
  last_used: boolean;
}

export interface OrganizationChoices {
  organizations: OrganizationSummary[];
  /** A search finds every organization (a platform admin), not only the person's own. */
  searchAll: boolean;
}

/** GET /api/organizations[?search=] → { organizations, search_all }. */
export async function organizationChoices(search: string): Promise<OrganizationChoices> {
  const query = search.trim();
  const body = await api.get<{ organizations?: OrganizationSummary[]; search_all?: boolean }>("/api/organizations", {
    params: query === "" ? undefined : { search: query },
  });
  return { organizations: body?.organizations ?? [], searchAll: body?.search_all === true };
}

/** The organizations alone. */
export async function listOrganizations(search: string): Promise<OrganizationSummary[]> {
  return (await organizationChoices(search)).organizations;
}

/** POST /api/organizations/select { organization_id } → { access, refresh, user } for that organization. */
export async function selectOrganization(organizationId: string): Promise<SessionResponse> {
  return startSession(await api.post("/api/organizations/select", { organization_id: organizationId }));
}
