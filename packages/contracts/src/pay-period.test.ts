import { describe, expect, it } from "vitest";
import { type PayPeriodSettings, payPeriodOf, payPeriodsBetween, stepPayPeriod } from "./pay-period.ts";
import { addDays, datesBetween, weekdayOf } from "./schedule-time.ts";

/**
 * Pay periods are calendar arithmetic on dates: the unit project runs this
 * under TZ=UTC, the tz-* projects under New York, Paris and Beirut, and the
 * periods must not move.
 */
const settings = (more: Partial<PayPeriodSettings>): PayPeriodSettings => ({
  pay_period: "weekly",
  pay_period_anchor: "2026-01-05",
  week_start: 1,
  ...more,
});

describe("weekly pay periods", () => {
  it("are the week holding the date, starting on Monday", () => {
    const weekly = settings({ week_start: 1 });
    // 2026-03-11 is a Wednesday.
    expect(payPeriodOf("2026-03-11", weekly)).toEqual({ start: "2026-03-09", end: "2026-03-15" });
    expect(payPeriodOf("2026-03-09", weekly)).toEqual({ start: "2026-03-09", end: "2026-03-15" });
    expect(payPeriodOf("2026-03-15", weekly)).toEqual({ start: "2026-03-09", end: "2026-03-15" });
  });

  it("start on Sunday when the week starts on Sunday", () => {
    const weekly = settings({ week_start: 0 });
    expect(payPeriodOf("2026-03-11", weekly)).toEqual({ start: "2026-03-08", end: "2026-03-14" });
    expect(payPeriodOf("2026-03-08", weekly)).toEqual({ start: "2026-03-08", end: "2026-03-14" });
    expect(payPeriodOf("2026-03-07", weekly)).toEqual({ start: "2026-03-01", end: "2026-03-07" });
  });

  it("start on Saturday when the week starts on Saturday", () => {
    const weekly = settings({ week_start: 6 });
    expect(payPeriodOf("2026-03-11", weekly)).toEqual({ start: "2026-03-07", end: "2026-03-13" });
    expect(payPeriodOf("2026-03-14", weekly)).toEqual({ start: "2026-03-14", end: "2026-03-20" });
    expect(payPeriodOf("2026-03-13", weekly)).toEqual({ start: "2026-03-07", end: "2026-03-13" });
  });

  it("run across a year's end", () => {
    expect(payPeriodOf("2027-01-01", settings({ week_start: 1 }))).toEqual({ start: "2026-12-28", end: "2027-01-03" });
  });

  it("always hold seven days starting on the week's first day", () => {
    for (const weekStart of [0, 1, 2, 3, 4, 5, 6]) {
      for (const date of datesBetween("2026-02-20", "2026-03-10")) {
        const period = payPeriodOf(date, settings({ week_start: weekStart }));
        expect(weekdayOf(period.start)).toBe(weekStart);
        expect(period.end).toBe(addDays(period.start, 6));
        expect(period.start <= date && date <= period.end).toBe(true);
      }
    }
  });
});

describe("biweekly pay periods", () => {
  const biweekly = settings({ pay_period: "biweekly", pay_period_anchor: "2026-01-05", week_start: 0 });

  it("are 14 days, one of which starts on the anchor", () => {
    expect(payPeriodOf("2026-01-05", biweekly)).toEqual({ start: "2026-01-05", end: "2026-01-18" });
    expect(payPeriodOf("2026-01-18", biweekly)).toEqual({ start: "2026-01-05", end: "2026-01-18" });
    expect(payPeriodOf("2026-01-19", biweekly)).toEqual({ start: "2026-01-19", end: "2026-02-01" });
    expect(payPeriodOf("2026-03-04", biweekly)).toEqual({ start: "2026-03-02", end: "2026-03-15" });
  });

  it("run on before the anchor too", () => {
    expect(payPeriodOf("2026-01-04", biweekly)).toEqual({ start: "2025-12-22", end: "2026-01-04" });
    expect(payPeriodOf("2025-12-22", biweekly)).toEqual({ start: "2025-12-22", end: "2026-01-04" });
    expect(payPeriodOf("2025-12-21", biweekly)).toEqual({ start: "2025-12-08", end: "2025-12-21" });
    expect(payPeriodOf("2024-02-29", biweekly)).toEqual({ start: "2024-02-19", end: "2024-03-03" });
  });

  it("do not depend on the week's first day", () => {
    expect(payPeriodOf("2026-03-04", { ...biweekly, week_start: 3 })).toEqual(payPeriodOf("2026-03-04", biweekly));
  });

  it("tile the calendar with no gap or overlap, either side of the anchor", () => {
    let previous = payPeriodOf("2025-06-01", biweekly);
    for (let i = 0; i < 40; i++) {
      const next = stepPayPeriod(previous, biweekly, 1);
      expect(next.start).toBe(addDays(previous.end, 1));
      expect(next.end).toBe(addDays(next.start, 13));
      previous = next;
    }
  });
});

