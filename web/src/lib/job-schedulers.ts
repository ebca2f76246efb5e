import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./api.ts";
import type { JobScheduler } from "./navigation.ts";

export const jobSchedulersQueryKey = ["company", "job-schedulers"] as const;

/** GET /api/company/job-schedulers/get → { job_schedulers: [{ id, name, is_archived }] }, oldest first. */
export async function fetchJobSchedulers(): Promise<JobScheduler[]> {
  const body = await api.get<{ job_schedulers?: JobScheduler[] } | null>("/api/company/job-schedulers/get");
  return body?.job_schedulers ?? [];
}

/**
 * The organization's schedule boards, for the sidebar's `{id}` links and its
 * Schedules submenu. Until they load (or when they cannot), links use "all".
 */
export function useJobSchedulers() {
  const query = useQuery({ queryKey: jobSchedulersQueryKey, queryFn: fetchJobSchedulers, staleTime: 5 * 60_000 });
  useEffect(() => {
    if (query.error) console.warn("The schedule boards could not be loaded; the sidebar links to all", query.error);
  }, [query.error]);
  return query;
}
