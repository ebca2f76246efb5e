import { describe, expect, it } from "vitest";
import { type PayPeriodSettings, payPeriodsBetween } from "./pay-period.ts";
import {
  type AccrualInput,
  type AccrualPolicy,
  type DerivedEntry,
  deriveLedger,
  firstGrantMinutes,
  hoursAccrualMinutes,
  ledgerBalance,
  nextResetAfter,
  resetDateIn,
  resetOnOrBefore,
} from "./time-off-accrual.ts";

/**
 * A ledger's derived entries are calendar arithmetic on dates: the unit
 * project runs this under UTC, the tz-* projects under New York, Paris and
 * Beirut, and no entry may move.
 */
const H = 60;
const biweekly: PayPeriodSettings = { pay_period: "biweekly", pay_period_anchor: "2026-01-05", week_start: 1 };

const policy = (more: Partial<AccrualPolicy> = {}): AccrualPolicy => ({
  accrual: "yearly",
  amount_minutes: 80 * H,
  per_worked_minutes: null,
  reset_month: 1,
  reset_day: 1,
  prorate: true,
  max_balance_minutes: null,
  carryover_max_minutes: null,
  waiting_days: 0,
  ...more,
});

const input = (more: Partial<AccrualInput>): AccrualInput => ({
  policy: policy(),
  started_on: "2024-01-01",
  pay_periods: biweekly,
  worked: [],
  taken: [],
  adjustments: [],
  today: "2026-06-15",
  ...more,
});

const brief = (entries: DerivedEntry[]) => entries.map((entry) => [entry.kind, entry.effective_on, entry.minutes]);
const balanceOf = (value: AccrualInput) => ledgerBalance(deriveLedger(value), value.adjustments);

describe("reset dates", () => {
  it("fall on the policy's month and day", () => {
    expect(resetDateIn(2026, 4, 1)).toBe("2026-04-01");
    expect(nextResetAfter("2026-04-01", 4, 1)).toBe("2027-04-01");
    expect(nextResetAfter("2026-03-31", 4, 1)).toBe("2026-04-01");
    expect(resetOnOrBefore("2026-04-01", 4, 1)).toBe("2026-04-01");
    expect(resetOnOrBefore("2026-03-31", 4, 1)).toBe("2025-04-01");
  });

  it("on the 29th of February fall on the 28th in other years", () => {
    expect(resetDateIn(2024, 2, 29)).toBe("2024-02-29");
    expect(resetDateIn(2025, 2, 29)).toBe("2025-02-28");
    expect(resetDateIn(2100, 2, 29)).toBe("2100-02-28");
    expect(resetDateIn(2000, 2, 29)).toBe("2000-02-29");
  });

  it("past a month's end fall on its last day", () => {
    expect(resetDateIn(2026, 4, 31)).toBe("2026-04-30");
  });
});

describe("no policy, or a policy without accrual", () => {
  it("leaves only the days taken, each on its day, negative", () => {
    const entries = deriveLedger(
      input({
        policy: null,
        taken: [
          { day: "2026-06-02", minutes: 480, request_id: "r1" },
          { day: "2026-06-01", minutes: 480, request_id: "r1" },
        ],
      }),
    );
    expect(entries).toEqual([
      { kind: "taken", minutes: -480, effective_on: "2026-06-01", request_id: "r1", period_start: null },
      { kind: "taken", minutes: -480, effective_on: "2026-06-02", request_id: "r1", period_start: null },
    ]);
  });

  it("takes out leave ahead of today too, and writes nothing for a day that counts 0", () => {
    const value = input({
      policy: policy({ accrual: "none" }),
      taken: [
        { day: "2026-12-24", minutes: 240, request_id: "r2" },
        { day: "2026-12-26", minutes: 0, request_id: "r2" },
      ],
      adjustments: [{ effective_on: "2026-01-10", minutes: 600 }],
    });
    expect(brief(deriveLedger(value))).toEqual([["taken", "2026-12-24", -240]]);
    expect(balanceOf(value)).toBe(360);
  });
});

