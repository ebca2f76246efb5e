/** The jobs page's calls (issue #5; shapes in the contracts' jobs.ts). Each resolves to the answer's body. */
import type { Job, JobCreate, JobsQuery, JobUpdate } from "@workshift/contracts";
import { api } from "../../lib/api.ts";

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

/** POST /api/jobs → { job }. */
export async function createJob(body: JobCreate): Promise<Job> {
  return (await api.post<{ job: Job }, JobCreate>("/api/jobs", body)).job;
}

/** PATCH /api/jobs/:id → { job }. */
export async function updateJob(id: string, body: JobUpdate): Promise<Job> {
  return (await api.patch<{ job: Job }, JobUpdate>(`/api/jobs/${encodeURIComponent(id)}`, body)).job;
}

/** POST /api/jobs/:id/archive or /restore → { job }. */
export async function setJobArchived(id: string, archived: boolean): Promise<Job> {
  const action = archived ? "archive" : "restore";
  return (await api.post<{ job: Job }>(`/api/jobs/${encodeURIComponent(id)}/${action}`)).job;
}
