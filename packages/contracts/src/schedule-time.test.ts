import { describe, expect, it } from "vitest";
import {
  addDays,
  compareDates,
  countRepeatDates,
  datesBetween,
  dayOf,
  dayStartOf,
  daysBetween,
  hourMarks,
  instantAfterDayStart,
  instantAt,
  localDateOf,
  localTimeOf,
  minutesSinceDayStart,
  monthOf,
  moveKeepingWallClock,
  offsetMinutes,
  paidMinutes,
  repeatDates,
  shiftInstants,
  shiftMinutes,
  todayIn,
  weekdayOf,
  weekOf,
  weekStartDate,
} from "./schedule-time.ts";

/**
 * The 2026 clock changes these tests cross, as the runtime's tzdata has them
 * (checked with Intl): New York Mar 8 02:00 → 03:00 and Nov 1 02:00 → 01:00;
 * Paris Mar 29 02:00 → 03:00 and Oct 25 03:00 → 02:00; Beirut Mar 29
 * 00:00 → 01:00 (midnight does not exist) and Oct 25 00:00 → Oct 24 23:00
 * (Saturday Oct 24 has 25 hours, 23:00–24:00 twice).
 *
 * The unit project runs this file under TZ=UTC, the tz-* projects again under
 * New York, Paris and Beirut: nothing here may depend on the process's zone.
 */
const NY = "America/New_York";
const PARIS = "Europe/Paris";
const BEIRUT = "Asia/Beirut";
const UTC = "UTC";
/** The process's TZ (the contracts package is typed without Node's globals). */
const processZone = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.TZ ?? "UTC";
const ZONES = [NY, PARIS, BEIRUT, UTC];

const hours = (startsAt: string, endsAt: string) => shiftMinutes(startsAt, endsAt) / 60;

describe("the process's own zone", () => {
  it("is the one the test project set (TZ), and JavaScript's local dates follow it", () => {
    const zone = processZone;
    const resolved = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zone === "UTC" && resolved === "Etc/UTC" ? "UTC" : resolved).toBe(zone);
    for (const local of [new Date(2026, 0, 15, 12), new Date(2026, 6, 15, 12)]) {
      expect(0 - local.getTimezoneOffset()).toBe(offsetMinutes(local.getTime(), zone));
    }
  });
});

describe("calendar dates", () => {
  it("add days across months, years and leap days", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 7)).toBe("2026-04-05");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-10-25", 0)).toBe("2026-10-25");
  });

  it("name weekdays 0 = Sunday … 6 = Saturday", () => {
    expect(weekdayOf("2026-03-29")).toBe(0);
    expect(weekdayOf("2026-03-30")).toBe(1);
    expect(weekdayOf("2026-10-24")).toBe(6);
    expect(weekdayOf("2026-11-01")).toBe(0);
    expect(weekdayOf("2000-01-01")).toBe(6);
    expect(weekdayOf("2099-12-31")).toBe(4);
  });

  it("compare, count and list dates (inclusive)", () => {
    expect(["2026-03-29", "2026-01-02", "2026-03-08"].sort(compareDates)).toEqual([
      "2026-01-02",
      "2026-03-08",
      "2026-03-29",
    ]);
    expect(compareDates("2026-01-01", "2026-01-01")).toBe(0);
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2026-04-01", "2026-03-01")).toBe(-31);
    expect(datesBetween("2026-03-27", "2026-03-30")).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(datesBetween("2026-03-27", "2026-03-27")).toEqual(["2026-03-27"]);
    expect(datesBetween("2026-03-28", "2026-03-27")).toEqual([]);
    expect(datesBetween("2026-01-01", "2026-12-31")).toHaveLength(365);
  });

  it("refuse what is not a date, a time, a month or a zone", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => weekdayOf("2026-3-1")).toThrow(RangeError);
    expect(() => instantAt("2026-03-01", "24:00", UTC)).toThrow(RangeError);
    expect(() => instantAt("2026-03-01", "9:00", UTC)).toThrow(RangeError);
    expect(() => instantAt("2026-03-01", "09:00", "Mars/Olympus")).toThrow(RangeError);
    expect(() => localDateOf("yesterday", UTC)).toThrow(RangeError);
    expect(() => monthOf("2026-13", UTC, 1)).toThrow(RangeError);
    expect(() => weekOf("2026-03-01", UTC, 7)).toThrow(RangeError);
  });
});

