/** The organization's jobs as the jobs and boards pages list them (shapes in the contracts' jobs.ts). */
import type { Job, JobsQuery } from "@workshift/contracts";
import { api } from "./api.ts";

/** Every jobs query starts with "jobs", so one invalidation refreshes them all (the people pages' too). */
export const jobKeys = {
  all: ["jobs"] as const,
  list: (query: { search: string; includeArchived: boolean }) => ["jobs", "list", query] as const,
};

/** GET /api/jobs?search=&include_archived= → { jobs }. */
export async function fetchJobs(query: { search?: string; includeArchived?: boolean } = {}): Promise<Job[]> {
  const params: JobsQuery = {};
  if (query.search) params.search = query.search;
  if (query.includeArchived) params.include_archived = "true";
  return (await api.get<{ jobs: Job[] }>("/api/jobs", { params })).jobs;
}
