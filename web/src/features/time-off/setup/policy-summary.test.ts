import type { LeavePolicy } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { formatMonthDay, monthOptions, policySummary, type SummarizedPolicy } from "./policy-summary.ts";

const [en] = Object.values(
  import.meta.glob<Record<string, unknown>>("../../../../public/locales/en/timeOffSetup.json", {
    eager: true,
    import: "default",
  }),
);

/** English as i18next would say it: the key's text (its _one/_other form by count), placeholders filled. */
function english(key: string, values: Record<string, string | number> = {}): string {
  const path = key.split(".");
  const leaf = path.pop() ?? "";
  let node: unknown = en;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  const bag = node as Record<string, string>;
  const text = bag[leaf] ?? bag[`${leaf}_${values.count === 1 ? "one" : "other"}`] ?? key;
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
}

const text = {
  t: english,
  hours: (minutes: number) => String(minutes / 60),
  monthDay: (month: number, day: number) => formatMonthDay(month, day, "en-GB"),
};

const base: SummarizedPolicy = {
  accrual: "none",
  amount_minutes: 0,
  per_worked_minutes: null,
  reset_month: 1,
  reset_day: 1,
  prorate: false,
  max_balance_minutes: null,
  carryover_max_minutes: null,
  waiting_days: 0,
  negative_allowance_minutes: 0,
};

describe("a policy in plain words", () => {
  it("says a fixed amount per pay period, its cap and what carries over", () => {
    const policy = {
      ...base,
      accrual: "per_period",
      amount_minutes: 480,
      max_balance_minutes: 4800,
      carryover_max_minutes: 2400,
    } satisfies SummarizedPolicy;
    expect(policySummary(policy, text)).toBe("8 h per pay period, up to 80 h, 40 h carry over");
  });

  it("says a yearly grant with its reset date, and whether it is prorated", () => {
    const yearly = { ...base, accrual: "yearly", amount_minutes: 9600, reset_month: 4, reset_day: 6 } as const;
    expect(policySummary(yearly, text)).toBe("160 h a year on 6 April");
    expect(policySummary({ ...yearly, prorate: true }, text)).toBe(
      "160 h a year on 6 April, prorated from the start date",
    );
  });

  it("says accrual per hours worked", () => {
    const policy = { ...base, accrual: "per_hours", amount_minutes: 60, per_worked_minutes: 1800 } as const;
    expect(policySummary(policy, text)).toBe("1 h for every 30 h worked");
  });

  it("says when nothing carries over, the wait and how far below zero it may go", () => {
    const policy = {
      ...base,
      accrual: "yearly",
      amount_minutes: 4800,
      carryover_max_minutes: 0,
      waiting_days: 90,
      negative_allowance_minutes: 960,
    } as const;
    expect(policySummary(policy, text)).toBe(
      "80 h a year on 1 January, nothing carries over, after a 90-day wait, may go 16 h below zero",
    );
  });

  it("says a tracked-only policy without reset words", () => {
    expect(policySummary({ ...base, carryover_max_minutes: 0, waiting_days: 10 }, text)).toBe(
      "No accrual; the balance is only tracked",
    );
  });

  it("names the months in the reader's language, the 29th of February included", () => {
    expect(formatMonthDay(2, 29, "en-GB")).toBe("29 February");
    expect(monthOptions("fr")[0]).toEqual({ value: "1", label: "janvier" });
    expect(monthOptions("en")).toHaveLength(12);
  });

  it("fits a whole policy record", () => {
    const policy: LeavePolicy = {
      ...base,
      id: "3f0e8f7e-0000-4000-8000-000000000001",
      leave_type_id: "3f0e8f7e-0000-4000-8000-000000000002",
      name: "Full time",
      archived: false,
      people: 3,
    };
    expect(policySummary(policy, text)).toContain("tracked");
  });
});
