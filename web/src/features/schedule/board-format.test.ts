import { describe, expect, it } from "vitest";
import {
  dayHeadingFormat,
  hoursFormat,
  moneyFormat,
  shiftTimeFormat,
  timeFormat,
  timeRangeFormat,
  wallRangeFormat,
} from "./board-format.ts";

describe("the board's formatters", () => {
  it("read times in the board's zone, not the machine's", () => {
    expect(timeFormat("en-GB", "Europe/Paris")("2026-03-28T21:00:00.000Z")).toBe("22:00");
    expect(timeFormat("en-GB", "Asia/Beirut")("2026-03-28T21:00:00.000Z")).toBe("23:00");
    expect(timeFormat("en-GB", "America/New_York")("2026-03-28T21:00:00.000Z")).toBe("17:00");
  });

  it("write a window of wall-clock times in the reader's language, 24:00 as the day's end", () => {
    expect(wallRangeFormat("fr")("09:00", "13:30")).toMatch(/^0?9:00\u2009–\u200913:30$/);
    expect(wallRangeFormat("en")("18:00", "24:00")).toBe("6:00\u00a0PM\u2009–\u200912:00\u00a0AM");
  });

  it("write a shift's times as one range in the reader's language", () => {
    const range = timeRangeFormat("fr", "Europe/Paris")("2026-03-28T21:00:00.000Z", "2026-03-29T04:00:00.000Z");
    // No dates although the end is the next day (the card says "+1").
    expect(range).toMatch(/^22:00\u2009–\u20090?6:00$/);
    // A narrow card may break the line at the dash only, never inside "4:00 PM" or "٥:٠٠ م".
    expect(timeRangeFormat("en", "Europe/Paris")("2026-03-24T07:00:00.000Z", "2026-03-24T15:00:00.000Z")).toBe(
      "8:00\u00a0AM\u2009–\u20094:00\u00a0PM",
    );
    expect(timeRangeFormat("ar", "Asia/Beirut")("2026-03-24T07:00:00.000Z", "2026-03-24T15:00:00.000Z")).not.toMatch(
      /[ \u202f]/,
    );
  });

  it("write a shift on its board's wall clock, naming the zone when it is not the week's", () => {
    const zones = new Map([
      ["paris", "Europe/Paris"],
      ["beirut", "Asia/Beirut"],
    ]);
    const time = shiftTimeFormat("en-GB", "Europe/Paris", (id) => zones.get(id) ?? "Europe/Paris");
    // Saturday 23:30 in Paris is Sunday 00:30 in Beirut (June: UTC+2 and UTC+3).
    const night = { starts_at: "2026-06-06T21:30:00.000Z", ends_at: "2026-06-07T05:30:00.000Z" };
    expect(time({ ...night, board_id: "paris" })).toMatch(/^23:30\u2009–\u20090?7:30$/);
    const beirut = time({ ...night, board_id: "beirut" });
    expect(beirut).toMatch(/^0?0:30\u2009–\u20090?8:30 /);
    expect(beirut.endsWith(` ${zoneName("en-GB", "Asia/Beirut", night.starts_at)}`)).toBe(true);
    // The short name is Intl's, in the reader's language.
    expect(time({ ...night, board_id: "beirut" })).toMatch(/ (EEST|GMT\+3)$/);
  });

  it("make each formatter once (the same function comes back)", () => {
    expect(timeFormat("en", "Europe/Paris")).toBe(timeFormat("en", "Europe/Paris"));
    expect(timeFormat("en", "Europe/Paris")).not.toBe(timeFormat("fr", "Europe/Paris"));
  });

  it("name the days of the week's columns without shifting them by a zone", () => {
    const heading = dayHeadingFormat("en")("2026-03-29");
    expect(heading.weekday).toBe("Sun");
    expect(heading.day).toBe("Mar 29");
    expect(heading.full).toBe("Sunday, March 29, 2026");
  });

  it("show paid hours to a tenth and money to the cent", () => {
    expect(hoursFormat("en")(450)).toBe("7.5h");
    expect(hoursFormat("en")(2400)).toBe("40h");
    expect(moneyFormat("en", "USD")(1234.5)).toBe("$1,234.50");
    expect(moneyFormat("fr", "EUR")(1234.5)).toMatch(/^1\s234,50\s€$/);
    expect(moneyFormat("en", "LBP")(1234.5)).toMatch(/LBP\s1,234\.50/);
  });
});

function zoneName(language: string, zone: string, instant: string): string {
  return (
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(instant))
      .find((part) => part.type === "timeZoneName")?.value ?? ""
  );
}
