import { describe, expect, it } from "vitest";
import {
  dayReason,
  daysAmount,
  hoursAmount,
  ledgerWhat,
  rangeText,
  signedHours,
  wallTimeText,
} from "./time-off-format.ts";

const entry = (values: Partial<Parameters<typeof ledgerWhat>[0]>) => ({
  id: null,
  leave_type_id: "00000000-0000-4000-8000-000000000001",
  kind: "taken" as const,
  minutes: -480,
  effective_on: "2026-06-15",
  request_id: null,
  period_start: null,
  reason: null,
  created_by: null,
  created_at: "2026-06-01T10:00:00.000Z",
  balance_minutes: 960,
  ...values,
});

describe("time off's amounts in hours and days", () => {
  it("says minutes as hours to a tenth", () => {
    expect(hoursAmount(480, "en")).toBe("8h");
    expect(hoursAmount(450, "en")).toBe("7.5h");
    expect(hoursAmount(0, "en")).toBe("0h");
    expect(hoursAmount(-240, "en")).toBe("-4h");
  });

  it("says a change with its sign, and nothing for zero", () => {
    expect(signedHours(480, "en")).toBe("+8h");
    expect(signedHours(-480, "en")).toBe("-8h");
    expect(signedHours(0, "en")).toBe("0h");
  });

  it("says days of the person's usual day, to a hundredth", () => {
    expect(daysAmount(960, 480, "en")).toBe("2 days");
    expect(daysAmount(240, 480, "en")).toBe("0.5 days");
    expect(daysAmount(480, 480, "en")).toBe("1 day");
    expect(daysAmount(360, 480, "en")).toBe("0.75 days");
    expect(daysAmount(-480, 480, "en")).toBe("-1 day");
  });

  it("says no days without a day length", () => {
    expect(daysAmount(480, 0, "en")).toBeNull();
  });

  it("uses the language's own units and plurals (Arabic's dual)", () => {
    expect(daysAmount(960, 480, "ar")).toBe("يومان");
    expect(hoursAmount(480, "ar")).toContain("س");
  });

  it("keeps the sign of a negative amount where the language says it in a word (Arabic)", () => {
    expect(daysAmount(-960, 480, "ar")).toMatch(/-2 يوم$/);
    expect(daysAmount(-480, 480, "ar")).toMatch(/-1 يوم$/);
    expect(daysAmount(-1440, 480, "ar")).toContain("3");
  });
});

describe("time off's days", () => {
  it("says one day alone, and a range as the language does", () => {
    expect(rangeText("2026-06-16", "2026-06-16", "en")).toBe("Tue, Jun 16");
    expect(rangeText("2026-06-15", "2026-06-19", "en")).toMatch(/Mon, Jun 15\s*–\s*Fri, Jun 19/);
  });

  it("reads a day as that calendar day whatever the zone", () => {
    expect(rangeText("2026-03-29", "2026-03-29", "en")).toBe("Sun, Mar 29");
  });

  it("says a wall-clock time in the language's way", () => {
    expect(wallTimeText("09:00", "en")).toBe("9:00 AM");
    expect(wallTimeText("13:30", "fr")).toBe("13:30");
  });
});

describe("why a day counts what it counts", () => {
  const day = (basis: "shifts" | "day" | "weekend" | "holiday" | "part", holiday: string | null = null) => ({
    day: "2026-06-15",
    minutes: 480,
    basis,
    holiday,
  });

  it("names each basis", () => {
    expect(dayReason(day("shifts")).key).toBe("timeOff.basis.shifts");
    expect(dayReason(day("day")).key).toBe("timeOff.basis.day");
    expect(dayReason(day("weekend")).key).toBe("timeOff.basis.weekend");
    expect(dayReason(day("part")).key).toBe("timeOff.basis.part");
  });

  it("names a holiday by its name when it has one", () => {
    expect(dayReason(day("holiday", "Bastille Day"))).toEqual({
      key: "timeOff.basis.holidayNamed",
      values: { name: "Bastille Day" },
    });
    expect(dayReason(day("holiday")).key).toBe("timeOff.basis.holiday");
  });
});

describe("a line of my history in words", () => {
  it("says an adjustment with its reason", () => {
    expect(ledgerWhat(entry({ kind: "adjustment", minutes: 240, reason: "Worked a holiday" }), "en")).toEqual({
      key: "timeOff.ledger.adjustmentReason",
      values: { reason: "Worked a holiday" },
    });
  });

  it("says an accrual from hours worked with its period", () => {
    const said = ledgerWhat(
      entry({ kind: "accrual", minutes: 60, period_start: "2026-06-01", effective_on: "2026-06-14" }),
      "en",
    );
    expect(said.key).toBe("timeOff.ledger.accrualWorked");
    expect(said.values.range?.replace(/[\u2009\u202f]/g, " ")).toBe("Mon, Jun 1 – Sun, Jun 14");
  });

  it("says every other kind", () => {
    expect(ledgerWhat(entry({ kind: "grant" }), "en").key).toBe("timeOff.ledger.grant");
    expect(ledgerWhat(entry({ kind: "accrual" }), "en").key).toBe("timeOff.ledger.accrual");
    expect(ledgerWhat(entry({ kind: "taken" }), "en").key).toBe("timeOff.ledger.taken");
    expect(ledgerWhat(entry({ kind: "carryover" }), "en").key).toBe("timeOff.ledger.carryover");
    expect(ledgerWhat(entry({ kind: "expiry" }), "en").key).toBe("timeOff.ledger.expiry");
  });
});
