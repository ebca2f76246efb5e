import { describe, expect, it } from "vitest";
import {
  dayIn,
  formatHours,
  formatHoursChange,
  formatMoney,
  formatMoneyChange,
  formatRelative,
  formatTimeRange,
} from "./request-format.ts";
import { plain } from "./requests.test-support.ts";

describe("days and times in a zone", () => {
  it("puts an instant on its zone's day", () => {
    expect(dayIn("2026-03-02T03:00:00Z", "America/New_York")).toBe("2026-03-01");
    expect(dayIn("2026-03-02T03:00:00Z", "Asia/Beirut")).toBe("2026-03-02");
  });

  it("marks an end on a later day, across a change of clocks too", () => {
    // New York moves its clocks on 8 March 2026: 22:00 to 06:00 is still one night.
    expect(formatTimeRange("2026-03-08T03:00:00Z", "2026-03-08T10:00:00Z", "America/New_York", "en-GB")).toEqual({
      start: "22:00",
      end: "6:00",
      plusDays: 1,
    });
    expect(formatTimeRange("2026-03-02T14:00:00Z", null, "UTC", "en-GB")).toEqual({
      start: "14:00",
      end: null,
      plusDays: 0,
    });
  });
});

describe("figures in the reader's language", () => {
  it("writes hours with their unit, a change with its sign", () => {
    expect(formatHours(37 * 60 + 30, "en-US")).toBe("37.5 hr");
    expect(formatHoursChange(8 * 60, "en-US")).toBe("+8 hr");
    expect(formatHoursChange(0, "en-US")).toBe("0 hr");
    expect(formatHours(40 * 60, "ar")).toBe(
      new Intl.NumberFormat("ar", { style: "unit", unit: "hour", unitDisplay: "short" }).format(40),
    );
  });

  it("writes money in the organization's currency, a difference with its sign", () => {
    expect(formatMoney(1234.5, "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoneyChange(12.5, "USD", "en-US")).toBe("+$12.50");
    expect(formatMoneyChange(-12.5, "USD", "en-US")).toBe("-$12.50");
    expect(plain(formatMoney(10, "EUR", "fr-FR"))).toBe("10,00 €");
  });

  it("says how long ago something was asked", () => {
    const now = Date.parse("2026-03-02T12:00:00Z");
    expect(formatRelative("2026-03-02T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(formatRelative("2026-03-01T12:00:00Z", now, "en")).toBe("yesterday");
    expect(formatRelative("2026-03-02T11:59:50Z", now, "en")).toBe("10 seconds ago");
  });

  it("reads an instant after now as now (the page's clock ticks once a minute)", () => {
    const now = Date.parse("2026-03-02T12:00:00Z");
    expect(formatRelative("2026-03-02T12:00:05Z", now, "en")).toBe("now");
    expect(formatRelative("2026-03-02T12:00:59Z", now, "en")).toBe("now");
    expect(formatRelative("2026-03-02T12:00:00.300Z", now, "en")).toBe("now");
    expect(formatRelative("2026-03-02T11:59:59.700Z", now, "en")).toBe("now");
    expect(formatRelative("2026-03-02T12:00:05Z", now, "fr")).toBe("maintenant");
    expect(formatRelative("2026-03-02T12:00:05Z", now, "es")).toBe("ahora");
  });
});