describe("today", () => {
  it("is the date in the board's zone, not the server's", () => {
    const now = new Date("2026-03-28T22:30:00Z");
    expect(todayIn(UTC, now)).toBe("2026-03-28");
    expect(todayIn(NY, now)).toBe("2026-03-28");
    expect(todayIn(PARIS, now)).toBe("2026-03-28");
    // 22:30 UTC is 01:30 in Beirut (the clocks jumped at 22:00 UTC, 00:00 local).
    expect(todayIn(BEIRUT, now)).toBe("2026-03-29");
    expect(todayIn("Pacific/Kiritimati", new Date("2026-01-01T10:00:00Z"))).toBe("2026-01-02");
    expect(todayIn("Pacific/Pago_Pago", new Date("2026-01-01T10:00:00Z"))).toBe("2025-12-31");
  });

  it("defaults to now", () => {
    // Today just before or just after (midnight may pass in between).
    const before = new Date().toISOString().slice(0, 10);
    const today = todayIn(UTC);
    expect([before, new Date().toISOString().slice(0, 10)]).toContain(today);
  });
});

describe("days", () => {
  it.each([
    [NY, "2026-03-08", "2026-03-08T05:00:00.000Z", 1380],
    [NY, "2026-11-01", "2026-11-01T04:00:00.000Z", 1500],
    [NY, "2026-07-01", "2026-07-01T04:00:00.000Z", 1440],
    [PARIS, "2026-03-29", "2026-03-28T23:00:00.000Z", 1380],
    [PARIS, "2026-10-25", "2026-10-24T22:00:00.000Z", 1500],
    // Beirut: midnight of Mar 29 does not exist; the day starts at 01:00 (+03).
    [BEIRUT, "2026-03-29", "2026-03-28T22:00:00.000Z", 1380],
    [BEIRUT, "2026-03-28", "2026-03-27T22:00:00.000Z", 1440],
    // Oct 24 runs from 00:00 +03 to 00:00 +02 on Oct 25: 25 hours.
    [BEIRUT, "2026-10-24", "2026-10-23T21:00:00.000Z", 1500],
    [BEIRUT, "2026-10-25", "2026-10-24T22:00:00.000Z", 1440],
    [UTC, "2026-03-29", "2026-03-29T00:00:00.000Z", 1440],
  ])("%s %s starts at %s and lasts %i minutes", (zone, date, startsAt, minutes) => {
    const day = dayOf(date, zone);
    expect(day).toEqual({
      date,
      startsAt,
      endsAt: dayStartOf(addDays(date, 1), zone),
      minutes,
      weekday: weekdayOf(date),
    });
    expect(dayStartOf(date, zone)).toBe(startsAt);
    expect(localDateOf(day.startsAt, zone)).toBe(date);
    expect(localDateOf(new Date(Date.parse(day.endsAt) - 1).toISOString(), zone)).toBe(date);
  });

  it("start at the first instant of the day when midnight is skipped, the first midnight when it is repeated", () => {
    // Havana: 2026-03-08 00:00 → 01:00; 2026-11-01 01:00 → 00:00 (midnight twice).
    expect(dayOf("2026-03-08", "America/Havana")).toMatchObject({
      startsAt: "2026-03-08T05:00:00.000Z",
      minutes: 1380,
    });
    expect(localTimeOf("2026-03-08T05:00:00.000Z", "America/Havana")).toBe("01:00");
    expect(dayOf("2026-11-01", "America/Havana")).toMatchObject({
      startsAt: "2026-11-01T04:00:00.000Z",
      minutes: 1500,
    });
  });

  it("survive a day the zone skipped altogether (Samoa, 2011-12-30)", () => {
    const skipped = dayOf("2011-12-30", "Pacific/Apia");
    expect(skipped.minutes).toBe(0);
    expect(dayOf("2011-12-29", "Pacific/Apia").minutes).toBe(1440);
    expect(weekOf("2011-12-29", "Pacific/Apia", 1).minutes).toBe(6 * 1440);
  });

  it("add up to the year's 8,760 hours in every zone", () => {
    for (const zone of ZONES) {
      const minutes = datesBetween("2026-01-01", "2026-12-31").reduce(
        (sum, date) => sum + dayOf(date, zone).minutes,
        0,
      );
      expect(minutes).toBe(365 * 1440);
    }
  });
});

