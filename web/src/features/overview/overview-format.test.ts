import { describe, expect, it } from "vitest";
import { formatCount, formatDayRange, formatHours, formatLongDay, formatMoney, formatTime } from "./overview-format.ts";

describe("the overview's numbers", () => {
  it("writes minutes as hours with at most one decimal", () => {
    expect(formatHours(0, "en")).toBe("0");
    expect(formatHours(2400, "en")).toBe("40");
    expect(formatHours(2250, "en")).toBe("37.5");
    expect(formatHours(61, "en")).toBe("1");
    expect(formatHours(100, "en")).toBe("1.7");
    expect(formatHours(90, "fr")).toBe("1,5");
    expect(formatHours(600_000, "en")).toBe("10,000");
  });

  it("writes money in the organization's currency, and an unknown code after the number", () => {
    expect(formatMoney(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatMoney(1234.5, "EUR", "fr")).toMatch(/^1\s234,50\s€$/);
    expect(formatMoney(12, "NOPE!", "en")).toBe("12.00 NOPE!");
  });

  it("writes counts in the reader's grouping", () => {
    expect(formatCount(1234, "en")).toBe("1,234");
  });
});

describe("the overview's dates", () => {
  it("reads a calendar day as that day whatever the process zone", () => {
    expect(formatLongDay("2026-03-02", "en")).toBe("Monday, March 2, 2026");
    expect(formatDayRange("2026-03-02", "2026-03-08", "en")).toMatch(/^Mar 2\s*–\s*8$/);
  });

  it("writes an instant's wall clock in the organization's zone", () => {
    expect(formatTime("2026-03-02T08:04:00Z", "Asia/Beirut", "en")).toMatch(/^10:04\sAM$/);
    expect(formatTime("2026-03-02T08:04:00Z", "America/New_York", "en")).toMatch(/^3:04\sAM$/);
  });
});
