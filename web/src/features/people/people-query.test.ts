import { peopleQuerySchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  defaultFilters,
  filtersFromSearchParams,
  flattenPages,
  isFiltered,
  nextPage,
  peopleQueryParams,
  searchParamsFromFilters,
} from "./people-query.ts";

const job = "0b5c7a3e-2f4d-4c1a-9e8b-6d7f8a9b0c1d";
const board = "1c6d8b4f-3a5e-4d2b-8f9c-7e8a9b0c1d2e";

describe("the people list's address", () => {
  it("reads every filter back from what it wrote", () => {
    const filters = {
      search: "rana",
      role: "SUPERVISOR" as const,
      status: "invited" as const,
      job_id: job,
      board_id: board,
      sort: "-created" as const,
    };
    const params = searchParamsFromFilters(filters);
    expect(params.toString()).toBe(`q=rana&role=SUPERVISOR&status=invited&job=${job}&schedule=${board}&sort=-created`);
    expect(filtersFromSearchParams(params)).toEqual(filters);
  });

  it("leaves the defaults out of the address", () => {
    expect(searchParamsFromFilters(defaultFilters).toString()).toBe("");
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(defaultFilters);
  });

  it("ignores unknown or malformed values instead of sending them", () => {
    const params = new URLSearchParams("role=ADMIN&status=gone&job=42&schedule=x&sort=salary");
    expect(filtersFromSearchParams(params)).toEqual(defaultFilters);
  });

  it("keeps a search to the length the server takes", () => {
    expect(filtersFromSearchParams(new URLSearchParams({ q: "a".repeat(150) })).search).toHaveLength(100);
  });
});

describe("GET /api/people's query", () => {
  it("leaves out empty filters and trims the search", () => {
    expect(peopleQueryParams({ ...defaultFilters, search: "  " })).toEqual({ sort: "name", page: 1, page_size: 50 });
    expect(peopleQueryParams({ ...defaultFilters, search: " Rana ", role: "EMPLOYEE", job_id: job }, 3)).toEqual({
      search: "Rana",
      role: "EMPLOYEE",
      job_id: job,
      sort: "name",
      page: 3,
      page_size: 50,
    });
  });

  it("is what the API's schema accepts", () => {
    const params = peopleQueryParams(
      { search: "x", role: "OWNER", status: "archived", job_id: job, board_id: board, sort: "-status" },
      2,
    );
    const query = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
    expect(peopleQuerySchema.safeParse(query).success).toBe(true);
  });

  it("tells a filtered list from the whole team", () => {
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, sort: "-name" })).toBe(false);
    expect(isFiltered({ ...defaultFilters, search: "r" })).toBe(true);
    expect(isFiltered({ ...defaultFilters, status: "archived" })).toBe(true);
  });
});

describe("paging", () => {
  it("asks for the next page until the total is loaded", () => {
    expect(nextPage({ page: 1, page_size: 50, total: 120 })).toBe(2);
    expect(nextPage({ page: 2, page_size: 50, total: 120 })).toBe(3);
    expect(nextPage({ page: 3, page_size: 50, total: 120 })).toBeUndefined();
    expect(nextPage({ page: 1, page_size: 50, total: 0 })).toBeUndefined();
    expect(nextPage({ page: 2, page_size: 50, total: 100 })).toBeUndefined();
  });

  it("lists someone seen on two pages once", () => {
    const pages = [{ people: [{ id: "a" }, { id: "b" }] }, { people: [{ id: "b" }, { id: "c" }] }];
    expect(flattenPages(pages).map((p) => p.id)).toEqual(["a", "b", "c"]);
  });
});
