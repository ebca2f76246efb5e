import { describe, expect, it } from "vitest";
import { webcalUrl } from "./my-api.ts";
import {
  dayHeading,
  hoursText,
  localeWeekStart,
  shortDate,
  shortDayOf,
  timeOf,
  wallTime,
  weekLabel,
} from "./my-format.ts";

describe("my formats", () => {
  it("writes a day heading with its weekday, whatever the process zone", () => {
    expect(dayHeading("2026-06-08", "en")).toBe("Monday, June 8");
    expect(dayHeading("2026-06-08", "fr")).toBe("lundi 8 juin");
  });

  it("reads times in the shift's zone", () => {
    expect(timeOf("2026-06-08T21:30:00Z", "Asia/Beirut", "fr")).toBe("00:30");
    expect(timeOf("2026-03-08T03:00:00Z", "America/New_York", "en").replace(/\s/gu, " ")).toBe("10:00 PM");
  });

  it("writes the week and the paid hours", () => {
    expect(weekLabel("2026-06-08", "2026-06-14", "en").replace(/\s/gu, " ")).toBe("Jun 8 – 14, 2026");
    expect(hoursText(450, "en")).toBe("7.5h");
    expect(hoursText(0, "en")).toBe("0h");
  });

  it("starts the week as the reader's locale does", () => {
    expect(localeWeekStart("fr")).toBe(1);
    expect([0, 1, 6]).toContain(localeWeekStart("ar"));
  });

  it("turns the feed's https URL into a webcal one", () => {
    expect(webcalUrl("https://example.com/api/calendar/abc.ics")).toBe("webcal://example.com/api/calendar/abc.ics");
    expect(webcalUrl("http://localhost:3000/api/calendar/abc.ics")).toBe(
      "webcal://localhost:3000/api/calendar/abc.ics",
    );
  });

  it("writes a shift's day in its zone, a calendar day, and a wall-clock time", () => {
    expect(shortDayOf("2026-06-15T22:30:00Z", "Asia/Beirut", "en")).toBe("Tue, Jun 16");
    expect(shortDayOf("2026-06-15T22:30:00Z", "America/New_York", "en")).toBe("Mon, Jun 15");
    expect(shortDate("2026-06-16", "fr")).toBe("mar. 16 juin");
    expect(wallTime("13:05", "fr")).toBe("13:05");
    expect(wallTime("24:00", "fr")).toBe("00:00");
    expect(wallTime("09:30", "en").replace(/\s/gu, " ")).toBe("9:30 AM");
  });
});
