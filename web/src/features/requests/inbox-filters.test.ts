import { inboxQuerySchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  decidableKind,
  defaultInboxFilters,
  filtersFromParams,
  inboxQuery,
  isNarrowed,
  narrowingCount,
  orderedRange,
  paramsFromFilters,
  withoutNarrowing,
} from "./inbox-filters.ts";

const BOARD = "0b000000-0000-4000-8000-000000000001";
const PERSON = "0a000000-0000-4000-8000-000000000001";

describe("the inbox's filters in the address", () => {
  it("shows what waits, with nothing narrowing it, at the plain address", () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(defaultInboxFilters);
    expect(paramsFromFilters(defaultInboxFilters).toString()).toBe("");
  });

  it("keeps every filter through the address", () => {
    const filters = {
      state: "decided" as const,
      kind: "swap" as const,
      board: BOARD,
      person: PERSON,
      from: "2026-03-01",
      to: "2026-03-31",
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe(
      `state=decided&kind=swap&board=${BOARD}&person=${PERSON}&from=2026-03-01&to=2026-03-31`,
    );
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it("reads one status as the state", () => {
    expect(filtersFromParams(new URLSearchParams("state=declined")).state).toBe("declined");
  });

  it("falls back to the default for anything unreadable, rather than failing the page", () => {
    const params = new URLSearchParams(
      "state=everything&kind=vacation&board=downtown&person=42&from=2026-02-30&to=tomorrow",
    );
    expect(filtersFromParams(params)).toEqual(defaultInboxFilters);
  });

  it("reads ids in any case and writes them in lower case", () => {
    const filters = filtersFromParams(new URLSearchParams(`board=${BOARD.toUpperCase()}`));
    expect(filters.board).toBe(BOARD);
  });
});

describe("GET /api/requests's query", () => {
  it("asks for the state and a page, leaving empty filters out", () => {
    expect(inboxQuery(defaultInboxFilters, null)).toEqual({ state: "waiting", limit: 50 });
  });

  it("names the board, the person, the days and the next page's cursor", () => {
    const query = inboxQuery(
      { ...defaultInboxFilters, board: BOARD, person: PERSON, from: "2026-03-01", to: "2026-03-07" },
      null,
      "abc_123",
      20,
    );
    expect(query).toEqual({
      state: "waiting",
      board_id: BOARD,
      user_id: PERSON,
      from: "2026-03-01",
      to: "2026-03-07",
      cursor: "abc_123",
      limit: 20,
    });
    expect(inboxQuerySchema.safeParse(query).success).toBe(true);
  });

  it("reads a range given backwards as the days between", () => {
    expect(orderedRange("2026-03-09", "2026-03-02")).toEqual({ from: "2026-03-02", to: "2026-03-09" });
    const query = inboxQuery({ ...defaultInboxFilters, from: "2026-03-09", to: "2026-03-02" }, null);
    expect([query.from, query.to]).toEqual(["2026-03-02", "2026-03-09"]);
  });

  it("asks only for a kind the manager decides", () => {
    const filters = { ...defaultInboxFilters, kind: "correction" as const };
    expect(inboxQuery(filters, ["claim", "cover", "swap", "availability"]).kind).toBeUndefined();
    expect(inboxQuery(filters, ["correction"]).kind).toBe("correction");
    // Before the first answer says which kinds, the address's kind is kept.
    expect(decidableKind("correction", null)).toBe("correction");
  });

  it("is a query the server accepts, whatever the filters", () => {
    for (const state of ["waiting", "decided", "pending", "expired"] as const) {
      const query = inboxQuery({ ...defaultInboxFilters, state, kind: "claim" }, ["claim"], null);
      expect(inboxQuerySchema.safeParse(query).success).toBe(true);
    }
  });
});

describe("whether the list is narrowed", () => {
  it("counts the filters besides what is shown, a date range as one", () => {
    expect(isNarrowed({ ...defaultInboxFilters, state: "decided" })).toBe(false);
    const narrowed = {
      ...defaultInboxFilters,
      state: "decided" as const,
      kind: "claim" as const,
      from: "2026-03-01",
      to: "2026-03-02",
    };
    expect(isNarrowed(narrowed)).toBe(true);
    expect(narrowingCount(narrowed)).toBe(2);
  });

  it("clears the narrowing and keeps what is shown", () => {
    const narrowed = { ...defaultInboxFilters, state: "approved" as const, board: BOARD, person: PERSON };
    expect(withoutNarrowing(narrowed)).toEqual({ ...defaultInboxFilters, state: "approved" });
  });
});