describe("a yearly grant", () => {
  it("is given whole on each reset date from a start on a reset date", () => {
    const entries = deriveLedger(input({ started_on: "2025-01-01" }));
    expect(brief(entries)).toEqual([
      ["grant", "2025-01-01", 4800],
      ["grant", "2026-01-01", 4800],
    ]);
  });

  it("is prorated for a hire date mid-year: the days left to the reset over the year's", () => {
    // 2025-07-01 → 2026-01-01 is 184 of 365 days.
    const entries = deriveLedger(input({ started_on: "2025-07-01", today: "2025-12-31" }));
    expect(brief(entries)).toEqual([["grant", "2025-07-01", Math.round((4800 * 184) / 365)]]);
    expect(firstGrantMinutes(policy(), "2025-07-01")).toBe(2420);
  });

  it("is given whole at a mid-year start when not prorated", () => {
    const entries = deriveLedger(input({ policy: policy({ prorate: false }), started_on: "2025-07-01" }));
    expect(brief(entries)).toEqual([
      ["grant", "2025-07-01", 4800],
      ["grant", "2026-01-01", 4800],
    ]);
  });

  it("prorates over a leap year's 366 days", () => {
    // 2024-03-01 → 2025-01-01 is 306 of 366 days.
    expect(firstGrantMinutes(policy(), "2024-03-01")).toBe(Math.round((4800 * 306) / 366));
  });

  it("on the 29th of February is given on the 28th in other years", () => {
    const entries = deriveLedger(
      input({ policy: policy({ reset_month: 2, reset_day: 29 }), started_on: "2024-02-29", today: "2026-03-01" }),
    );
    expect(brief(entries)).toEqual([
      ["grant", "2024-02-29", 4800],
      ["grant", "2025-02-28", 4800],
      ["grant", "2026-02-28", 4800],
    ]);
  });

  it("is not given before the reset date comes", () => {
    const entries = deriveLedger(input({ started_on: "2025-01-01", today: "2025-12-31" }));
    expect(brief(entries)).toEqual([["grant", "2025-01-01", 4800]]);
  });

  it("after a waiting period starts when it ends, prorated from then", () => {
    // Start 2025-06-02 + 90 days = 2025-08-31; to 2026-01-01: 123 of 365 days.
    const value = input({ policy: policy({ waiting_days: 90 }), started_on: "2025-06-02", today: "2025-12-31" });
    expect(brief(deriveLedger(value))).toEqual([["grant", "2025-08-31", Math.round((4800 * 123) / 365)]]);
    expect(deriveLedger({ ...value, today: "2025-08-30" })).toEqual([]);
  });

  it("gives nothing to someone who has not started yet", () => {
    expect(deriveLedger(input({ started_on: "2026-09-01" }))).toEqual([]);
  });
});

describe("the reset with carry-over and expiry", () => {
  it("expires what the balance holds above the carry-over before the new grant", () => {
    const value = input({
      policy: policy({ carryover_max_minutes: 16 * H }),
      started_on: "2025-01-01",
      taken: [{ day: "2025-03-10", minutes: 8 * H, request_id: "r1" }],
    });
    // 80 h − 8 h = 72 h on 2025-12-31; 16 h carry over, 56 h expire; then 80 h more.
    expect(brief(deriveLedger(value))).toEqual([
      ["grant", "2025-01-01", 4800],
      ["taken", "2025-03-10", -480],
      ["expiry", "2026-01-01", -(56 * H)],
      ["grant", "2026-01-01", 4800],
    ]);
    expect(balanceOf(value)).toBe(96 * H);
  });

  it("expires nothing when the balance is within the carry-over, or without a carry-over limit", () => {
    const within = input({
      policy: policy({ carryover_max_minutes: 100 * H }),
      started_on: "2025-01-01",
    });
    expect(deriveLedger(within).filter((entry) => entry.kind === "expiry")).toEqual([]);
    const unlimited = input({ started_on: "2025-01-01" });
    expect(balanceOf(unlimited)).toBe(160 * H);
  });

  it("counts adjustments and time taken before the reset, not after it", () => {
    const value = input({
      policy: policy({ carryover_max_minutes: 0 }),
      started_on: "2025-01-01",
      adjustments: [
        { effective_on: "2025-05-01", minutes: 600 },
        { effective_on: "2026-01-01", minutes: 100 },
      ],
      taken: [{ day: "2026-01-02", minutes: 60, request_id: "r" }],
    });
    expect(brief(deriveLedger(value))).toEqual([
      ["grant", "2025-01-01", 4800],
      ["expiry", "2026-01-01", -5400],
      ["grant", "2026-01-01", 4800],
      ["taken", "2026-01-02", -60],
    ]);
    expect(balanceOf(value)).toBe(4800 + 100 - 60);
  });

  it("never expires a negative balance", () => {
    const value = input({
      policy: policy({ accrual: "none", carryover_max_minutes: 0 }),
      started_on: "2025-01-01",
      taken: [{ day: "2025-06-01", minutes: 480, request_id: "r" }],
    });
    expect(brief(deriveLedger(value))).toEqual([["taken", "2025-06-01", -480]]);
  });

  it("with the reset on the 29th of February expires on the 28th in other years", () => {
    const value = input({
      policy: policy({ accrual: "none", reset_month: 2, reset_day: 29, carryover_max_minutes: 60 }),
      started_on: "2024-01-01",
      adjustments: [{ effective_on: "2024-01-10", minutes: 600 }],
      today: "2025-03-01",
    });
    expect(brief(deriveLedger(value))).toEqual([["expiry", "2024-02-29", -540]]);
    expect(brief(deriveLedger({ ...value, adjustments: [{ effective_on: "2024-03-10", minutes: 600 }] }))).toEqual([
      ["expiry", "2025-02-28", -540],
    ]);
  });
});

