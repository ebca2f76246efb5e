import type { LedgerEntry } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { adjustBody, emptyAdjustValues, validateAdjust } from "./adjust-form.ts";
import { type BalanceRow, balanceRows, nextOrder, withPolicyNames } from "./balance-rows.ts";
import { formatDayRange, ledgerCause, ledgerRows } from "./ledger-rows.ts";

const person = (first: string, last: string, balance: number, more: Partial<BalanceRow> = {}): BalanceRow => ({
  user_id: `3f0e8f7e-0000-4000-8000-${String(balance).padStart(12, "0")}`,
  first_name: first,
  last_name: last,
  started_on: null,
  day_minutes: 480,
  policy_id: null,
  balance_minutes: balance,
  pending_minutes: 0,
  policy_name: null,
  ...more,
});

describe("the balances table", () => {
  const rows = [
    person("Élodie", "Martin", 600, { started_on: "2024-01-01", policy_name: "Full time" }),
    person("Ali", "Haddad", 1200),
    person("Zoe", "Adams", 60, { started_on: "2023-05-01", policy_name: "Part time", pending_minutes: 480 }),
  ];

  it("finds people by every word of their name, accents aside", () => {
    expect(balanceRows(rows, "elod", { by: "name", descending: false }).map((r) => r.first_name)).toEqual(["Élodie"]);
    expect(balanceRows(rows, "zoe ADA", { by: "name", descending: false })).toHaveLength(1);
    expect(balanceRows(rows, "nobody", { by: "name", descending: false })).toEqual([]);
  });

  it("sorts by name, balance, pending, start date or policy, the missing ones last", () => {
    const names = (by: Parameters<typeof balanceRows>[2]) => balanceRows(rows, "", by, "en").map((r) => r.first_name);
    expect(names({ by: "name", descending: false })).toEqual(["Ali", "Élodie", "Zoe"]);
    expect(names({ by: "balance", descending: true })).toEqual(["Ali", "Élodie", "Zoe"]);
    expect(names({ by: "pending", descending: true })).toEqual(["Zoe", "Ali", "Élodie"]);
    expect(names({ by: "started_on", descending: false })).toEqual(["Zoe", "Élodie", "Ali"]);
    expect(names({ by: "started_on", descending: true })).toEqual(["Élodie", "Zoe", "Ali"]);
    expect(names({ by: "policy", descending: false })).toEqual(["Élodie", "Zoe", "Ali"]);
  });

  it("flips the column clicked again, and starts amounts with the largest", () => {
    expect(nextOrder({ by: "name", descending: false }, "name")).toEqual({ by: "name", descending: true });
    expect(nextOrder({ by: "name", descending: false }, "balance")).toEqual({ by: "balance", descending: true });
    expect(nextOrder({ by: "balance", descending: true }, "policy")).toEqual({ by: "policy", descending: false });
  });

  it("names each person's policy", () => {
    const [row] = withPolicyNames([{ ...person("A", "B", 0), policy_id: "p" }], [{ id: "p", name: "Full time" }]);
    expect(row?.policy_name).toBe("Full time");
  });
});

const entry = (
  kind: LedgerEntry["kind"],
  day: string,
  minutes: number,
  balance: number,
  more: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  id: null,
  leave_type_id: "3f0e8f7e-0000-4000-8000-000000000002",
  kind,
  minutes,
  effective_on: day,
  request_id: null,
  period_start: null,
  reason: null,
  created_by: null,
  created_at: "2026-03-01T00:00:00Z",
  balance_minutes: balance,
  ...more,
});

describe("the ledger", () => {
  const request = "3f0e8f7e-0000-4000-8000-0000000000aa";
  const entries = [
    entry("accrual", "2026-03-15", 480, 480, { period_start: "2026-03-02" }),
    entry("taken", "2026-03-03", -480, 0, { request_id: request }),
    entry("taken", "2026-03-04", -480, -480, { request_id: request }),
    entry("adjustment", "2026-03-05", 240, -240, {
      reason: "Worked a holiday",
      created_by: { user_id: "3f0e8f7e-0000-4000-8000-0000000000bb", first_name: "Sam", last_name: "Owner" },
    }),
  ];

  it("reads the days of one time off as one line, with its total and the balance after its last day", () => {
    const rows = ledgerRows(entries);
    expect(rows.map((r) => [r.kind, r.from, r.to, r.minutes, r.balance_minutes])).toEqual([
      ["accrual", "2026-03-15", "2026-03-15", 480, 480],
      ["taken", "2026-03-03", "2026-03-04", -960, -480],
      ["adjustment", "2026-03-05", "2026-03-05", 240, -240],
    ]);
  });

  it("says each line's cause: the time off, the pay period, the adjustment's reason and who", () => {
    const [accrual, taken, adjustment] = ledgerRows(entries);
    expect(accrual && ledgerCause(accrual)).toEqual({
      key: "ledger.cause.period",
      from: "2026-03-02",
      to: "2026-03-15",
    });
    expect(taken && ledgerCause(taken)).toEqual({ key: "ledger.cause.taken", from: "2026-03-03", to: "2026-03-04" });
    expect(adjustment && ledgerCause(adjustment)).toEqual({
      key: "ledger.cause.adjustment",
      reason: "Worked a holiday",
      by: "Sam Owner",
    });
  });

  it("writes a range of days short", () => {
    expect(formatDayRange("2026-03-03", "2026-03-04", "en-GB")).toMatch(/^3\s?–\s?4 Mar$/u);
    expect(formatDayRange("2026-03-03", "2026-03-03", "en-GB")).toBe("3 Mar");
  });
});

describe("adjusting a balance", () => {
  const USER = "3f0e8f7e-0000-4000-8000-0000000000cc";
  const TYPE = "3f0e8f7e-0000-4000-8000-000000000002";

  it("adds or takes hours, sent as signed minutes", () => {
    const values = { ...emptyAdjustValues("2026-03-01"), hours: "1,5", reason: "Bonus day" };
    expect(adjustBody(values, USER, TYPE).minutes).toBe(90);
    expect(adjustBody({ ...values, direction: "take" }, USER, TYPE).minutes).toBe(-90);
  });

  it("needs hours that are not zero, a day and a reason", () => {
    const values = emptyAdjustValues("2026-03-01");
    expect(validateAdjust({ ...values, hours: 2, reason: "Why" })).toEqual({});
    expect(validateAdjust({ ...values, hours: 0, reason: "Why" })).toEqual({ hours: "timeOff.adjustInvalid" });
    expect(validateAdjust({ ...values, hours: 2, reason: "" })).toEqual({ reason: "timeOff.reasonRequired" });
    expect(validateAdjust({ ...values, hours: 2, reason: "Why", effective_on: "" })).toHaveProperty("effective_on");
  });
});
