import { describe, expect, it } from "vitest";
import { lastDateOf, monthTotals, monthWeeks, stepDay, weekdayNames } from "./month-grid.ts";

describe("the month's weeks", () => {
  it("cover the month in whole weeks from a Monday", () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const weeks = monthWeeks("2026-03", 1);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toEqual({ date: "2026-02-23", inMonth: false, weekday: 1 });
    expect(weeks[0]?.[6]).toEqual({ date: "2026-03-01", inMonth: true, weekday: 0 });
    expect(weeks[5]?.map((cell) => cell.date)).toEqual([
      "2026-03-30",
      "2026-03-31",
      "2026-04-01",
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
      "2026-04-05",
    ]);
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(31);
    for (const week of weeks) expect(week.map((cell) => cell.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it("start on the board's week start: Sunday, or Saturday", () => {
    const sunday = monthWeeks("2026-03", 0);
    expect(sunday).toHaveLength(5);
    expect(sunday[0]?.[0]?.date).toBe("2026-03-01");
    expect(sunday[4]?.[6]?.date).toBe("2026-04-04");
    const saturday = monthWeeks("2026-03", 6);
    expect(saturday[0]?.[0]?.date).toBe("2026-02-28");
    expect(saturday[0]?.map((cell) => cell.weekday)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  it("are four rows for a February that fits exactly", () => {
    // February 2026 starts on a Sunday and has 28 days.
    const weeks = monthWeeks("2026-02", 0);
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((cell) => cell.inMonth)).toBe(true);
  });

  it("know leap years", () => {
    expect(lastDateOf("2028-02")).toBe("2028-02-29");
    expect(lastDateOf("2026-02")).toBe("2026-02-28");
    expect(lastDateOf("2026-12")).toBe("2026-12-31");
    expect(() => lastDateOf("2026-13")).toThrow(RangeError);
  });
});

describe("the weekday headings", () => {
  it("follow the week start and the language", () => {
    expect(weekdayNames(1, "en").map((day) => day.short)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(weekdayNames(6, "en")[0]).toEqual({ weekday: 6, narrow: "S", short: "Sat", long: "Saturday" });
    expect(weekdayNames(1, "fr")[0]?.long).toBe("lundi");
    expect(weekdayNames(0, "ar")[0]?.long).toBe("الأحد");
  });
});

describe("the month's totals", () => {
  it("add up the days", () => {
    const day = (date: string, shifts: number, minutes: number, cost: number, open = 0, unpublished = 0) => ({
      date,
      shifts,
      open_shifts: open,
      unpublished,
      headcount: shifts,
      minutes,
      cost,
    });
    expect(monthTotals([day("2026-03-02", 3, 1200, 100.1, 1, 2), day("2026-03-03", 2, 600, 50.2, 0, 1)])).toEqual({
      shifts: 5,
      openShifts: 1,
      unpublished: 3,
      minutes: 1800,
      cost: 150.3,
    });
    expect(monthTotals([])).toEqual({ shifts: 0, openShifts: 0, unpublished: 0, minutes: 0, cost: 0 });
  });
});

describe("arrow keys on the calendar", () => {
  it("move a day sideways (mirrored in right-to-left) and a week up or down", () => {
    expect(stepDay("2026-03-31", "ArrowRight", false)).toBe("2026-04-01");
    expect(stepDay("2026-03-31", "ArrowRight", true)).toBe("2026-03-30");
    expect(stepDay("2026-03-01", "ArrowLeft", false)).toBe("2026-02-28");
    expect(stepDay("2026-03-01", "ArrowLeft", true)).toBe("2026-03-02");
    expect(stepDay("2026-03-03", "ArrowUp", false)).toBe("2026-02-24");
    expect(stepDay("2026-03-30", "ArrowDown", true)).toBe("2026-04-06");
    expect(stepDay("2026-03-30", "Enter", false)).toBeNull();
  });
});
