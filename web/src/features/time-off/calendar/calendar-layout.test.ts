import type { InboxItem } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  ANA,
  calendarAnswer,
  leaveDay,
  R1,
  R2,
  R3,
  SAM,
  SICK,
  VACATION,
  ZOE,
} from "./calendar-fixtures.test-support.ts";
import { rangeTitle } from "./calendar-format.ts";
import {
  blocksOn,
  byDay,
  calendarRange,
  cancellationsByLeave,
  holidaysByDay,
  lastOfMonth,
  leaveItems,
  nobodyOff,
  personRows,
  splitShown,
  stepAnchor,
  weeksOf,
} from "./calendar-layout.ts";

describe("the days a view shows", () => {
  it("shows a month as whole weeks from the week's first day", () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const monday = calendarRange("month", "2026-03-17", 1);
    expect(monday.from).toBe("2026-02-23");
    expect(monday.to).toBe("2026-04-05");
    expect(monday.dates).toHaveLength(42);
    const sunday = calendarRange("month", "2026-03-17", 0);
    expect(sunday.from).toBe("2026-03-01");
    expect(sunday.to).toBe("2026-04-04");
    expect(weeksOf(sunday.dates)).toHaveLength(5);
  });

  it("never asks for more than the API's 42 days", () => {
    for (let month = 1; month <= 12; month++) {
      for (let weekStart = 0; weekStart < 7; weekStart++) {
        const anchor = `2027-${String(month).padStart(2, "0")}-15`;
        expect(calendarRange("month", anchor, weekStart).dates.length).toBeLessThanOrEqual(42);
      }
    }
  });

  it("shows a week from its first day, across a month and a year", () => {
    expect(calendarRange("week", "2026-12-31", 1)).toMatchObject({ from: "2026-12-28", to: "2027-01-03" });
    expect(calendarRange("week", "2026-03-01", 6).dates).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
    ]);
  });

  it("knows the last day of each month, February of a leap year too", () => {
    expect(lastOfMonth("2028-02-10")).toBe("2028-02-29");
    expect(lastOfMonth("2026-02-10")).toBe("2026-02-28");
    expect(lastOfMonth("2026-12-01")).toBe("2026-12-31");
  });

  it("steps a week by seven days and a month to the 1st of the next (never skipping a short month)", () => {
    expect(stepAnchor("2026-03-30", "week", 1)).toBe("2026-04-06");
    expect(stepAnchor("2026-01-31", "month", 1)).toBe("2026-02-01");
    expect(stepAnchor("2026-01-31", "month", -1)).toBe("2025-12-01");
  });

  it("titles a month and a week in the reader's language", () => {
    expect(rangeTitle("month", "2026-03-17", calendarRange("month", "2026-03-17", 1), "en")).toBe("March 2026");
    const week = rangeTitle("week", "2026-03-17", calendarRange("week", "2026-03-17", 1), "en");
    expect(week.replace(/\s/g, " ")).toBe("Mar 16 – 22, 2026");
    expect(rangeTitle("month", "2026-03-17", calendarRange("month", "2026-03-17", 1), "fr")).toBe("mars 2026");
  });
});

