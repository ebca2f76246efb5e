import {
  type InboxQuery,
  inboxStates,
  REQUEST_PAGE_DEFAULT,
  type RequestKind,
  requestKinds,
} from "@workshift/contracts";
import { isBoardDate } from "../../lib/board-url.ts";

/**
 * The inbox's filters: read from and written to the page's address (so Back,
 * reload and a shared link show the same list), and turned into
 * GET /api/requests's query. Anything unreadable in the address falls back to
 * the default rather than failing the page.
 */
export type InboxState = (typeof inboxStates)[number];

export interface InboxFilters {
  /** waiting (offered and pending: the default), decided (the history), or one status. */
  state: InboxState;
  kind: RequestKind | null;
  /** A schedule board's id. */
  board: string | null;
  /** A person's id in the organization (the author). */
  person: string | null;
  /** The days the requests concern, inclusive (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
}

export const defaultInboxFilters: InboxFilters = {
  state: "waiting",
  kind: null,
  board: null,
  person: null,
  from: null,
  to: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

const uuidOrNull = (value: string | null) => (value !== null && UUID.test(value) ? value.toLowerCase() : null);
const dateOrNull = (value: string | null) => (value !== null && isBoardDate(value) ? value : null);

/** The filters in an address's query string (?state=&kind=&board=&person=&from=&to=). */
export function filtersFromParams(params: URLSearchParams): InboxFilters {
  return {
    state: oneOf(inboxStates, params.get("state")) ?? defaultInboxFilters.state,
    kind: oneOf(requestKinds, params.get("kind")),
    board: uuidOrNull(params.get("board")),
    person: uuidOrNull(params.get("person")),
    from: dateOrNull(params.get("from")),
    to: dateOrNull(params.get("to")),
  };
}

/** The address's query string for the filters: only what differs from the defaults (the inbox's own address is plain). */
export function paramsFromFilters(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state !== defaultInboxFilters.state) params.set("state", filters.state);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.board) params.set("board", filters.board);
  if (filters.person) params.set("person", filters.person);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** The date range in order: a "from" after the "to" is read as the range between them. */
export function orderedRange(from: string | null, to: string | null): { from: string | null; to: string | null } {
  if (from !== null && to !== null && from > to) return { from: to, to: from };
  return { from, to };
}

/**
 * The kind filter as the manager may use it: a kind they do not decide (an
 * old link, permissions taken away) is dropped; `kinds` unknown yet keeps it.
 */
export function decidableKind(kind: RequestKind | null, kinds: readonly RequestKind[] | null): RequestKind | null {
  if (kind === null || kinds === null) return kind;
  return kinds.includes(kind) ? kind : null;
}

/** GET /api/requests's query (inboxQuerySchema) for the filters; empty filters left out. */
export function inboxQuery(
  filters: InboxFilters,
  kinds: readonly RequestKind[] | null,
  cursor: string | null = null,
  limit = REQUEST_PAGE_DEFAULT,
): InboxQuery {
  const { from, to } = orderedRange(filters.from, filters.to);
  const kind = decidableKind(filters.kind, kinds);
  return {
    state: filters.state,
    ...(kind ? { kind } : {}),
    ...(filters.board ? { board_id: filters.board } : {}),
    ...(filters.person ? { user_id: filters.person } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
  };
}

/** Whether anything but the state narrows the list (then an empty answer is "no match", not "nothing waits"). */
export function isNarrowed(filters: InboxFilters): boolean {
  return (
    filters.kind !== null ||
    filters.board !== null ||
    filters.person !== null ||
    filters.from !== null ||
    filters.to !== null
  );
}

/** The same filters with nothing narrowing them (the state kept). */
export function withoutNarrowing(filters: InboxFilters): InboxFilters {
  return { ...defaultInboxFilters, state: filters.state };
}

/** How many filters besides the state are set (the phone's "Filters (2)" button). */
export function narrowingCount(filters: InboxFilters): number {
  return [filters.kind, filters.board, filters.person, filters.from ?? filters.to].filter((value) => value !== null)
    .length;
}
