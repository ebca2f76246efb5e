/**
 * The team's calls (paths in the contracts' people.ts) and the jobs
 * and schedule boards they refer to. Each resolves to the answer's body.
 */
import type {
  Board,
  BoardsResponse,
  ImportPreview,
  InviteBody,
  Job,
  JobsResponse,
  PeopleResponse,
  PermissionTable,
  Person,
  PersonUpdate,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import type { PeopleQueryParams } from "./people-query.ts";

export const peopleKeys = {
  all: ["people"] as const,
  lists: () => ["people", "list"] as const,
  list: (params: Omit<PeopleQueryParams, "page">) => ["people", "list", params] as const,
  person: (id: string) => ["people", "person", id] as const,
  permissions: () => ["people", "permissions"] as const,
};

/** GET /api/people?search=&role=&status=&job_id=&board_id=&sort=&page=&page_size= → one page of the team. */
export function fetchPeople(params: PeopleQueryParams): Promise<PeopleResponse> {
  return api.get<PeopleResponse>("/api/people", { params });
}

/** GET /api/people/:id → { person }. */
export async function fetchPerson(id: string): Promise<Person> {
  return (await api.get<{ person: Person }>(`/api/people/${encodeURIComponent(id)}`)).person;
}

/** GET /api/people/permissions: what the signed-in person may do with the team (roles to give, people to change). */
export function fetchPermissionTable(): Promise<PermissionTable> {
  return api.get<PermissionTable>("/api/people/permissions");
}

/** POST /api/people/invite → 201 { person }. */
export async function invitePerson(body: InviteBody): Promise<Person> {
  return (await api.post<{ person: Person }, InviteBody>("/api/people/invite", body)).person;
}

/** PATCH /api/people/:id → { person }. */
export async function updatePerson(id: string, body: PersonUpdate): Promise<Person> {
  return (await api.patch<{ person: Person }, PersonUpdate>(`/api/people/${encodeURIComponent(id)}`, body)).person;
}

/** POST /api/people/:id/archive or /restore → { person }. */
export async function setArchived(id: string, archived: boolean): Promise<Person> {
  const action = archived ? "archive" : "restore";
  return (await api.post<{ person: Person }>(`/api/people/${encodeURIComponent(id)}/${action}`)).person;
}

/** POST /api/people/:id/invitation/resend → { person } (a new link; the old one stops working). */
export async function resendInvitation(id: string): Promise<Person> {
  return (await api.post<{ person: Person }>(`/api/people/${encodeURIComponent(id)}/invitation/resend`)).person;
}

/** DELETE /api/people/:id/invitation → { person } (the link stops working). */
export async function revokeInvitation(id: string): Promise<Person> {
  return (await api.delete<{ person: Person }>(`/api/people/${encodeURIComponent(id)}/invitation`)).person;
}

/** POST /api/people/import/preview { csv } → the rows as they would be imported, each with its problems. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return api.post<ImportPreview, { csv: string }>("/api/people/import/preview", { csv });
}

/** POST /api/people/import { csv } → 201 { imported }, or 422 with the preview in the error body (nothing saved). */
export async function importPeople(csv: string): Promise<number> {
  return (await api.post<{ imported: number }, { csv: string }>("/api/people/import", { csv })).imported;
}

/** A job as the people pages need it (GET /api/jobs answers more). */
export type JobRef = Pick<Job, "id" | "name" | "color" | "is_archived">;

/** A schedule board as the people pages need it (GET /api/boards answers more). */
export type BoardRef = Pick<Board, "id" | "name" | "is_archived">;

export const jobsQueryKey = ["jobs", "refs"] as const;
export const boardsQueryKey = ["boards", "refs"] as const;

/** GET /api/jobs?include_archived=true → { jobs } (archived ones too: people may still hold them; forms offer the others). */
export async function fetchJobs(): Promise<JobRef[]> {
  const body = await api.get<JobsResponse | null>("/api/jobs", { params: { include_archived: "true" } });
  return body?.jobs ?? [];
}

/** GET /api/boards?include_archived=true → { boards }. */
export async function fetchBoards(): Promise<BoardRef[]> {
  const body = await api.get<BoardsResponse | null>("/api/boards", { params: { include_archived: "true" } });
  return body?.boards ?? [];
}
