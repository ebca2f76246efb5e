import { describe, expect, it } from "vitest";
import { PUNCH_FUTURE_SLACK_MS } from "./time-clock.ts";
import { type TimeEntryShape, timeEntryProblems } from "./time-entry-rules.ts";

const at = (time: string, day = "2026-06-08") => `${day}T${time}:00.000Z`;
const entry = (overrides: Partial<TimeEntryShape> = {}): TimeEntryShape => ({
  clock_in_at: at("09:00"),
  clock_out_at: at("17:00"),
  breaks: [],
  ...overrides,
});
const rulesOf = (shape: TimeEntryShape, now?: number) =>
  timeEntryProblems(shape, now === undefined ? {} : { now }).map((problem) => [problem.field, problem.rule]);

describe("a time entry", () => {
  it("from 09:00 to 17:00 with a lunch break has no problem", () => {
    expect(timeEntryProblems(entry({ breaks: [{ starts_at: at("12:00"), ends_at: at("12:30") }] }))).toEqual([]);
  });

  it("ends after it starts", () => {
    expect(timeEntryProblems(entry({ clock_out_at: at("09:00") }))).toEqual([
      { rule: "out_not_after_in", field: "clock_out_at", key: "timeClock.outBeforeIn" },
    ]);
    expect(rulesOf(entry({ clock_out_at: at("08:00") }))).toEqual([["clock_out_at", "out_not_after_in"]]);
  });

  it("a manager sets lasts 24 hours at most", () => {
    expect(rulesOf(entry({ clock_out_at: at("09:00", "2026-06-09") }))).toEqual([]);
    expect(timeEntryProblems(entry({ clock_out_at: at("09:01", "2026-06-09") }))).toEqual([
      { rule: "over_a_day", field: "clock_out_at", key: "timeClock.entryOverDay" },
    ]);
  });

  it("may be open (no clock-out yet), its last break going on", () => {
    expect(
      rulesOf(
        entry({
          clock_out_at: null,
          breaks: [
            { starts_at: at("11:00"), ends_at: at("11:15") },
            { starts_at: at("13:00"), ends_at: null },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it("is not in the future, by the clock given (a little slack allowed); without one, that is not checked", () => {
    const now = Date.parse(at("12:00"));
    expect(rulesOf(entry({ clock_in_at: at("08:00"), clock_out_at: at("12:00") }), now)).toEqual([]);
    expect(rulesOf(entry({ clock_in_at: at("08:00"), clock_out_at: at("12:02") }), now)).toEqual([]);
    expect(timeEntryProblems(entry({ clock_in_at: at("08:00"), clock_out_at: at("12:03") }), { now })).toEqual([
      { rule: "out_future", field: "clock_out_at", key: "timeClock.future" },
    ]);
    expect(rulesOf(entry(), Date.parse(at("08:00")))).toEqual([
      ["clock_in_at", "in_future"],
      ["clock_out_at", "out_future"],
    ]);
    expect(rulesOf(entry({ clock_in_at: at("12:00"), clock_out_at: null }), now - PUNCH_FUTURE_SLACK_MS)).toEqual([]);
    expect(rulesOf(entry())).toEqual([]);
  });
});

describe("its breaks", () => {
  const breaks = (...list: [string, string | null][]) =>
    list.map(([start, end]) => ({ starts_at: at(start), ends_at: end === null ? null : at(end) }));

  it("lie inside the entry", () => {
    expect(timeEntryProblems(entry({ breaks: breaks(["08:30", "09:30"]) }))).toEqual([
      { rule: "break_outside", field: "breaks.0", key: "timeClock.breakOutside" },
    ]);
    expect(rulesOf(entry({ breaks: breaks(["16:30", "17:30"]) }))).toEqual([["breaks.0", "break_outside"]]);
    expect(rulesOf(entry({ breaks: breaks(["09:00", "09:15"], ["16:45", "17:00"]) }))).toEqual([]);
  });

  it("end after they start", () => {
    expect(rulesOf(entry({ breaks: breaks(["12:00", "12:00"]) }))).toEqual([["breaks.0", "break_outside"]]);
  });

  it("come in order and do not overlap (touching is fine)", () => {
    expect(rulesOf(entry({ breaks: breaks(["12:00", "12:30"], ["12:30", "12:45"]) }))).toEqual([]);
    expect(rulesOf(entry({ breaks: breaks(["12:00", "12:30"], ["12:15", "12:45"]) }))).toEqual([
      ["breaks.1", "break_outside"],
    ]);
    expect(rulesOf(entry({ breaks: breaks(["14:00", "14:30"], ["12:00", "12:30"]) }))).toEqual([
      ["breaks.1", "break_outside"],
    ]);
  });

  it("have all ended in a closed entry; in an open one only the last may go on", () => {
    expect(rulesOf(entry({ breaks: breaks(["12:00", null]) }))).toEqual([["breaks.0", "break_outside"]]);
    expect(
      timeEntryProblems(entry({ clock_out_at: null, breaks: breaks(["11:00", null], ["13:00", "13:30"]) })),
    ).toEqual([{ rule: "break_open_not_last", field: "breaks.0", key: "timeClock.breakOutside" }]);
  });

  it("are each reported, after the entry's own problems", () => {
    expect(
      rulesOf(entry({ clock_out_at: at("08:00"), breaks: breaks(["07:00", "07:30"], ["12:00", "12:30"]) })),
    ).toEqual([
      ["clock_out_at", "out_not_after_in"],
      ["breaks.0", "break_outside"],
      ["breaks.1", "break_outside"],
    ]);
  });
});