describe("weeks", () => {
  it.each([
    // [zone, any day, week start, first day, startsAt, endsAt, hours]
    [NY, "2026-03-08", 0, "2026-03-08", "2026-03-08T05:00:00.000Z", "2026-03-15T04:00:00.000Z", 167],
    [NY, "2026-03-08", 1, "2026-03-02", "2026-03-02T05:00:00.000Z", "2026-03-09T04:00:00.000Z", 167],
    [NY, "2026-03-09", 1, "2026-03-09", "2026-03-09T04:00:00.000Z", "2026-03-16T04:00:00.000Z", 168],
    [NY, "2026-11-04", 0, "2026-11-01", "2026-11-01T04:00:00.000Z", "2026-11-08T05:00:00.000Z", 169],
    [NY, "2026-11-01", 1, "2026-10-26", "2026-10-26T04:00:00.000Z", "2026-11-02T05:00:00.000Z", 169],
    [PARIS, "2026-03-29", 1, "2026-03-23", "2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z", 167],
    [PARIS, "2026-03-29", 0, "2026-03-29", "2026-03-28T23:00:00.000Z", "2026-04-04T22:00:00.000Z", 167],
    [PARIS, "2026-10-25", 1, "2026-10-19", "2026-10-18T22:00:00.000Z", "2026-10-25T23:00:00.000Z", 169],
    [PARIS, "2026-10-26", 1, "2026-10-26", "2026-10-25T23:00:00.000Z", "2026-11-01T23:00:00.000Z", 168],
    [BEIRUT, "2026-03-29", 1, "2026-03-23", "2026-03-22T22:00:00.000Z", "2026-03-29T21:00:00.000Z", 167],
    // A Sunday week starts on the missing midnight: its first instant is 01:00.
    [BEIRUT, "2026-03-29", 0, "2026-03-29", "2026-03-28T22:00:00.000Z", "2026-04-04T21:00:00.000Z", 167],
    [BEIRUT, "2026-10-24", 1, "2026-10-19", "2026-10-18T21:00:00.000Z", "2026-10-25T22:00:00.000Z", 169],
    [BEIRUT, "2026-10-24", 0, "2026-10-18", "2026-10-17T21:00:00.000Z", "2026-10-24T22:00:00.000Z", 169],
    [BEIRUT, "2026-10-25", 0, "2026-10-25", "2026-10-24T22:00:00.000Z", "2026-10-31T22:00:00.000Z", 168],
    // Saturday-start weeks (common in the region): Beirut's Oct 24 starts one.
    [BEIRUT, "2026-10-30", 6, "2026-10-24", "2026-10-23T21:00:00.000Z", "2026-10-30T22:00:00.000Z", 169],
    [UTC, "2026-03-29", 1, "2026-03-23", "2026-03-23T00:00:00.000Z", "2026-03-30T00:00:00.000Z", 168],
  ])(
    "%s: the week of %s starting on day %i is %s, %s–%s, %i h",
    (zone, date, weekStart, startDate, startsAt, endsAt, h) => {
      const week = weekOf(date, zone, weekStart);
      expect(week).toMatchObject({ startDate, endDate: addDays(startDate, 6), startsAt, endsAt, minutes: h * 60 });
      expect(hours(week.startsAt, week.endsAt)).toBe(h);
    },
  );

  it("are seven days in a row for every week start, every day of 2026 and every zone", () => {
    // Checked without an expect per case (10,220 weeks), then reported together.
    const faults: string[] = [];
    for (const zone of ZONES) {
      for (let weekStart = 0; weekStart <= 6; weekStart++) {
        for (const date of datesBetween("2026-01-01", "2026-12-31")) {
          const week = weekOf(date, zone, weekStart);
          const days = week.days;
          const ok =
            weekdayOf(week.startDate) === weekStart &&
            daysBetween(week.startDate, date) >= 0 &&
            daysBetween(date, week.endDate) >= 0 &&
            days.map((d) => d.date).join() === datesBetween(week.startDate, week.endDate).join() &&
            days[0]?.startsAt === week.startsAt &&
            days[6]?.endsAt === week.endsAt &&
            days.every((d, i) => i === 6 || d.endsAt === days[i + 1]?.startsAt) &&
            days.reduce((sum, d) => sum + d.minutes, 0) === week.minutes &&
            [10020, 10080, 10140].includes(week.minutes);
          if (!ok) faults.push(`${zone} ${date} ${weekStart}`);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it("have 167 or 169 hours exactly in the weeks of a change", () => {
    const oddWeeks = (zone: string) =>
      datesBetween("2026-01-05", "2026-12-27")
        .filter((date) => weekdayOf(date) === 1)
        .map((monday) => weekOf(monday, zone, 1))
        .filter((week) => week.minutes !== 10080)
        .map((week) => [week.startDate, week.minutes / 60]);
    expect(oddWeeks(NY)).toEqual([
      ["2026-03-02", 167],
      ["2026-10-26", 169],
    ]);
    expect(oddWeeks(PARIS)).toEqual([
      ["2026-03-23", 167],
      ["2026-10-19", 169],
    ]);
    expect(oddWeeks(BEIRUT)).toEqual([
      ["2026-03-23", 167],
      ["2026-10-19", 169],
    ]);
    expect(oddWeeks(UTC)).toEqual([]);
  });

  it("start on the week start's day before the date", () => {
    expect(weekStartDate("2026-03-29", 1)).toBe("2026-03-23");
    expect(weekStartDate("2026-03-29", 0)).toBe("2026-03-29");
    expect(weekStartDate("2026-03-29", 6)).toBe("2026-03-28");
    expect(weekStartDate("2026-03-28", 6)).toBe("2026-03-28");
    expect(weekStartDate("2026-01-01", 1)).toBe("2025-12-29");
  });
});

describe("months", () => {
  it("list the month's days and the whole weeks around them", () => {
    const february = monthOf("2026-02", UTC, 1);
    expect(february.days.map((d) => d.date)).toEqual(datesBetween("2026-02-01", "2026-02-28"));
    expect(february).toMatchObject({ month: "2026-02", gridStartDate: "2026-01-26", gridEndDate: "2026-03-01" });
    expect(monthOf("2026-02", UTC, 0)).toMatchObject({ gridStartDate: "2026-02-01", gridEndDate: "2026-02-28" });
    expect(monthOf("2028-02", UTC, 1).days).toHaveLength(29);
    expect(monthOf("2026-12", UTC, 6)).toMatchObject({ gridStartDate: "2026-11-28", gridEndDate: "2027-01-01" });
  });

  it("have whole weeks in the grid and the clock changes in their days", () => {
    for (const zone of ZONES) {
      for (let weekStart = 0; weekStart <= 6; weekStart++) {
        for (let m = 1; m <= 12; m++) {
          const month = monthOf(`2026-${String(m).padStart(2, "0")}`, zone, weekStart);
          expect((daysBetween(month.gridStartDate, month.gridEndDate) + 1) % 7).toBe(0);
          expect(weekdayOf(month.gridStartDate)).toBe(weekStart);
          expect(compareDates(month.gridStartDate, month.days[0]?.date ?? "")).toBeLessThanOrEqual(0);
          expect(daysBetween(month.days.at(-1)?.date ?? "", month.gridEndDate)).toBeLessThan(7);
        }
      }
    }
    const minutes = (month: string, zone: string) =>
      monthOf(month, zone, 1).days.reduce((sum, d) => sum + d.minutes, 0);
    expect(minutes("2026-03", PARIS)).toBe(31 * 1440 - 60);
    expect(minutes("2026-10", BEIRUT)).toBe(31 * 1440 + 60);
    expect(minutes("2026-11", NY)).toBe(30 * 1440 + 60);
    expect(minutes("2026-03", UTC)).toBe(31 * 1440);
  });
});

describe("wall clock → instant", () => {
  it.each([
    [UTC, "2026-03-29", "09:00", "2026-03-29T09:00:00.000Z"],
    [PARIS, "2026-07-14", "09:00", "2026-07-14T07:00:00.000Z"],
    [BEIRUT, "2026-01-10", "00:00", "2026-01-09T22:00:00.000Z"],
    [NY, "2026-12-31", "23:59", "2027-01-01T04:59:00.000Z"],
  ])("%s %s %s is %s", (zone, date, time, instant) => {
    expect(instantAt(date, time, zone)).toBe(instant);
    expect(localDateOf(instant, zone)).toBe(date);
    expect(localTimeOf(instant, zone)).toBe(time);
  });

  it.each([
    // [zone, date, a time in the gap, where it lands, its wall clock]
    [NY, "2026-03-08", "02:00", "2026-03-08T07:00:00.000Z", "03:00"],
    [NY, "2026-03-08", "02:30", "2026-03-08T07:30:00.000Z", "03:30"],
    [PARIS, "2026-03-29", "02:30", "2026-03-29T01:30:00.000Z", "03:30"],
    [PARIS, "2026-03-29", "02:59", "2026-03-29T01:59:00.000Z", "03:59"],
    [BEIRUT, "2026-03-29", "00:00", "2026-03-28T22:00:00.000Z", "01:00"],
    [BEIRUT, "2026-03-29", "00:30", "2026-03-28T22:30:00.000Z", "01:30"],
  ])("%s %s: %s does not exist and moves forward by the gap to %s (%s)", (zone, date, time, instant, shown) => {
    expect(instantAt(date, time, zone)).toBe(instant);
    expect(localTimeOf(instant, zone)).toBe(shown);
    expect(localDateOf(instant, zone)).toBe(date);
  });

  it.each([
    // [zone, date, a time shown twice, the first instant, the second]
    [NY, "2026-11-01", "01:30", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"],
    [NY, "2026-11-01", "01:00", "2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z"],
    [PARIS, "2026-10-25", "02:30", "2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"],
    [PARIS, "2026-10-25", "02:00", "2026-10-25T00:00:00.000Z", "2026-10-25T01:00:00.000Z"],
    [BEIRUT, "2026-10-24", "23:30", "2026-10-24T20:30:00.000Z", "2026-10-24T21:30:00.000Z"],
    [BEIRUT, "2026-10-24", "23:00", "2026-10-24T20:00:00.000Z", "2026-10-24T21:00:00.000Z"],
  ])("%s %s: %s is shown twice and takes the earlier instant %s (not %s)", (zone, date, time, first, second) => {
    expect(instantAt(date, time, zone)).toBe(first);
    for (const instant of [first, second]) {
      expect(localDateOf(instant, zone)).toBe(date);
      expect(localTimeOf(instant, zone)).toBe(time);
    }
  });

  it("round-trips every quarter hour of the change days that exists once", () => {
    const changeDays: [string, string][] = [
      [NY, "2026-03-08"],
      [NY, "2026-11-01"],
      [PARIS, "2026-03-29"],
      [PARIS, "2026-10-25"],
      [BEIRUT, "2026-03-29"],
      [BEIRUT, "2026-10-24"],
      [BEIRUT, "2026-10-25"],
    ];
    for (const [zone, date] of changeDays) {
      const day = dayOf(date, zone);
      const seen = new Map<string, string>();
      for (let ms = Date.parse(day.startsAt); ms < Date.parse(day.endsAt); ms += 15 * 60_000) {
        const instant = new Date(ms).toISOString();
        expect(localDateOf(instant, zone)).toBe(date);
        const time = localTimeOf(instant, zone);
        if (!seen.has(time)) seen.set(time, instant);
        // The first time a wall clock is shown is the instant it means.
        expect(instantAt(date, time, zone)).toBe(seen.get(time));
      }
      expect(seen.size).toBe(96 - (day.minutes === 1380 ? 4 : 0));
    }
  });

  it("reads instants written with any offset", () => {
    expect(localDateOf("2026-03-29T00:30:00+03:00", BEIRUT)).toBe("2026-03-28");
    expect(localDateOf("2026-03-29T01:30:00+03:00", BEIRUT)).toBe("2026-03-29");
    expect(localTimeOf("2026-03-29T09:00:00+03:00", BEIRUT)).toBe("09:00");
    expect(localTimeOf("2026-03-29T09:00:00+03:00", PARIS)).toBe("08:00");
    expect(localTimeOf("2026-03-29T06:00:00Z", NY)).toBe("02:00");
  });
});

describe("shifts from a day and two times", () => {
  it("are on one day when the end is after the start", () => {
    const shift = shiftInstants("2026-03-29", "09:00", "17:00", PARIS);
    expect(shift).toEqual({ startsAt: "2026-03-29T07:00:00.000Z", endsAt: "2026-03-29T15:00:00.000Z" });
    expect(hours(shift.startsAt, shift.endsAt)).toBe(8);
  });

  it.each([
    // [zone, start day, real hours of a 22:00–06:00 shift]
    [NY, "2026-03-07", 7],
    [NY, "2026-10-31", 9],
    [NY, "2026-06-01", 8],
    [PARIS, "2026-03-28", 7],
    [PARIS, "2026-10-24", 9],
    [BEIRUT, "2026-03-28", 7],
    [BEIRUT, "2026-10-24", 9],
    [UTC, "2026-03-28", 8],
    [UTC, "2026-10-24", 8],
  ])("%s: 22:00–06:00 from %s is overnight, lasts %i real hours and sits on its start day", (zone, date, h) => {
    const { startsAt, endsAt } = shiftInstants(date, "22:00", "06:00", zone);
    expect(hours(startsAt, endsAt)).toBe(h);
    expect(localDateOf(startsAt, zone)).toBe(date);
    expect(localDateOf(endsAt, zone)).toBe(addDays(date, 1));
    expect(localTimeOf(startsAt, zone)).toBe("22:00");
    expect(localTimeOf(endsAt, zone)).toBe("06:00");
  });

  it("last 24 hours (less or more on a change day) when the end equals the start", () => {
    expect(hours(...(Object.values(shiftInstants("2026-06-01", "08:00", "08:00", PARIS)) as [string, string]))).toBe(
      24,
    );
    const spring = shiftInstants("2026-03-28", "08:00", "08:00", PARIS);
    expect(hours(spring.startsAt, spring.endsAt)).toBe(23);
  });

  it("take a start in the gap forward and an ambiguous time as the first one", () => {
    const gap = shiftInstants("2026-03-08", "02:30", "10:30", NY);
    expect(gap.startsAt).toBe("2026-03-08T07:30:00.000Z");
    expect(hours(gap.startsAt, gap.endsAt)).toBe(7);
    // 01:30–01:45 on the fall-back night: both the first 01:xx hour.
    const fall = shiftInstants("2026-11-01", "01:30", "01:45", NY);
    expect(shiftMinutes(fall.startsAt, fall.endsAt)).toBe(15);
    // 00:00–02:00 on that night lasts 3 real hours.
    const night = shiftInstants("2026-11-01", "00:00", "02:00", NY);
    expect(hours(night.startsAt, night.endsAt)).toBe(3);
  });

  it("can end up empty when the start is pushed past the end by a gap (the schema refuses it)", () => {
    const { startsAt, endsAt } = shiftInstants("2026-03-08", "02:30", "03:00", NY);
    expect(shiftMinutes(startsAt, endsAt)).toBeLessThanOrEqual(0);
  });
});

describe("moving a shift to another day", () => {
  it.each(ZONES)("keeps 09:00 wall clock across the changes in %s", (zone) => {
    for (const from of ["2026-03-01", "2026-03-22", "2026-10-18", "2026-10-25"]) {
      const start = instantAt(from, "09:00", zone);
      for (const days of [1, 7, 14, -7, 3]) {
        const moved = moveKeepingWallClock(start, days, zone);
        expect(localTimeOf(moved, zone)).toBe("09:00");
        expect(localDateOf(moved, zone)).toBe(addDays(from, days));
      }
    }
  });

  it("moves by 23 or 25 real hours over a change night", () => {
    const saturday = instantAt("2026-03-28", "09:00", PARIS);
    expect(hours(saturday, moveKeepingWallClock(saturday, 1, PARIS))).toBe(23);
    const october = instantAt("2026-10-24", "09:00", PARIS);
    expect(hours(october, moveKeepingWallClock(october, 1, PARIS))).toBe(25);
    const week = instantAt("2026-10-29", "09:00", NY);
    expect(hours(week, moveKeepingWallClock(week, 7, NY))).toBe(169);
  });

  it("treats a result in a gap or a doubled hour as instantAt does", () => {
    expect(moveKeepingWallClock(instantAt("2026-03-01", "02:30", NY), 7, NY)).toBe("2026-03-08T07:30:00.000Z");
    expect(moveKeepingWallClock(instantAt("2026-10-25", "01:30", NY), 7, NY)).toBe("2026-11-01T05:30:00.000Z");
    expect(moveKeepingWallClock(instantAt("2026-10-17", "23:30", BEIRUT), 7, BEIRUT)).toBe("2026-10-24T20:30:00.000Z");
  });

  it("keeps the very instant when moved by 0 days (even the second 01:30) and keeps seconds", () => {
    expect(moveKeepingWallClock("2026-11-01T06:30:00.000Z", 0, NY)).toBe("2026-11-01T06:30:00.000Z");
    expect(moveKeepingWallClock("2026-11-01T06:30:00+00:00", 0, NY)).toBe("2026-11-01T06:30:00.000Z");
    expect(moveKeepingWallClock("2026-06-01T09:15:30.250Z", 2, PARIS)).toBe("2026-06-03T09:15:30.250Z");
  });

  it("copies an overnight shift into a week with a change keeping both wall clocks", () => {
    const start = instantAt("2026-10-17", "22:00", PARIS);
    const end = instantAt("2026-10-18", "06:00", PARIS);
    const [startsAt, endsAt] = [moveKeepingWallClock(start, 7, PARIS), moveKeepingWallClock(end, 7, PARIS)];
    expect([localTimeOf(startsAt, PARIS), localTimeOf(endsAt, PARIS)]).toEqual(["22:00", "06:00"]);
    expect(hours(startsAt, endsAt)).toBe(9);
  });
});

describe("lengths", () => {
  it("are elapsed minutes, less the unpaid break, never below zero", () => {
    expect(shiftMinutes("2026-10-24T20:00:00.000Z", "2026-10-25T05:00:00.000Z")).toBe(540);
    expect(paidMinutes("2026-10-24T20:00:00.000Z", "2026-10-25T05:00:00.000Z", 30)).toBe(510);
    expect(paidMinutes("2026-10-24T20:00:00Z", "2026-10-24T20:10:00Z", 30)).toBe(0);
    expect(shiftMinutes("2026-10-24T20:00:00+02:00", "2026-10-24T20:00:00Z")).toBe(120);
  });
});

describe("day timelines", () => {
  it("place instants by elapsed minutes since the day's start", () => {
    // Beirut, Sunday Mar 29: the day starts at 01:00; 09:00 is 8 hours in.
    expect(minutesSinceDayStart(instantAt("2026-03-29", "09:00", BEIRUT), "2026-03-29", BEIRUT)).toBe(480);
    // New York, Sunday Nov 1: 09:00 is 10 hours after midnight.
    expect(minutesSinceDayStart(instantAt("2026-11-01", "09:00", NY), "2026-11-01", NY)).toBe(600);
    // An overnight shift's end lies past the day's length; the day before is negative.
    const night = shiftInstants("2026-10-24", "22:00", "06:00", PARIS);
    expect(minutesSinceDayStart(night.startsAt, "2026-10-24", PARIS)).toBe(22 * 60);
    expect(minutesSinceDayStart(night.endsAt, "2026-10-24", PARIS)).toBe(31 * 60);
    expect(minutesSinceDayStart(night.startsAt, "2026-10-25", PARIS)).toBe(-120);
  });

  it("turn a point on the timeline back into an instant", () => {
    expect(instantAfterDayStart("2026-03-29", 480, BEIRUT)).toBe(instantAt("2026-03-29", "09:00", BEIRUT));
    expect(instantAfterDayStart("2026-11-01", 120, NY)).toBe("2026-11-01T06:00:00.000Z");
    expect(localTimeOf(instantAfterDayStart("2026-11-01", 120, NY), NY)).toBe("01:00");
    for (const zone of ZONES) {
      const date = "2026-10-25";
      for (const minutes of [0, 59, 60, 61, 179, 180, 600, 1439]) {
        expect(minutesSinceDayStart(instantAfterDayStart(date, minutes, zone), date, zone)).toBe(minutes);
      }
    }
  });

  it("mark the hours the clock shows: 23, 24 or 25 of them", () => {
    const times = (date: string, zone: string) => hourMarks(date, zone).map((mark) => mark.time);
    const plain = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
    expect(times("2026-06-01", PARIS)).toEqual(plain);
    expect(times("2026-03-29", PARIS)).toEqual(plain.filter((t) => t !== "02:00"));
    expect(times("2026-10-25", PARIS)).toEqual([...plain.slice(0, 3), "02:00", ...plain.slice(3)]);
    expect(times("2026-03-29", BEIRUT)).toEqual(plain.slice(1));
    expect(times("2026-10-24", BEIRUT)).toEqual([...plain, "23:00"]);
    expect(times("2026-03-08", NY)).toHaveLength(23);
    const fall = hourMarks("2026-11-01", NY);
    expect(fall.map((m) => m.minutes)).toEqual(Array.from({ length: 25 }, (_, i) => i * 60));
    expect(fall[2]).toEqual({ minutes: 120, time: "01:00", instant: "2026-11-01T06:00:00.000Z" });
    // A zone half an hour off still marks its own whole hours.
    expect(times("2026-06-01", "Asia/Kolkata")).toEqual(plain);
  });
});

describe("repeats", () => {
  it("list the chosen weekdays from the first date to until, both included", () => {
    // 2026-03-02 is a Monday; Mondays, Wednesdays and Fridays until the 13th.
    expect(repeatDates("2026-03-02", [1, 3, 5], "2026-03-13", 100)).toEqual([
      "2026-03-02",
      "2026-03-04",
      "2026-03-06",
      "2026-03-09",
      "2026-03-11",
      "2026-03-13",
    ]);
    expect(repeatDates("2026-03-02", [0, 1, 2, 3, 4, 5, 6], "2026-03-04", 100)).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
    ]);
    // The first date itself only when its weekday is chosen.
    expect(repeatDates("2026-03-02", [2], "2026-03-10", 100)).toEqual(["2026-03-03", "2026-03-10"]);
    expect(repeatDates("2026-03-10", [2], "2026-03-02", 100)).toEqual([]);
    expect(repeatDates("2026-03-02", [], "2026-03-30", 100)).toEqual([]);
  });

  it("stop at max, and countRepeatDates tells how many there would be", () => {
    const daily = [0, 1, 2, 3, 4, 5, 6];
    expect(repeatDates("2026-01-01", daily, "2027-12-31", 366)).toHaveLength(366);
    expect(repeatDates("2026-01-01", daily, "2027-12-31", 3)).toEqual(["2026-01-01", "2026-01-02", "2026-01-03"]);
    expect(countRepeatDates("2026-01-01", daily, "2027-12-31")).toBe(730);
    expect(countRepeatDates("2026-01-01", daily, "2026-12-31")).toBe(365);
    expect(countRepeatDates("2026-03-10", [2], "2026-03-02")).toBe(0);
    expect(countRepeatDates("2026-03-02", [1, 1, 3], "2026-03-09")).toBe(3);
  });

  it("count exactly what they list, for any start, span and weekdays", () => {
    for (let start = 0; start < 7; start++) {
      for (let span = 0; span < 30; span++) {
        for (const weekdays of [[0], [6], [1, 3, 5], [0, 6], [2, 3, 4], [0, 1, 2, 3, 4, 5, 6]]) {
          const first = addDays("2026-03-01", start);
          const until = addDays(first, span);
          expect(countRepeatDates(first, weekdays, until)).toBe(repeatDates(first, weekdays, until, 1000).length);
        }
      }
    }
  });

  it("keep the wall clock on each date across the changes (with instantAt)", () => {
    const dates = repeatDates("2026-10-19", [0, 1, 2, 3, 4, 5, 6], "2026-11-08", 366);
    for (const zone of ZONES) {
      for (const date of dates) expect(localTimeOf(instantAt(date, "09:00", zone), zone)).toBe("09:00");
    }
  });
});
