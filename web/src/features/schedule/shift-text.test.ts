import { describe, expect, it } from "vitest";
import { formatDateRange, formatDay, formatShiftWhen, formatTime, weekdayChips } from "./shift-text.ts";

describe("times and days as the editor says them", () => {
  it("reads an instant's wall clock in the board's zone, whatever the browser's", () => {
    expect(formatTime("2026-03-24T08:00:00.000Z", "Europe/Paris", "en-GB")).toBe("09:00");
    expect(formatTime("2026-03-24T08:00:00.000Z", "Asia/Beirut", "en-GB")).toBe("10:00");
    expect(formatTime("2026-03-24T08:00:00.000Z", "America/New_York", "en-US")).toBe("4:00 AM");
  });

  it("names a calendar day in the reader's language", () => {
    expect(formatDay("2026-03-24", "en")).toBe("Tue, Mar 24");
    expect(formatDay("2026-03-24", "fr")).toBe("mar. 24 mars");
  });

  it("gives an overnight shift its end day", () => {
    expect(formatShiftWhen("2026-03-27T21:00:00.000Z", "2026-03-28T05:00:00.000Z", "Europe/Paris", "en-GB")).toEqual({
      day: "Fri 27 Mar",
      start: "22:00",
      end: "06:00",
      endDay: "Sat 28 Mar",
    });
    expect(
      formatShiftWhen("2026-03-24T08:00:00.000Z", "2026-03-24T16:00:00.000Z", "Europe/Paris", "en-GB").endDay,
    ).toBeNull();
  });

  it("writes a week as one range", () => {
    // Intl puts thin spaces around the dash; compare with plain ones.
    expect(formatDateRange("2026-03-23", "2026-03-29", "en").replace(/\s/g, " ")).toBe("Mar 23 – 29, 2026");
  });

  it("orders the repeat's weekday chips from the board's first day of the week", () => {
    expect(weekdayChips(1, "en").map((chip) => chip.value)).toEqual(["1", "2", "3", "4", "5", "6", "0"]);
    expect(weekdayChips(6, "en").map((chip) => chip.label)).toEqual(["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"]);
    expect(weekdayChips(0, "en")[0]).toEqual({ value: "0", label: "Sun", name: "Sunday" });
  });
});