describe("who is off", () => {
  const answer = calendarAnswer({
    days: [
      leaveDay({ request_id: R1, user_id: SAM, day: "2026-03-02", status: "pending" }),
      leaveDay({ request_id: R2, user_id: ZOE, day: "2026-03-02" }),
      leaveDay({
        request_id: R3,
        user_id: ANA,
        day: "2026-03-02",
        leave_type_id: SICK,
        minutes: 240,
        part: { start: "13:00", end: "17:00" },
      }),
      leaveDay({ request_id: R1, user_id: SAM, day: "2026-03-03", status: "pending" }),
    ],
  });

  it("lists a day's approved leave before pending, then by name", () => {
    const days = byDay(leaveItems(answer, "en"));
    expect(days.get("2026-03-02")?.map((item) => [item.name, item.status])).toEqual([
      ["Ana Ruiz", "approved"],
      ["Zoe Adams", "approved"],
      ["Sam Lee", "pending"],
    ]);
    expect(days.get("2026-03-03")).toHaveLength(1);
  });

  it("carries each item's type, its colour and a part of a day's times", () => {
    const ana = leaveItems(answer).find((item) => item.userId === ANA);
    expect(ana).toMatchObject({
      leaveType: { id: SICK, name: "Sick", color: "#e8590c" },
      minutes: 240,
      part: { start: "13:00", end: "17:00" },
      cancelRequestId: null,
    });
    const sam = leaveItems(answer).find((item) => item.userId === SAM);
    expect(sam?.leaveType.id).toBe(VACATION);
  });

  it("opens the cancellation of approved leave when one waits", () => {
    const waiting = calendarAnswer({ days: [leaveDay({ cancel_request_id: R3 })] });
    expect(leaveItems(waiting)[0]?.cancelRequestId).toBe(R3);
  });

  it("makes the week's rows of the people off on its days only, by name", () => {
    const week = calendarRange("week", "2026-03-02", 1).dates;
    const rows = personRows(leaveItems(answer), week, "en");
    expect(rows.map((row) => row.name)).toEqual(["Ana Ruiz", "Sam Lee", "Zoe Adams"]);
    expect([...(rows[1]?.days.keys() ?? [])]).toEqual(["2026-03-02", "2026-03-03"]);
    expect(personRows(leaveItems(answer), calendarRange("week", "2026-03-10", 1).dates)).toEqual([]);
  });

  it("shows a crowded day's first names and how many more (one fewer, so '+1 more' never hides one name)", () => {
    expect(splitShown([1, 2, 3], 3)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(splitShown([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2], more: 2 });
    expect(splitShown([1, 2, 3, 4, 5, 6], 3)).toEqual({ shown: [1, 2], more: 4 });
  });

  it("says nobody is off when no leave falls in the month (the weeks around it do not count)", () => {
    const range = calendarRange("month", "2026-04-10", 1);
    expect(nobodyOff(leaveItems(answer), range, "2026-04")).toBe(true);
    expect(nobodyOff(leaveItems(answer), calendarRange("month", "2026-03-10", 1), "2026-03")).toBe(false);
    expect(nobodyOff([], calendarRange("week", "2026-03-02", 1), null)).toBe(true);
  });
});

describe("holidays and blocked dates", () => {
  it("groups the holidays of each day", () => {
    const answer = calendarAnswer({
      holidays: [
        { day: "2026-04-06", name: "Easter Monday" },
        { day: "2026-04-06", name: "Local fair" },
      ],
    });
    expect(holidaysByDay(answer).get("2026-04-06")).toEqual(["Easter Monday", "Local fair"]);
  });

  it("finds the blocked periods covering a day, both ends included", () => {
    const block = {
      id: "30000000-0000-4000-8000-000000000001",
      starts_on: "2026-12-20",
      ends_on: "2026-12-31",
      reason: "Holiday season",
      board_id: null,
    };
    expect(blocksOn([block], "2026-12-20")).toEqual([block]);
    expect(blocksOn([block], "2026-12-31")).toEqual([block]);
    expect(blocksOn([block], "2027-01-01")).toEqual([]);
  });
});

describe("cancellations that wait", () => {
  it("maps each waiting cancellation to the approved leave it would cancel", () => {
    const timeOff = (cancels: string | null) => ({ cancels_request_id: cancels }) as InboxItem["time_off"];
    const map = cancellationsByLeave([
      { id: R3, kind: "time_off_cancel", status: "pending", time_off: timeOff(R1) },
      { id: R2, kind: "time_off_cancel", status: "declined", time_off: timeOff(R2) },
      { id: R2, kind: "time_off", status: "pending", time_off: timeOff(null) },
    ]);
    expect([...map]).toEqual([[R1, R3]]);
  });

  it("opens the cancellation from the approved leave it concerns, never from pending leave", () => {
    const answer = calendarAnswer({
      days: [leaveDay({ request_id: R1 }), leaveDay({ request_id: R2, user_id: ANA, status: "pending" })],
    });
    const items = leaveItems(
      answer,
      "en",
      new Map([
        [R1, R3],
        [R2, R3],
      ]),
    );
    expect(items.map((item) => [item.requestId, item.cancelRequestId])).toEqual([
      [R1, R3],
      [R2, null],
    ]);
  });
});
