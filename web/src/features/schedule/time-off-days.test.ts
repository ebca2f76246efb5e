import type { BoardTimeOff } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { ADAM, shift, ZOE, ZONE } from "./board-fixtures.test-support.ts";
import { dayAxis } from "./day-layout.ts";
import {
  EMPTY_LEAVE,
  indexTimeOff,
  type LeaveWords,
  leaveBands,
  leaveText,
  leaveWarnings,
  wholeDayOff,
} from "./time-off-days.ts";

const VACATION = { id: "00000000-0000-4000-8000-0000000000e1", name: "Vacation", color: "#2f9e44" };
const SICK = { id: "00000000-0000-4000-8000-0000000000e2", name: "Sick", color: "#e8590c" };
const REQUEST = "00000000-0000-4000-8000-0000000000f1";

/** Tuesday 24 March 2026 in Paris (UTC+1): the whole day, or 09:00–13:00. */
const wholeDay = (values: Partial<BoardTimeOff> = {}): BoardTimeOff => ({
  request_id: REQUEST,
  user_id: ZOE,
  date: "2026-03-24",
  starts_at: "2026-03-23T23:00:00.000Z",
  ends_at: "2026-03-24T23:00:00.000Z",
  part: false,
  leave_type: VACATION,
  ...values,
});
const morning = (values: Partial<BoardTimeOff> = {}): BoardTimeOff =>
  wholeDay({ part: true, starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T12:00:00.000Z", ...values });

const words: LeaveWords = {
  range: (from, to) => `${from.slice(11, 16)}–${to.slice(11, 16)}`,
  whole: (type) => type,
  part: (type, times) => `${type} ${times}`,
  wholeSentence: (type) => `On time off all day (${type})`,
  partSentence: (type, times) => `On time off ${times} (${type})`,
  list: (items) => items.join(", "),
};

describe("the time-off lookup", () => {
  it("is the same empty index when the week has no leave", () => {
    expect(indexTimeOff(undefined)).toBe(EMPTY_LEAVE);
    expect(indexTimeOff([])).toBe(EMPTY_LEAVE);
  });

  it("puts each day of leave on its person's date, parts by start", () => {
    const index = indexTimeOff([
      morning({ starts_at: "2026-03-24T14:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z", leave_type: SICK }),
      morning(),
      wholeDay({ user_id: ADAM, date: "2026-03-25" }),
    ]);
    expect(
      index
        .get(ZOE)
        ?.get("2026-03-24")
        ?.map((day) => day.type.name),
    ).toEqual(["Vacation", "Sick"]);
    expect(index.get(ADAM)?.get("2026-03-25")?.[0]).toMatchObject({ part: false, type: VACATION });
    expect(wholeDayOff(index.get(ZOE)?.get("2026-03-24"))).toBe(false);
    expect(wholeDayOff(index.get(ADAM)?.get("2026-03-25"))).toBe(true);
  });
});

describe("time off on the day timeline", () => {
  it("covers the whole day for a whole day of leave", () => {
    const days = indexTimeOff([wholeDay()]).get(ZOE)?.get("2026-03-24");
    expect(leaveBands(days, dayAxis("2026-03-24", ZONE)).map(({ start, end }) => [start, end])).toEqual([[0, 1440]]);
  });

  it("covers the hours of a part, on the board's clock", () => {
    const days = indexTimeOff([morning()]).get(ZOE)?.get("2026-03-24");
    expect(leaveBands(days, dayAxis("2026-03-24", ZONE)).map(({ start, end }) => [start, end])).toEqual([
      [9 * 60, 13 * 60],
    ]);
  });

  it("is clipped to a shorter day when the clocks go forward", () => {
    // Sunday 29 March 2026 in Paris is 23 hours long.
    const days = indexTimeOff([
      wholeDay({ date: "2026-03-29", starts_at: "2026-03-28T23:00:00.000Z", ends_at: "2026-03-29T22:00:00.000Z" }),
    ])
      .get(ZOE)
      ?.get("2026-03-29");
    expect(leaveBands(days, dayAxis("2026-03-29", ZONE)).map(({ start, end }) => [start, end])).toEqual([[0, 1380]]);
  });

  it("places nothing without leave", () => {
    expect(leaveBands(undefined, dayAxis("2026-03-24", ZONE))).toEqual([]);
  });
});

describe("time off in words", () => {
  it("says a whole day by its type", () => {
    const days = indexTimeOff([wholeDay()]).get(ZOE)?.get("2026-03-24") ?? [];
    expect(leaveText(days, words)).toEqual({ short: "Vacation", description: "On time off all day (Vacation)" });
  });

  it("says parts with their times", () => {
    const days = indexTimeOff([morning()]).get(ZOE)?.get("2026-03-24") ?? [];
    expect(leaveText(days, words)).toEqual({
      short: "Vacation 08:00–12:00",
      description: "On time off 08:00–12:00 (Vacation)",
    });
  });
});

describe("shifts on leave", () => {
  it("warns of a shift in approved leave, with the time inside and the type's name", () => {
    const index = indexTimeOff([morning()]);
    const inside = shift({ starts_at: "2026-03-24T10:00:00.000Z", ends_at: "2026-03-24T18:00:00.000Z" });
    const warnings = leaveWarnings([inside], index);
    expect(warnings.get(inside.id)).toMatchObject({
      kind: "on_leave",
      user_id: ZOE,
      minutes: 120,
      date: "2026-03-24",
      note: "Vacation",
    });
  });

  it("says nothing of a shift beside the leave, an open shift, another person's or a removal", () => {
    const index = indexTimeOff([morning()]);
    const after = shift({ starts_at: "2026-03-24T12:00:00.000Z", ends_at: "2026-03-24T18:00:00.000Z" });
    const open = shift({ user_id: null });
    const adams = shift({ user_id: ADAM });
    const removed = shift({ status: "deleted" });
    expect(leaveWarnings([after, open, adams, removed], index).size).toBe(0);
  });

  it("warns of an overnight shift that runs into a day of leave", () => {
    const index = indexTimeOff([
      wholeDay({ date: "2026-03-25", starts_at: "2026-03-24T23:00:00.000Z", ends_at: "2026-03-25T23:00:00.000Z" }),
    ]);
    const night = shift({ starts_at: "2026-03-24T21:00:00.000Z", ends_at: "2026-03-25T05:00:00.000Z" });
    expect(leaveWarnings([night], index).get(night.id)).toMatchObject({ minutes: 360, date: "2026-03-25" });
  });
});