describe("accrual per pay period", () => {
  it("gives the amount at the end of each period ended by today, from the start", () => {
    const value = input({
      policy: policy({ accrual: "per_period", amount_minutes: 240 }),
      started_on: "2026-01-05",
      today: "2026-02-15",
    });
    // Biweekly from 2026-01-05: ends 01-18, 02-01, 02-15.
    expect(brief(deriveLedger(value))).toEqual([
      ["accrual", "2026-01-18", 240],
      ["accrual", "2026-02-01", 240],
      ["accrual", "2026-02-15", 240],
    ]);
    expect(brief(deriveLedger({ ...value, today: "2026-02-14" }))).toHaveLength(2);
  });

  it("reads the organization's periods computed once for many people the same as its own", () => {
    const value = input({
      policy: policy({ accrual: "per_period", amount_minutes: 240, waiting_days: 10 }),
      started_on: "2026-01-20",
      today: "2026-03-20",
    });
    const periods = payPeriodsBetween("2025-06-01", "2026-03-20", biweekly);
    expect(deriveLedger({ ...value, periods })).toEqual(deriveLedger(value));
    expect(brief(deriveLedger({ ...value, periods }))).toEqual([
      ["accrual", "2026-02-01", 240],
      ["accrual", "2026-02-15", 240],
      ["accrual", "2026-03-01", 240],
      ["accrual", "2026-03-15", 240],
    ]);
  });

  it("waits for the waiting period: a period counts when it ends on or after it", () => {
    const value = input({
      policy: policy({ accrual: "per_period", amount_minutes: 240, waiting_days: 20 }),
      started_on: "2026-01-05",
      today: "2026-02-15",
    });
    // Eligible from 2026-01-25.
    expect(brief(deriveLedger(value))).toEqual([
      ["accrual", "2026-02-01", 240],
      ["accrual", "2026-02-15", 240],
    ]);
  });
});

