import { describe, expect, it } from "vitest";
import {
  ADAM,
  availability,
  BOARD,
  COOK,
  DAYS,
  GONE,
  nearby,
  OTHER_BOARD,
  person,
  shift,
  week,
  ZOE,
} from "./board-fixtures.test-support.ts";
import { boardTotals, boardWarnings, weeklyLimitOf } from "./week-figures.ts";

const dates = DAYS.map((day) => day.date);

describe("the board's warnings", () => {
  it("flag weekly overtime counting the person's shifts on other boards", () => {
    // Five 8.5-hour days here (40 paid hours with 30-minute breaks)…
    const here = [23, 24, 25, 26, 27].map((day) =>
      shift({ starts_at: `2026-03-${day}T07:00:00.000Z`, ends_at: `2026-03-${day}T15:30:00.000Z` }),
    );
    // …and Saturday on another board.
    const elsewhere = nearby({
      user_id: ZOE,
      starts_at: "2026-03-28T07:00:00.000Z",
      ends_at: "2026-03-28T11:00:00.000Z",
    });
    const warnings = boardWarnings(week({ shifts: here, nearby_shifts: [elsewhere] }));
    const last = warnings.get(here[4]?.id ?? "") ?? [];
    expect(last.map((w) => w.kind)).toContain("weekly_overtime");
    expect(warnings.has(elsewhere.id)).toBe(false);
  });

  it("flag a person not on the shift's job, and nothing for open shifts", () => {
    const bar = shift({ user_id: ZOE, job_id: "00000000-0000-4000-8000-00000000cc02" });
    const open = shift({ user_id: null });
    const warnings = boardWarnings(week({ shifts: [bar, open] }));
    expect(warnings.get(bar.id)?.map((w) => w.kind)).toEqual(["not_on_job"]);
    expect(warnings.has(open.id)).toBe(false);
  });

  it("flag a shift in its person's unavailable hours beside the rules' warnings", () => {
    const bar = shift({ user_id: ZOE, job_id: "00000000-0000-4000-8000-00000000cc02" });
    const warnings = boardWarnings(
      week({ shifts: [bar], availability: [availability({ start: "12:00", end: "18:00", note: "Classes" })] }),
    );
    expect(warnings.get(bar.id)?.map((w) => [w.kind, w.note ?? null])).toEqual([
      ["not_on_job", null],
      ["unavailable", "Classes"],
    ]);
  });

  it("flag a shift on its person's approved time off, with the leave type's name", () => {
    const day = shift({ user_id: ZOE });
    const warnings = boardWarnings(
      week({
        shifts: [day],
        time_off: [
          {
            request_id: "00000000-0000-4000-8000-0000000000f1",
            user_id: ZOE,
            date: "2026-03-24",
            starts_at: "2026-03-23T23:00:00.000Z",
            ends_at: "2026-03-24T23:00:00.000Z",
            part: false,
            leave_type: { id: "00000000-0000-4000-8000-0000000000e1", name: "Vacation", color: "#2f9e44" },
          },
        ],
      }),
    );
    expect(warnings.get(day.id)?.map((w) => [w.kind, w.note ?? null, w.minutes])).toEqual([
      ["on_leave", "Vacation", 480],
    ]);
  });

  it("ignore removals waiting for publish", () => {
    const a = shift({ starts_at: "2026-03-24T06:00:00.000Z", ends_at: "2026-03-24T14:00:00.000Z" });
    const b = shift({ starts_at: "2026-03-24T16:00:00.000Z", ends_at: "2026-03-24T20:00:00.000Z", status: "deleted" });
    const warnings = boardWarnings(week({ shifts: [a, b] }));
    expect(warnings.get(a.id) ?? []).toEqual([]);
  });
});

