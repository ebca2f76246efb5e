/**
 * The requests inbox's calls, in one place (shapes in the contracts'
 * requests.ts): the list with each request's impact, deciding one or many,
 * and the organization's request settings. The count and the live stream the
 * sidebar shares are in lib/requests-live.ts.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type {
  BulkDecisionResult,
  CompanyDetails,
  InboxQuery,
  InboxResponse,
  Job,
  PeopleQuery,
  PeopleResponse,
  RequestBulkDecision,
  RequestKind,
  RequestResponse,
  RequestSettings,
  TimeOffShiftAction,
} from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { fetchJobs } from "../../lib/jobs-query.ts";
import { requestKeys } from "../../lib/requests-live.ts";
import { type InboxFilters, inboxQuery } from "./inbox-filters.ts";

const id = (value: string) => encodeURIComponent(value);

export const inboxKeys = {
  /** Starts with requestKeys.all, so an event or a decision refreshes every loaded list and the count. */
  list: (filters: InboxFilters, kinds: readonly RequestKind[] | null) =>
    [...requestKeys.all, "inbox", filters, kinds] as const,
  /** Apart from requestKeys.all: a live event must not reload the settings under a manager editing them. */
  settings: ["requestSettings"] as const,
  jobs: ["requestJobs"] as const,
  zone: ["requestZone"] as const,
  people: (search: string) => ["requestPeople", search] as const,
};

/** GET /api/requests?… → a page of requests with their impact, the next page's cursor, the kinds one decides. */
export function fetchInbox(query: InboxQuery, signal?: AbortSignal): Promise<InboxResponse> {
  return api.get<InboxResponse>("/api/requests", { params: query, signal });
}

/**
 * The inbox for these filters, a page at a time ("Load more" asks for the
 * next one by its cursor). `kinds` is what the manager decides, as the access
 * table says before the first answer and as the server says after it.
 */
export function useInbox(filters: InboxFilters, kinds: readonly RequestKind[] | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(filters, kinds),
    queryFn: ({ pageParam, signal }) => fetchInbox(inboxQuery(filters, kinds, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
    staleTime: 15_000,
  });
}

/**
 * POST /api/requests/:id/approve with the version read → the request as decided;
 * time off over published shifts says what they become (`shifts`).
 */
export function approveRequest(
  requestId: string,
  version: number,
  shifts: TimeOffShiftAction | null = null,
): Promise<RequestResponse> {
  return api.post<RequestResponse>(`/api/requests/${id(requestId)}/approve`, {
    version,
    ...(shifts ? { shifts } : {}),
  });
}

/** POST /api/requests/:id/decline with the version read and the reason the author is told. */
export function declineRequest(requestId: string, version: number, reason: string): Promise<RequestResponse> {
  return api.post<RequestResponse>(`/api/requests/${id(requestId)}/decline`, { version, reason });
}

/** POST /api/requests/decisions → each request's outcome (approved, declined, or refused with a code). */
export function decideMany(body: RequestBulkDecision): Promise<BulkDecisionResult> {
  return api.post<BulkDecisionResult, RequestBulkDecision>("/api/requests/decisions", body);
}

/** GET /api/requests/settings. */
export async function fetchRequestSettings(signal?: AbortSignal): Promise<RequestSettings> {
  return (await api.get<{ settings: RequestSettings }>("/api/requests/settings", { signal })).settings;
}

/** PUT /api/requests/settings with only what changed → the settings as saved. */
export async function saveRequestSettings(body: Partial<RequestSettings>): Promise<RequestSettings> {
  return (await api.put<{ settings: RequestSettings }>("/api/requests/settings", body)).settings;
}

/** The settings as they are now, read each time the modal opens, and not again while the manager edits them. */
export function useRequestSettings() {
  return useQuery({
    queryKey: inboxKeys.settings,
    queryFn: ({ signal }) => fetchRequestSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The organization's jobs, archived ones too: a correction names its job by id only. Read once a correction is listed. */
export function useInboxJobs(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.jobs,
    queryFn: (): Promise<Job[]> => fetchJobs({ includeArchived: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The organization's zone, for a correction the server sent without its own
 * (the zone its day is read in when its entry has neither shift nor job zone).
 */
export function useOrganizationZone(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.zone,
    queryFn: async ({ signal }) => (await api.get<CompanyDetails>("/api/company/details", { signal })).time_zone,
    enabled,
    staleTime: 30 * 60_000,
  });
}

/** How many people the person filter offers at a time (typing narrows them on the server). */
const PEOPLE_OPTIONS = 50;

/** GET /api/people?search=: the person filter's choices, for who may see the team (others choose among those listed). */
export function usePeopleOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.people(search),
    queryFn: async ({ signal }) => {
      const params: PeopleQuery = { page_size: PEOPLE_OPTIONS, sort: "name" };
      if (search) params.search = search;
      return (await api.get<PeopleResponse>("/api/people", { params, signal })).people;
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