describe("accrual per hours worked", () => {
  const hourly = policy({ accrual: "per_hours", amount_minutes: 60, per_worked_minutes: 30 * H });

  it("is proportional, rounded to the minute, dated at each approved period's end", () => {
    expect(hoursAccrualMinutes(hourly, 80 * H)).toBe(160);
    expect(hoursAccrualMinutes(hourly, 100)).toBe(3);
    const value = input({
      policy: hourly,
      started_on: "2026-01-01",
      worked: [
        { period_start: "2026-01-05", period_end: "2026-01-18", worked_minutes: 80 * H },
        { period_start: "2026-01-19", period_end: "2026-02-01", worked_minutes: 45 * H },
      ],
    });
    expect(deriveLedger(value)).toEqual([
      { kind: "accrual", minutes: 160, effective_on: "2026-01-18", request_id: null, period_start: "2026-01-05" },
      { kind: "accrual", minutes: 90, effective_on: "2026-02-01", request_id: null, period_start: "2026-01-19" },
    ]);
  });

  it("stops at the cap: an accrual that would pass it is cut, and none is written once it is reached", () => {
    const value = input({
      policy: { ...hourly, max_balance_minutes: 200 },
      started_on: "2026-01-01",
      worked: [
        { period_start: "2026-01-05", period_end: "2026-01-18", worked_minutes: 80 * H },
        { period_start: "2026-01-19", period_end: "2026-02-01", worked_minutes: 80 * H },
        { period_start: "2026-02-02", period_end: "2026-02-15", worked_minutes: 80 * H },
        { period_start: "2026-02-16", period_end: "2026-03-01", worked_minutes: 80 * H },
      ],
      taken: [{ day: "2026-02-10", minutes: 120, request_id: "r" }],
    });
    expect(brief(deriveLedger(value))).toEqual([
      ["accrual", "2026-01-18", 160],
      ["accrual", "2026-02-01", 40],
      ["taken", "2026-02-10", -120],
      ["accrual", "2026-02-15", 120],
    ]);
    expect(balanceOf(value)).toBe(200);
  });

  it("never accrues negative when a balance is above the cap (an adjustment put it there)", () => {
    const value = input({
      policy: { ...hourly, max_balance_minutes: 100 },
      started_on: "2026-01-01",
      adjustments: [{ effective_on: "2026-01-02", minutes: 500 }],
      worked: [{ period_start: "2026-01-05", period_end: "2026-01-18", worked_minutes: 80 * H }],
    });
    expect(deriveLedger(value)).toEqual([]);
    expect(balanceOf(value)).toBe(500);
  });

  it("leaves out periods ending before the waiting period ends, and periods not ended by today", () => {
    const value = input({
      policy: { ...hourly, waiting_days: 14 },
      started_on: "2026-01-05",
      today: "2026-02-10",
      worked: [
        { period_start: "2026-01-05", period_end: "2026-01-18", worked_minutes: 80 * H },
        { period_start: "2026-01-19", period_end: "2026-02-01", worked_minutes: 80 * H },
        { period_start: "2026-02-02", period_end: "2026-02-15", worked_minutes: 30 * H },
      ],
    });
    expect(brief(deriveLedger(value))).toEqual([["accrual", "2026-02-01", 160]]);
  });
});

describe("the cap on a yearly grant", () => {
  it("cuts a grant to what fits", () => {
    const value = input({ policy: policy({ max_balance_minutes: 100 * H }), started_on: "2025-01-01" });
    expect(brief(deriveLedger(value))).toEqual([
      ["grant", "2025-01-01", 4800],
      ["grant", "2026-01-01", 20 * H],
    ]);
  });
});

describe("a leap year", () => {
  it("counts the 29th of February as a day of the year in a proration", () => {
    // Start on 2024-02-29: 307 days left of 366.
    const entries = deriveLedger(input({ started_on: "2024-02-29", today: "2024-12-31" }));
    expect(brief(entries)).toEqual([["grant", "2024-02-29", Math.round((4800 * 307) / 366)]]);
  });

  it("gives semimonthly accruals at the 29th of February's period end", () => {
    const value = input({
      policy: policy({ accrual: "per_period", amount_minutes: 100 }),
      pay_periods: { pay_period: "semimonthly", pay_period_anchor: "2024-01-01", week_start: 1 },
      started_on: "2024-02-01",
      today: "2024-03-01",
    });
    expect(brief(deriveLedger(value))).toEqual([
      ["accrual", "2024-02-15", 100],
      ["accrual", "2024-02-29", 100],
    ]);
  });
});

describe("the balance", () => {
  it("is the sum of the derived entries and the adjustments, whatever the order of the inputs", () => {
    const value = input({
      started_on: "2025-01-01",
      adjustments: [
        { effective_on: "2026-03-01", minutes: -30 },
        { effective_on: "2025-03-01", minutes: 90 },
      ],
      taken: [
        { day: "2026-05-02", minutes: 480, request_id: "b" },
        { day: "2025-05-01", minutes: 480, request_id: "a" },
      ],
    });
    const entries = deriveLedger(value);
    expect(entries.map((entry) => entry.effective_on)).toEqual([...entries.map((e) => e.effective_on)].sort());
    expect(balanceOf(value)).toBe(9600 + 60 - 960);
  });

  it("does not care how far below zero it goes (asking checks that)", () => {
    const value = input({
      policy: policy({ accrual: "none" }),
      taken: [{ day: "2026-01-05", minutes: 10_000, request_id: "r" }],
    });
    expect(balanceOf(value)).toBe(-10_000);
  });
});
