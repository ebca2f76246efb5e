/** The boards page's calls (shapes in the contracts' boards.ts and people.ts). */
import type { Board, BoardCreate, BoardUpdate, PeopleQuery, PeopleResponse } from "@workshift/contracts";
import { api } from "../../lib/api.ts";

/** Every boards query starts with "boards", so one invalidation refreshes them all (the people pages' too). */
export const boardKeys = {
  all: ["boards"] as const,
  list: (includeArchived: boolean) => ["boards", "list", { includeArchived }] as const,
};

/** GET /api/boards?include_archived= → { boards }. */
export async function fetchBoards(includeArchived: boolean): Promise<Board[]> {
  const params = includeArchived ? { include_archived: "true" } : {};
  return (await api.get<{ boards: Board[] }>("/api/boards", { params })).boards;
}

/** POST /api/boards → { board }. */
export async function createBoard(body: BoardCreate): Promise<Board> {
  return (await api.post<{ board: Board }, BoardCreate>("/api/boards", body)).board;
}

/** PATCH /api/boards/:id → { board } (job_ids and member_ids replace the sets). */
export async function updateBoard(id: string, body: BoardUpdate): Promise<Board> {
  return (await api.patch<{ board: Board }, BoardUpdate>(`/api/boards/${encodeURIComponent(id)}`, body)).board;
}

/** POST /api/boards/:id/archive or /restore → { board }. */
export async function setBoardArchived(id: string, archived: boolean): Promise<Board> {
  const action = archived ? "archive" : "restore";
  return (await api.post<{ board: Board }>(`/api/boards/${encodeURIComponent(id)}/${action}`)).board;
}

/** A person as the member picker shows them. */
export interface PersonOption {
  value: string;
  label: string;
}

const optionOf = (person: PeopleResponse["people"][number]): PersonOption => ({
  value: person.id,
  label: `${person.first_name} ${person.last_name}`.trim(),
});

export const PEOPLE_PAGE = 100;

/**
 * GET /api/people?page_size=100&search=: the people a board can take (everyone
 * not archived, invited people included: they can be scheduled before they
 * activate, as the API allows), matching a search.
 */
export async function searchPeople(search: string): Promise<PersonOption[]> {
  const params: PeopleQuery = { page_size: PEOPLE_PAGE, sort: "name" };
  if (search) params.search = search;
  const answer = await api.get<PeopleResponse>("/api/people", { params });
  return answer.people.map(optionOf);
}

/** The people already on a board (GET /api/people?board_id=…, every page), to name the picker's chosen ones. */
export async function fetchBoardPeople(boardId: string): Promise<PersonOption[]> {
  const out: PersonOption[] = [];
  for (let page = 1; page <= 100; page++) {
    const params: PeopleQuery = { board_id: boardId, page, page_size: PEOPLE_PAGE, sort: "name" };
    const answer = await api.get<PeopleResponse>("/api/people", { params });
    out.push(...answer.people.map(optionOf));
    if (answer.people.length < PEOPLE_PAGE || out.length >= answer.total) break;
  }
  return out;
}
