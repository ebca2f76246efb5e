import { type AvailabilityRule, availabilityChangeSchema } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  emptyWeek,
  endForInput,
  exceptionChange,
  newWindow,
  orderedWeekdays,
  sameWeek,
  upcomingExceptions,
  weekFromRules,
  weeklyChange,
  weeklyPatterns,
  weekProblems,
  windowProblems,
  windowsOf,
} from "./availability-pattern.ts";

let ids = 0;
function rule(values: Partial<AvailabilityRule>): AvailabilityRule {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`,
    kind: "unavailable",
    weekday: null,
    date: null,
    start: null,
    end: null,
    effective_from: null,
    effective_until: null,
    ...values,
  };
}

describe("the weekly pattern as the editor holds it", () => {
  it("turns a week into the contracts' weekly change, days in order and windows by start", () => {
    const week = emptyWeek();
    week[3] = [
      { kind: "prefer", wholeDay: false, start: "13:00", end: "00:00" },
      { kind: "unavailable", wholeDay: false, start: "08:00", end: "12:00" },
    ];
    week[1] = [{ ...newWindow(), wholeDay: true, start: "ignored", end: "ignored" }];
    const change = weeklyChange(week, "2026-06-15");
    expect(change).toEqual({
      type: "weekly",
      effective_from: "2026-06-15",
      windows: [
        { weekday: 1, kind: "unavailable" },
        { weekday: 3, kind: "unavailable", start: "08:00", end: "12:00" },
        // A time input has no 24:00: an end typed as 00:00 is the day's end.
        { weekday: 3, kind: "prefer", start: "13:00", end: "24:00" },
      ],
    });
    expect(availabilityChangeSchema.safeParse(change).success).toBe(true);
  });

  it("an empty week is a change too: always available from that date", () => {
    expect(weeklyChange(emptyWeek(), "2026-06-15")).toEqual({
      type: "weekly",
      effective_from: "2026-06-15",
      windows: [],
    });
  });

  it("starts from the pattern in force on the date the change holds from", () => {
    const rules = [
      rule({ weekday: 1, effective_from: "2026-01-01", effective_until: "2026-06-30" }),
      rule({ weekday: 2, kind: "prefer", start: "09:00", end: "24:00", effective_from: "2026-01-01" }),
      rule({ weekday: 5, effective_from: "2026-07-01" }),
      rule({ date: "2026-06-20", kind: "available" }),
    ];
    const june = weekFromRules(rules, "2026-06-15");
    expect(june[1]).toEqual([{ kind: "unavailable", wholeDay: true, start: "09:00", end: "17:00" }]);
    expect(june[2]).toEqual([{ kind: "prefer", wholeDay: false, start: "09:00", end: "00:00" }]);
    expect(june[5]).toEqual([]);
    const july = weekFromRules(rules, "2026-07-01");
    expect(july[1]).toEqual([]);
    expect(july[5]).toHaveLength(1);
    // Back to the same change, as if nothing was edited.
    const again = weeklyChange(june, "2026-06-15");
    expect(again.type === "weekly" ? again.windows : null).toEqual([
      { weekday: 1, kind: "unavailable" },
      { weekday: 2, kind: "prefer", start: "09:00", end: "24:00" },
    ]);
  });

  it("compares weeks by what they say", () => {
    const a = emptyWeek();
    a[0] = [
      { kind: "unavailable", wholeDay: false, start: "08:00", end: "10:00" },
      { kind: "prefer", wholeDay: false, start: "12:00", end: "14:00" },
    ];
    const b = emptyWeek();
    b[0] = [...(a[0] ?? [])].reverse();
    expect(sameWeek(a, b)).toBe(true);
    b[0] = [];
    expect(sameWeek(a, b)).toBe(false);
  });

  it("names each window's problem with the contracts' keys", () => {
    expect(windowProblems({ kind: "prefer", wholeDay: true, start: "", end: "" })).toEqual({});
    expect(windowProblems({ kind: "prefer", wholeDay: false, start: "9", end: "17:00" })).toEqual({
      start: "availability.timeInvalid",
    });
    expect(windowProblems({ kind: "prefer", wholeDay: false, start: "17:00", end: "09:00" })).toEqual({
      end: "availability.endBeforeStart",
    });
    expect(windowProblems({ kind: "prefer", wholeDay: false, start: "17:00", end: "00:00" })).toEqual({});
    const week = emptyWeek();
    week[4] = [newWindow(), { kind: "unavailable", wholeDay: false, start: "10:00", end: "10:00" }];
    expect(weekProblems(week)).toEqual({ "4.1.end": "availability.endBeforeStart" });
    const full = emptyWeek().map(() => Array.from({ length: 5 }, () => newWindow()));
    expect(weekProblems(full)).toEqual({ windows: "availability.tooMany" });
  });

  it("shows a stored day's end as a time input can", () => {
    expect(endForInput("24:00")).toBe("00:00");
    expect(endForInput("17:30")).toBe("17:30");
  });

  it("orders the days as the reader's week starts", () => {
    expect(orderedWeekdays(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(orderedWeekdays(6)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });
});

describe("one date's exception", () => {
  it("is the contracts' exception change", () => {
    const whole = exceptionChange({ date: "2026-06-20", kind: "available", wholeDay: true, start: "", end: "" });
    expect(whole).toEqual({ type: "exception", date: "2026-06-20", kind: "available" });
    const part = exceptionChange({
      date: "2026-06-20",
      kind: "unavailable",
      wholeDay: false,
      start: "18:00",
      end: "00:00",
    });
    expect(part).toEqual({ type: "exception", date: "2026-06-20", kind: "unavailable", start: "18:00", end: "24:00" });
    expect(availabilityChangeSchema.safeParse(part).success).toBe(true);
  });
});

describe("what is in force and what comes", () => {
  const rules = [
    rule({ weekday: 3, effective_from: "2026-01-01", effective_until: "2026-03-31" }),
    rule({ weekday: 1, effective_from: "2026-04-01", effective_until: "2026-06-30" }),
    rule({ weekday: 0, kind: "prefer", effective_from: "2026-04-01", effective_until: "2026-06-30" }),
    rule({ weekday: 2, effective_from: "2026-07-01" }),
    rule({ date: "2026-06-10", kind: "unavailable" }),
    rule({ date: "2026-06-25", kind: "available" }),
    rule({ date: "2026-06-18", kind: "prefer", start: "08:00", end: "12:00" }),
  ];

  it("lists the pattern in force, then those to come, leaving out those over", () => {
    const patterns = weeklyPatterns(rules, "2026-06-15");
    expect(patterns.map((p) => [p.effectiveFrom, p.current, p.rules.map((r) => r.weekday)])).toEqual([
      ["2026-04-01", true, [0, 1]],
      ["2026-07-01", false, [2]],
    ]);
  });

  it("reads a pattern's rules as a week's windows", () => {
    const [current] = weeklyPatterns(rules, "2026-06-15");
    expect(windowsOf(current?.rules ?? [])).toEqual([
      { weekday: 0, kind: "prefer", start: null, end: null },
      { weekday: 1, kind: "unavailable", start: null, end: null },
    ]);
    expect(windowsOf([rule({ date: "2026-06-25", kind: "available" })])).toEqual([]);
  });

  it("lists the exceptions from today on, by date", () => {
    expect(upcomingExceptions(rules, "2026-06-15").map((r) => r.date)).toEqual(["2026-06-18", "2026-06-25"]);
  });
});
