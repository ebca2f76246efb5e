/** The organizations the signed-in person belongs to, and choosing one (a new session for it). */
import type { SessionResponse } from "@workshift/contracts";
import { api } from "./api.ts";
import { startSession } from "./session.ts";

export interface OrganizationSummary {
  id: string;
  title: string;
  role: string;
}

/** GET /api/organizations[?search=] → { organizations }. */
export async function listOrganizations(search: string): Promise<OrganizationSummary[]> {
  const query = search.trim();
  const body = await api.get<{ organizations?: OrganizationSummary[] }>("/api/organizations", {
    params: query === "" ? undefined : { search: query },
  });
  return body?.organizations ?? [];
}

/** POST /api/organizations/select { organization_id } → { access, refresh, user } for that organization. */
export async function selectOrganization(organizationId: string): Promise<SessionResponse> {
  return startSession(await api.post("/api/organizations/select", { organization_id: organizationId }));
}
