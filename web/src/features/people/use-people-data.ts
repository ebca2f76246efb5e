import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { problemCodeOf } from "../../lib/problem-text.ts";
import {
  boardsQueryKey,
  fetchBoards,
  fetchJobs,
  fetchPeople,
  fetchPermissionTable,
  jobsQueryKey,
  peopleKeys,
} from "./people-api.ts";
import { nextPage, type PeopleFilters, peopleQueryParams } from "./people-query.ts";

/** The list, a page of 50 at a time as the person scrolls (server-side filter, sort and paging). */
export function usePeopleList(filters: PeopleFilters) {
  const { page: _page, ...params } = peopleQueryParams(filters);
  return useInfiniteQuery({
    queryKey: peopleKeys.list(params),
    queryFn: ({ pageParam }) => fetchPeople({ ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // A new search keeps the previous rows on screen until its answer arrives (no flash of skeletons).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The organization's jobs (for the filters, the rows' dots and the forms); none while that part is missing. */
export function useJobs() {
  return useQuery({
    queryKey: jobsQueryKey,
    queryFn: () => fetchJobs().catch(emptyWhenMissing),
    staleTime: 60_000,
  });
}

/** The organization's schedule boards, likewise. */
export function useBoards() {
  return useQuery({
    queryKey: boardsQueryKey,
    queryFn: () => fetchBoards().catch(emptyWhenMissing),
    staleTime: 60_000,
  });
}

/** What the signed-in person may give (roles, permissions); undefined until known or for someone who may not manage. */
export function usePermissionTable(enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.permissions(),
    queryFn: fetchPermissionTable,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A list the server does not have or will not show this person is an empty one; other failures stand. */
function emptyWhenMissing(error: unknown): never[] {
  const code = problemCodeOf(error);
  if (code === "not_found" || code === "forbidden") return [];
  throw error;
}
