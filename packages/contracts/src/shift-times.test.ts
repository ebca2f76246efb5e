import { describe, expect, it } from "vitest";
import { shiftTimesProblem } from "./shift-times.ts";

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
