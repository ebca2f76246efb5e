/** The overview's call (the shape is the contracts' overview.ts). */

import { useQuery } from "@tanstack/react-query";
import { type OverviewResponse, overviewResponseSchema } from "@workshift/contracts";
import { api } from "../../lib/api.ts";

/** Every overview query starts with "overview"; the organization is part of the key (switching refetches). */
export const overviewKeys = {
  all: ["overview"] as const,
  of: (organizationId: string) => ["overview", organizationId] as const,
};

/** The figures move on their own (people clock in, the day goes by): read again every minute. */
export const OVERVIEW_REFRESH_MS = 60_000;

/** GET /api/overview → the manager's day at a glance, each part as the person's permissions allow. */
export async function fetchOverview(signal?: AbortSignal): Promise<OverviewResponse> {
  return overviewResponseSchema.parse(await api.get<unknown>("/api/overview", { signal }));
}

/**
 * The overview of the signed-in person's organization: read again every
 * minute while the tab is shown and when the window regains focus (someone
 * back from the floor sees the present, not the morning).
 */
export function useOverview(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: overviewKeys.of(organizationId ?? ""),
    queryFn: ({ signal }) => fetchOverview(signal),
    enabled: Boolean(organizationId),
    staleTime: 15_000,
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