describe("the board's totals", () => {
  it("count paid hours and cost per person, at the person's rate, else the job's", () => {
    const w = week({
      people: [person(ZOE, "Zoé", "Martin", [COOK], { hourly_rate: 20 }), person(ADAM, "Adam", "Haddad", [COOK])],
      jobs: [{ id: COOK, name: "Cook", color: "#000", hourly_rate: 15, is_archived: false }],
      shifts: [shift({ user_id: ZOE }), shift({ user_id: ADAM })],
    });
    const totals = boardTotals(w, w.shifts, dates);
    expect(totals.people.get(ZOE)).toEqual({ minutes: 450, cost: 150, shifts: 1, over: false });
    expect(totals.people.get(ADAM)).toEqual({ minutes: 450, cost: 112.5, shifts: 1, over: false });
    expect(totals.days.get("2026-03-24")).toEqual({ minutes: 900, headcount: 2, cost: 262.5, open: 0 });
    expect(totals.days.get("2026-03-23")).toEqual({ minutes: 0, headcount: 0, cost: 0, open: 0 });
  });

  it("count an overnight shift on the night the clocks change with its real 7 hours, on its start day", () => {
    const night = shift({
      starts_at: "2026-03-28T21:00:00.000Z",
      ends_at: "2026-03-29T04:00:00.000Z",
      break_minutes: 0,
    });
    const totals = boardTotals(week({ shifts: [night] }), [night], dates);
    expect(totals.days.get("2026-03-28")?.minutes).toBe(420);
    expect(totals.days.get("2026-03-29")?.minutes).toBe(0);
  });

  it("mark a person over the weekly limit of their board", () => {
    const long = [23, 24, 25, 26, 27, 28].map((day) =>
      shift({ starts_at: `2026-03-${day}T07:00:00.000Z`, ends_at: `2026-03-${day}T15:30:00.000Z` }),
    );
    const totals = boardTotals(week({ shifts: long }), long, dates);
    expect(totals.people.get(ZOE)).toMatchObject({ minutes: 2880, over: true });
  });

  it("keep people's week totals whole under a job filter, while the days count what is shown", () => {
    const cook = shift({ user_id: ZOE });
    const bar = shift({ user_id: ZOE, job_id: "00000000-0000-4000-8000-00000000cc02" });
    const totals = boardTotals(week({ shifts: [cook, bar] }), [cook], dates);
    expect(totals.people.get(ZOE)?.minutes).toBe(900);
    expect(totals.days.get("2026-03-24")?.minutes).toBe(450);
  });

  it("give the open shifts row its hours, and leave removals out", () => {
    const open = shift({ user_id: null });
    const removed = shift({ user_id: GONE, status: "deleted" });
    const totals = boardTotals(week({ shifts: [open, removed] }), [open, removed], dates);
    expect(totals.people.get("open")).toEqual({ minutes: 450, cost: null, shifts: 1, over: false });
    expect(totals.people.has(GONE)).toBe(false);
    expect(totals.days.get("2026-03-24")).toMatchObject({ minutes: 450, open: 1, headcount: 0 });
  });
});

describe("boards in other zones", () => {
  // A Beirut board (UTC+2 on 24 March) beside the Paris one; Beirut's Tuesday 00:30–08:30 is Paris's Monday 23:30.
  const BEIRUT = "Asia/Beirut";
  const beirutBoard = {
    id: OTHER_BOARD,
    name: "Beirut",
    time_zone: BEIRUT,
    week_start: 1,
    rules: { min_rest_minutes: 0, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
  };
  const night = { starts_at: "2026-03-23T22:30:00.000Z", ends_at: "2026-03-24T06:30:00.000Z", break_minutes: 0 };

  it("count each shift on its board's day in the all-boards totals", () => {
    const beirut = shift({ board_id: OTHER_BOARD, ...night });
    const w = week({ boards: [...week().boards, beirutBoard], shifts: [beirut] });
    const totals = boardTotals(w, w.shifts, dates);
    expect(totals.days.get("2026-03-24")?.minutes).toBe(480);
    expect(totals.days.get("2026-03-23")?.minutes).toBe(0);
    expect(totals.people.get(ZOE)?.minutes).toBe(480);
  });

  it("judge a person's shift on another board on that board's day", () => {
    const elsewhere = nearby({ user_id: ZOE, board_id: OTHER_BOARD, time_zone: BEIRUT, ...night });
    // Tuesday 10:00–12:00 in Paris: with the Beirut night, 10 hours on Tuesday.
    const here = shift({
      starts_at: "2026-03-24T09:00:00.000Z",
      ends_at: "2026-03-24T11:00:00.000Z",
      break_minutes: 0,
    });
    const warnings = boardWarnings(week({ shifts: [here], nearby_shifts: [elsewhere] }));
    const daily = (warnings.get(here.id) ?? []).filter((w) => w.kind === "daily_overtime");
    expect(daily.map((w) => [w.minutes, w.date])).toEqual([[600, "2026-03-24"]]);
  });
});

describe("the weekly limit", () => {
  it("is the person's board's rule, else the first board's", () => {
    const w = week();
    expect(weeklyLimitOf(w, [BOARD])).toBe(2400);
    expect(weeklyLimitOf(w, [OTHER_BOARD])).toBe(2400);
  });
});