describe("semimonthly pay periods", () => {
  const semimonthly = settings({ pay_period: "semimonthly" });

  it("are the 1st–15th and the 16th–last day of a 31-day month", () => {
    expect(payPeriodOf("2026-03-01", semimonthly)).toEqual({ start: "2026-03-01", end: "2026-03-15" });
    expect(payPeriodOf("2026-03-15", semimonthly)).toEqual({ start: "2026-03-01", end: "2026-03-15" });
    expect(payPeriodOf("2026-03-16", semimonthly)).toEqual({ start: "2026-03-16", end: "2026-03-31" });
    expect(payPeriodOf("2026-03-31", semimonthly)).toEqual({ start: "2026-03-16", end: "2026-03-31" });
  });

  it("end on the 30th in a 30-day month", () => {
    expect(payPeriodOf("2026-04-20", semimonthly)).toEqual({ start: "2026-04-16", end: "2026-04-30" });
  });

  it("end on the 28th of February, the 29th in a leap year", () => {
    expect(payPeriodOf("2026-02-28", semimonthly)).toEqual({ start: "2026-02-16", end: "2026-02-28" });
    expect(payPeriodOf("2024-02-16", semimonthly)).toEqual({ start: "2024-02-16", end: "2024-02-29" });
    expect(payPeriodOf("2024-02-29", semimonthly)).toEqual({ start: "2024-02-16", end: "2024-02-29" });
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(payPeriodOf("2100-02-20", semimonthly)).toEqual({ start: "2100-02-16", end: "2100-02-28" });
    expect(payPeriodOf("2000-02-20", semimonthly)).toEqual({ start: "2000-02-16", end: "2000-02-29" });
  });

  it("end on the 31st of December and step into January", () => {
    const december = payPeriodOf("2026-12-24", semimonthly);
    expect(december).toEqual({ start: "2026-12-16", end: "2026-12-31" });
    expect(stepPayPeriod(december, semimonthly, 1)).toEqual({ start: "2027-01-01", end: "2027-01-15" });
  });
});

describe("stepping and listing pay periods", () => {
  it("steps to the period before and after", () => {
    const weekly = settings({ week_start: 1 });
    const period = payPeriodOf("2026-03-11", weekly);
    expect(stepPayPeriod(period, weekly, 1)).toEqual({ start: "2026-03-16", end: "2026-03-22" });
    expect(stepPayPeriod(period, weekly, -1)).toEqual({ start: "2026-03-02", end: "2026-03-08" });

    const semimonthly = settings({ pay_period: "semimonthly" });
    const march1 = payPeriodOf("2026-03-02", semimonthly);
    expect(stepPayPeriod(march1, semimonthly, -1)).toEqual({ start: "2026-02-16", end: "2026-02-28" });
    expect(stepPayPeriod(stepPayPeriod(march1, semimonthly, -1), semimonthly, -1)).toEqual({
      start: "2026-02-01",
      end: "2026-02-15",
    });

    const biweekly = settings({ pay_period: "biweekly", pay_period_anchor: "2026-01-05" });
    expect(stepPayPeriod({ start: "2026-01-05", end: "2026-01-18" }, biweekly, -1)).toEqual({
      start: "2025-12-22",
      end: "2026-01-04",
    });
  });

  it("lists every period touching a range, in order", () => {
    const semimonthly = settings({ pay_period: "semimonthly" });
    expect(payPeriodsBetween("2026-02-10", "2026-03-16", semimonthly)).toEqual([
      { start: "2026-02-01", end: "2026-02-15" },
      { start: "2026-02-16", end: "2026-02-28" },
      { start: "2026-03-01", end: "2026-03-15" },
      { start: "2026-03-16", end: "2026-03-31" },
    ]);
    const weekly = settings({ week_start: 0 });
    expect(payPeriodsBetween("2026-03-08", "2026-03-14", weekly)).toEqual([{ start: "2026-03-08", end: "2026-03-14" }]);
    expect(payPeriodsBetween("2026-03-14", "2026-03-15", weekly)).toEqual([
      { start: "2026-03-08", end: "2026-03-14" },
      { start: "2026-03-15", end: "2026-03-21" },
    ]);
    const biweekly = settings({ pay_period: "biweekly", pay_period_anchor: "2026-01-05" });
    expect(payPeriodsBetween("2025-12-30", "2026-01-05", biweekly)).toEqual([
      { start: "2025-12-22", end: "2026-01-04" },
      { start: "2026-01-05", end: "2026-01-18" },
    ]);
  });

  it("lists nothing when the range ends before it starts", () => {
    expect(payPeriodsBetween("2026-03-10", "2026-03-09", settings({}))).toEqual([]);
  });

  it("refuses what is not a date or a pay period kind", () => {
    expect(() => payPeriodOf("2026-02-30", settings({}))).toThrow(RangeError);
    expect(() => payPeriodOf("2026-03-10", settings({ pay_period: "biweekly", pay_period_anchor: "soon" }))).toThrow(
      RangeError,
    );
    expect(() => payPeriodOf("2026-03-10", settings({ week_start: 7 }))).toThrow(RangeError);
    expect(() => payPeriodOf("2026-03-10", settings({ pay_period: "monthly" as never }))).toThrow(RangeError);
  });
});
