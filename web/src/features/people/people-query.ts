import {
  type MemberRole,
  type MemberStatus,
  memberRoles,
  memberStatuses,
  type PeopleResponse,
  type PeopleSort,
  peopleSorts,
} from "@workshift/contracts";

/**
 * The people list's search, filters and sort: read from and written to the
 * page's address (so Back, reload and a shared link keep them), and turned into
 * GET /api/people's query string.
 */
export interface PeopleFilters {
  search: string;
  role: MemberRole | null;
  status: MemberStatus | null;
  job_id: string | null;
  board_id: string | null;
  sort: PeopleSort;
}

export const PEOPLE_PAGE_SIZE = 50;
/** The server refuses a longer search (peopleQuerySchema). */
export const SEARCH_MAX = 100;

export const defaultFilters: PeopleFilters = {
  search: "",
  role: null,
  status: null,
  job_id: null,
  board_id: null,
  sort: "name",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

const uuidOrNull = (value: string | null) => (value !== null && UUID.test(value) ? value.toLowerCase() : null);

/** The filters in an address's query string; anything unknown or malformed is left out (the default). */
export function filtersFromSearchParams(params: URLSearchParams): PeopleFilters {
  return {
    search: (params.get("q") ?? "").slice(0, SEARCH_MAX),
    role: oneOf(memberRoles, params.get("role")),
    status: oneOf(memberStatuses, params.get("status")),
    job_id: uuidOrNull(params.get("job")),
    board_id: uuidOrNull(params.get("schedule")),
    sort: oneOf(peopleSorts, params.get("sort")) ?? defaultFilters.sort,
  };
}

/** The address's query string for the filters: only what differs from the defaults. */
export function searchParamsFromFilters(filters: PeopleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search !== "") params.set("q", filters.search);
  if (filters.role) params.set("role", filters.role);
  if (filters.status) params.set("status", filters.status);
  if (filters.job_id) params.set("job", filters.job_id);
  if (filters.board_id) params.set("schedule", filters.board_id);
  if (filters.sort !== defaultFilters.sort) params.set("sort", filters.sort);
  return params;
}

/** GET /api/people's query (peopleQuerySchema): empty filters are left out, the search trimmed. */
export interface PeopleQueryParams {
  search?: string;
  role?: MemberRole;
  status?: MemberStatus;
  job_id?: string;
  board_id?: string;
  sort: PeopleSort;
  page: number;
  page_size: number;
}

export function peopleQueryParams(filters: PeopleFilters, page = 1, pageSize = PEOPLE_PAGE_SIZE): PeopleQueryParams {
  const search = filters.search.trim().slice(0, SEARCH_MAX);
  return {
    ...(search === "" ? {} : { search }),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.job_id ? { job_id: filters.job_id } : {}),
    ...(filters.board_id ? { board_id: filters.board_id } : {}),
    sort: filters.sort,
    page,
    page_size: pageSize,
  };
}

/** Whether anything narrows the list (then an empty answer is "no results", not "no one yet"). */
export function isFiltered(filters: PeopleFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.role !== null ||
    filters.status !== null ||
    filters.job_id !== null ||
    filters.board_id !== null
  );
}

/** The page after this one, or undefined when it was the last (useInfiniteQuery's getNextPageParam). */
export function nextPage(last: Pick<PeopleResponse, "page" | "page_size" | "total">): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/**
 * The loaded pages as one list. A person can appear on two pages when the team
 * changed between two page loads (an invite shifts everyone after it): kept once.
 */
export function flattenPages<T extends { id: string }>(pages: readonly { people: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const person of page.people) {
      if (seen.has(person.id)) continue;
      seen.add(person.id);
      rows.push(person);
    }
  }
  return rows;
}
