import type { TimesheetPerson } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { timesheetsPath } from "../../lib/time-clock-keys.ts";
import { holdsSomeOnly } from "./sheet-page.ts";

const people = (count: number) => Array.from({ length: count }, () => ({}) as TimesheetPerson);
const page = (people: number) => ({ offset: 0, limit: 40, people, approved: 0, entries: 0 });

describe("a page of timesheets", () => {
  it("holds some people only when the period lists more than it brought", () => {
    expect(holdsSomeOnly({ people: people(40), page: page(2000) })).toBe(true);
    expect(holdsSomeOnly({ people: people(12), page: page(12) })).toBe(false);
    expect(holdsSomeOnly({ people: people(0), page: page(0) })).toBe(false);
    // The whole period (no page asked for) holds everyone.
    expect(holdsSomeOnly({ people: people(3) })).toBe(false);
  });

  it("is asked for by the period's address with a limit", () => {
    expect(timesheetsPath("all", "2026-06-10", 40)).toBe(
      "/api/time-clock/boards/all/timesheets?date=2026-06-10&limit=40",
    );
    expect(timesheetsPath("a b", "")).toBe("/api/time-clock/boards/a%20b/timesheets");
  });
});
