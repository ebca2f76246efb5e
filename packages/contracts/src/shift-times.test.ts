import { describe, expect, it } from "vitest";
import { SHIFT_REPEAT_MAX, shiftRepeatProblem, shiftTimesProblem } from "./shift-times.ts";

const shift = (starts: string, ends: string, breakMinutes?: number) => ({
  starts_at: `2026-03-2${starts}:00Z`,
  ends_at: `2026-03-2${ends}:00Z`,
  break_minutes: breakMinutes,
});

describe("a shift's times", () => {
  it("fit from a minute to a day, with a break shorter than the shift", () => {
    expect(shiftTimesProblem(shift("7T09:00", "7T17:00", 30))).toBeNull();
    expect(shiftTimesProblem(shift("7T22:00", "8T22:00", 0))).toBeNull();
    expect(shiftTimesProblem(shift("7T09:00", "7T09:01"))).toBeNull();
  });

  it("end after they start", () => {
    for (const ends of ["7T09:00", "7T08:00"]) {
      expect(shiftTimesProblem(shift("7T09:00", ends, 0))).toEqual({
        rule: "end_not_after_start",
        field: "ends_at",
        key: "schedule.endBeforeStart",
      });
    }
  });

  it("last a day at most", () => {
    expect(shiftTimesProblem(shift("7T22:00", "8T22:01"))).toEqual({
      rule: "over_a_day",
      field: "ends_at",
      key: "schedule.shiftTooLong",
    });
  });

  it("leave some of the shift after its break (a break not given is not checked)", () => {
    expect(shiftTimesProblem(shift("7T09:00", "7T10:00", 60))).toEqual({
      rule: "break_too_long",
      field: "break_minutes",
      key: "schedule.breakTooLong",
    });
    expect(shiftTimesProblem(shift("7T09:00", "7T10:00", 59))).toBeNull();
    expect(shiftTimesProblem(shift("7T09:00", "7T10:00"))).toBeNull();
  });
});

describe("a shift's repeat", () => {
  const weekdays = [1, 3, 5];

  it("runs from the shift's day to a day on or after it", () => {
    expect(shiftRepeatProblem("2026-03-02", weekdays, "2026-03-02")).toBeNull();
    expect(shiftRepeatProblem("2026-03-02", weekdays, "2026-03-01")).toEqual({
      rule: "until_before_first",
      field: "repeat.until",
      key: "schedule.repeatUntilBeforeDate",
    });
  });

  it(`makes at most ${SHIFT_REPEAT_MAX} shifts`, () => {
    expect(shiftRepeatProblem("2026-01-01", [0, 1, 2, 3, 4, 5, 6], "2027-01-01")).toBeNull();
    expect(shiftRepeatProblem("2026-01-01", [0, 1, 2, 3, 4, 5, 6], "2027-01-02")).toEqual({
      rule: "too_many",
      field: "repeat.until",
      key: "schedule.repeatTooMany",
    });
  });

  it("falls on a chosen weekday at least once", () => {
    // Monday 2 March to Tuesday 3 March 2026, Fridays only.
    expect(shiftRepeatProblem("2026-03-02", [5], "2026-03-03")).toEqual({
      rule: "no_day",
      field: "repeat.weekdays",
      key: "schedule.repeatDaysRequired",
    });
  });
});
