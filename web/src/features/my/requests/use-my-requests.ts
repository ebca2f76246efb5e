import { useQuery } from "@tanstack/react-query";
import { myKeys } from "../my-api.ts";
import { fetchMyRequests } from "./requests-api.ts";

/**
 * My requests, what teammates ask of me and what I said yes to: one query
 * that every part of /my reads (the sections, the navigation's counts), so an
 * answer or a live change updates them all.
 */
export function useMyRequests(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: myKeys.requests(organizationId),
    queryFn: ({ signal }) => fetchMyRequests(signal),
    enabled,
    staleTime: 30_000,
  });
}
