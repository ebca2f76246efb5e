import { describe, expect, it } from "vitest";
import { clockStateFromParams, paramsFromClockState } from "./clock-url.ts";
import { holdsDate, periodDates, periodSettingsOf, periodTense, steppedPeriodDate } from "./period.ts";

const weekly = { pay_period: "weekly", pay_period_anchor: "2026-01-05", week_start: 1 } as const;
const biweekly = { pay_period: "biweekly", pay_period_anchor: "2026-01-05", week_start: 1 } as const;
const semimonthly = { pay_period: "semimonthly", pay_period_anchor: "2026-01-05", week_start: 0 } as const;

describe("period navigation", () => {
  it("steps weekly periods by a week, from the week start", () => {
    const period = { start: "2026-03-02", end: "2026-03-08" };
    expect(steppedPeriodDate(period, weekly, 1)).toBe("2026-03-09");
    expect(steppedPeriodDate(period, weekly, -1)).toBe("2026-02-23");
  });

  it("steps two-week periods from the anchor, before it too", () => {
    const period = { start: "2026-01-05", end: "2026-01-18" };
    expect(steppedPeriodDate(period, biweekly, 1)).toBe("2026-01-19");
    expect(steppedPeriodDate(period, biweekly, -1)).toBe("2025-12-22");
  });

  it("steps half months across month ends and leap years", () => {
    expect(steppedPeriodDate({ start: "2028-02-16", end: "2028-02-29" }, semimonthly, 1)).toBe("2028-03-01");
    expect(steppedPeriodDate({ start: "2026-03-01", end: "2026-03-15" }, semimonthly, -1)).toBe("2026-02-16");
    expect(steppedPeriodDate({ start: "2026-01-01", end: "2026-01-15" }, semimonthly, -1)).toBe("2025-12-16");
  });

  it("reads the rules off a timesheet answer", () => {
    const settings = { pay_period: "biweekly", pay_period_anchor: "2026-02-02" } as never;
    expect(periodSettingsOf({ settings, week_start: 6 })).toEqual({
      pay_period: "biweekly",
      pay_period_anchor: "2026-02-02",
      week_start: 6,
    });
  });

  it("knows whether a period holds a day, and where it stands against today", () => {
    const period = { start: "2026-03-02", end: "2026-03-08" };
    expect(holdsDate(period, "2026-03-02")).toBe(true);
    expect(holdsDate(period, "2026-03-08")).toBe(true);
    expect(holdsDate(period, "2026-03-09")).toBe(false);
    expect(periodTense(period, "2026-03-05")).toBe("current");
    expect(periodTense(period, "2026-03-09")).toBe("past");
    expect(periodTense(period, "2026-03-01")).toBe("future");
    expect(periodDates(period)).toHaveLength(7);
    expect(periodDates({ start: "2026-02-16", end: "2026-02-28" }).at(-1)).toBe("2026-02-28");
  });
});

describe("the page's address", () => {
  it("reads the view, the date and the open person, falling back on anything unreadable", () => {
    const person = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(clockStateFromParams(new URLSearchParams(`view=timesheets&date=2026-03-04&person=${person}`))).toEqual({
      view: "timesheets",
      date: "2026-03-04",
      person: person.toLowerCase(),
    });
    expect(clockStateFromParams(new URLSearchParams("view=nope&date=2026-02-30&person=x"))).toEqual({
      view: "live",
      date: null,
      person: null,
    });
  });

  it("writes only what differs from the live view of today", () => {
    expect(paramsFromClockState({ view: "live", date: null, person: null }).toString()).toBe("");
    expect(paramsFromClockState({ view: "timesheets", date: "2026-03-02", person: null }).toString()).toBe(
      "view=timesheets&date=2026-03-02",
    );
  });
});
