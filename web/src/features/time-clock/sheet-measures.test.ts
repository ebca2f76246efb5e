import { describe, expect, it } from "vitest";
import { sheetMeasures } from "./sheet-measures.ts";

describe("the rows of a person's days", () => {
  it("show paid leave in its own row after overtime, apart from worked time", () => {
    expect(sheetMeasures({ unpaid_leave_minutes: 0 })).toEqual([
      "scheduled",
      "worked",
      "break",
      "regular",
      "overtime",
      "leave",
      "cost",
    ]);
  });

  it("show unpaid leave only when the period has some", () => {
    expect(sheetMeasures({ unpaid_leave_minutes: 240 })).toContain("unpaidLeave");
    expect(sheetMeasures({})).not.toContain("unpaidLeave");
  });
});
