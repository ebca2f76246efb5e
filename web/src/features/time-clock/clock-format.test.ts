import { describe, expect, it } from "vitest";
import { exportFileName, formatDuration, formatHours, formatMoney, formatPeriod } from "./clock-format.ts";

describe("time clock formatting", () => {
  it("writes minutes as decimal hours with two places, in the reader's digits", () => {
    expect(formatHours(450, "en")).toBe("7.50");
    expect(formatHours(0, "en")).toBe("0.00");
    expect(formatHours(2400, "en")).toBe("40.00");
    expect(formatHours(20, "en")).toBe("0.33");
    expect(formatHours(90, "fr")).toBe("1,50");
    expect(formatHours(90, "ar")).toMatch(/^[١٫٥٠.,0-9]+$/);
  });

  it("says lengths as people do", () => {
    expect(formatDuration(45, "en")).toBe("45 min");
    expect(formatDuration(480, "en")).toBe("8 hr");
    expect(formatDuration(135, "en")).toBe("2 hr 15 min");
    expect(formatDuration(0, "en")).toBe("0 min");
    expect(formatDuration(-30, "en")).toBe("-30 min");
  });

  it("writes money in the organization's currency", () => {
    expect(formatMoney(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatMoney(10, "EUR", "fr")).toMatch(/10,00\s€/);
  });

  it("writes a pay period as a date range", () => {
    // Intl puts thin spaces around the dash.
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatPeriod("2026-03-02", "2026-03-08", "en"))).toBe("Mar 2 – 8, 2026");
    expect(plain(formatPeriod("2026-02-23", "2026-03-08", "en"))).toBe("Feb 23 – Mar 8, 2026");
  });

  it("names export files after the board and the period's first and last days", () => {
    const period = { start: "2026-03-02", end: "2026-03-15" };
    expect(exportFileName("Front desk", period, "csv")).toBe("timesheets-front-desk-2026-03-02_2026-03-15.csv");
    expect(exportFileName(null, period, "xlsx")).toBe("timesheets-all-2026-03-02_2026-03-15.xlsx");
    expect(exportFileName("مطبخ / 2", period, "csv")).toBe("timesheets-مطبخ-2-2026-03-02_2026-03-15.csv");
    expect(exportFileName("***", period, "csv")).toBe("timesheets-board-2026-03-02_2026-03-15.csv");
  });
});
