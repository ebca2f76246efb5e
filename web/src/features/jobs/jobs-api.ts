/** The jobs page's writes (shapes in the contracts' jobs.ts); the list is lib/jobs-query.ts. Each resolves to the answer's body. */
import type { Job, JobCreate, JobUpdate } from "@workshift/contracts";
import { api } from "../../lib/api.ts";

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
