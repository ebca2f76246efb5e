import type { AvailabilityRuleInput, RuleShift } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { availabilityAfter, changeDays } from "./impact-availability.ts";
import type { ShiftNow } from "./impact-shift-data.ts";
import { shiftsAfter, weekMinutes, weekOfShift, windowOf } from "./impact-shift-figures.ts";

const weekly = (weekday: number, from: string, until: string | null = null): AvailabilityRuleInput => ({
  kind: "unavailable",
  weekday,
  date: null,
  start_minute: null,
  end_minute: null,
  effective_from: from,
  effective_until: until,
  note: null,
});
const exception = (date: string): AvailabilityRuleInput => ({
  kind: "available",
  weekday: null,
  date,
  start_minute: null,
  end_minute: null,
  effective_from: null,
  effective_until: null,
  note: null,
});

describe("availability once a change holds", () => {
  it("ends the weekly pattern in force the day before a new one, drops later ones, keeps exceptions", () => {
    const rules = [
      weekly(1, "2031-01-06"),
      weekly(2, "2031-07-01"),
      weekly(3, "2030-01-01", "2030-12-31"),
      exception("2031-06-16"),
    ];
    const after = availabilityAfter(
      rules,
      {
        type: "weekly",
        effective_from: "2031-06-09",
        windows: [{ weekday: 5, kind: "unavailable", start: "06:00", end: "12:00" }],
      },
      "Classes",
    );
    expect(after).toEqual([
      { ...weekly(1, "2031-01-06"), effective_until: "2031-06-08" },
      weekly(3, "2030-01-01", "2030-12-31"),
      exception("2031-06-16"),
      { ...weekly(5, "2031-06-09"), start_minute: 360, end_minute: 720, note: "Classes" },
    ]);
    expect(changeDays({ type: "weekly", effective_from: "2031-06-09", windows: [] })).toEqual({
      first: "2031-06-09",
      last: "2031-08-03",
    });
  });

  it("replaces a date's exceptions with the new one", () => {
    const after = availabilityAfter(
      [exception("2031-06-16"), exception("2031-06-17")],
      { type: "exception", date: "2031-06-16", kind: "unavailable", start: "16:00", end: "24:00" },
      null,
    );
    expect(after).toEqual([
      exception("2031-06-17"),
      { ...exception("2031-06-16"), kind: "unavailable", start_minute: 960, end_minute: 1440 },
    ]);
  });
});

const paris: ShiftNow = {
  id: "a",
  user_id: null,
  board_id: "paris",
  job_id: null,
  starts_at: "2031-06-06T07:00:00.000Z",
  ends_at: "2031-06-06T15:00:00.000Z",
  break_minutes: 30,
  gone: false,
  zone: "Europe/Paris",
  week_start: 1,
  rules: { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
};

describe("a person's week", () => {
  it("counts each shift on its own board's day, in the week of the shift's board", () => {
    const zones: Record<string, string> = { paris: "Europe/Paris", tokyo: "Asia/Tokyo" };
    const zoneOf = (board: string) => zones[board] ?? "UTC";
    const theirs: RuleShift[] = [
      // Sunday 1 June 23:00 UTC is Monday 08:00 in Tokyo: in the week from Monday 2 June.
      {
        id: "t",
        user_id: "u",
        board_id: "tokyo",
        starts_at: "2031-06-01T23:00:00.000Z",
        ends_at: "2031-06-02T03:00:00.000Z",
        break_minutes: 0,
      },
      // Sunday 1 June in Paris: the week before.
      {
        id: "p",
        user_id: "u",
        board_id: "paris",
        starts_at: "2031-06-01T08:00:00.000Z",
        ends_at: "2031-06-01T12:00:00.000Z",
        break_minutes: 0,
      },
    ];
    const week = weekOfShift(paris);
    expect(weekMinutes(theirs, week, 1, zoneOf)).toBe(240);
    const after = shiftsAfter("u", theirs, [{ shift: paris, from: null, to: "u" }]);
    expect(weekMinutes(after, week, 1, zoneOf)).toBe(240 + 450);
    expect(shiftsAfter("u", after, [{ shift: paris, from: "u", to: null }])).toEqual(theirs);
  });

  it("loads the shifts of the whole week and the rest around the shift", () => {
    const { from, to } = windowOf(paris);
    // The week runs Monday 2 June 00:00 to Monday 9 June 00:00 in Paris; ten hours of rest around the shift.
    expect(Date.parse(from)).toBeLessThanOrEqual(Date.parse("2031-06-01T22:00:00Z"));
    expect(Date.parse(to)).toBeGreaterThanOrEqual(Date.parse("2031-06-08T22:00:00Z"));
  });
});
