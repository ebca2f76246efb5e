import { describe, expect, it } from "vitest";
import { personTimeZone, type TimeOffHoursInput, timeOffHours } from "./time-off-hours.ts";

const paris = "Europe/Paris";
const base: TimeOffHoursInput = {
  from: "2026-06-08",
  to: "2026-06-08",
  part: null,
  timeZone: paris,
  shifts: [],
  weekendDays: [0, 6],
  holidays: [],
  dayMinutes: 480,
};
const ask = (changes: Partial<TimeOffHoursInput>) => timeOffHours({ ...base, ...changes });

describe("the hours a request for time off takes", () => {
  it("counts the usual day on a working day without shifts, the whole day's instants in the person's zone", () => {
    const hours = ask({});
    expect(hours.minutes).toBe(480);
    expect(hours.days).toEqual([
      {
        day: "2026-06-08",
        minutes: 480,
        basis: "day",
        holiday: null,
        starts_at: "2026-06-07T22:00:00.000Z",
        ends_at: "2026-06-08T22:00:00.000Z",
      },
    ]);
  });

  it("skips weekends and public holidays across several days, naming the holiday", () => {
    // Thursday 2026-05-14 to Tuesday 2026-05-19; Friday is a holiday.
    const hours = ask({
      from: "2026-05-14",
      to: "2026-05-19",
      holidays: [{ day: "2026-05-15", name: "Bridge day" }],
    });
    expect(hours.days.map((day) => [day.day, day.basis, day.minutes, day.holiday])).toEqual([
      ["2026-05-14", "day", 480, null],
      ["2026-05-15", "holiday", 0, "Bridge day"],
      ["2026-05-16", "weekend", 0, null],
      ["2026-05-17", "weekend", 0, null],
      ["2026-05-18", "day", 480, null],
      ["2026-05-19", "day", 480, null],
    ]);
    expect(hours.minutes).toBe(1440);
  });

  it("counts the shifts of a day instead, breaks out, even on a weekend day or a holiday", () => {
    const hours = ask({
      from: "2026-06-05",
      to: "2026-06-08",
      holidays: [{ day: "2026-06-08", name: "Whit Monday" }],
      shifts: [
        // Friday, two shifts: 4 h and 3 h 30 less a 30-minute break.
        { starts_at: "2026-06-05T06:00:00Z", ends_at: "2026-06-05T10:00:00Z", break_minutes: 0, time_zone: paris },
        { starts_at: "2026-06-05T12:00:00Z", ends_at: "2026-06-05T15:30:00Z", break_minutes: 30, time_zone: paris },
        // Saturday: 6 h.
        { starts_at: "2026-06-06T08:00:00Z", ends_at: "2026-06-06T14:00:00Z", break_minutes: 0, time_zone: paris },
        // The holiday: 5 h.
        { starts_at: "2026-06-08T08:00:00Z", ends_at: "2026-06-08T13:00:00Z", break_minutes: 0, time_zone: paris },
      ],
    });
    expect(hours.days.map((day) => [day.day, day.basis, day.minutes])).toEqual([
      ["2026-06-05", "shifts", 420],
      ["2026-06-06", "shifts", 360],
      ["2026-06-07", "weekend", 0],
      ["2026-06-08", "shifts", 300],
    ]);
    expect(hours.days[3]?.holiday).toBe("Whit Monday");
    expect(hours.minutes).toBe(1080);
  });

  it("puts a shift on the day it starts in its board's zone, not the person's", () => {
    // 23:30 on Monday in New York is Tuesday in Paris: the shift is Monday's.
    const hours = ask({
      from: "2026-06-08",
      to: "2026-06-09",
      shifts: [
        {
          starts_at: "2026-06-09T03:30:00Z",
          ends_at: "2026-06-09T07:30:00Z",
          break_minutes: 0,
          time_zone: "America/New_York",
        },
      ],
    });
    expect(hours.days.map((day) => [day.day, day.basis, day.minutes])).toEqual([
      ["2026-06-08", "shifts", 240],
      ["2026-06-09", "day", 480],
    ]);
  });

  it("counts a part of one day by its wall-clock times", () => {
    const hours = ask({ part: { start: "09:00", end: "12:30" } });
    expect(hours.days).toEqual([
      {
        day: "2026-06-08",
        minutes: 210,
        basis: "part",
        holiday: null,
        starts_at: "2026-06-08T07:00:00.000Z",
        ends_at: "2026-06-08T10:30:00.000Z",
      },
    ]);
    expect(hours.minutes).toBe(210);
    expect(ask({ part: { start: "18:00", end: "24:00" } }).days[0]).toMatchObject({
      minutes: 360,
      ends_at: "2026-06-08T22:00:00.000Z",
    });
  });

  it("counts a part on a daylight-saving day by its real hours: 2 in spring, 4 in autumn", () => {
    const spring = ask({ from: "2026-03-29", to: "2026-03-29", part: { start: "01:00", end: "04:00" } });
    expect(spring.minutes).toBe(120);
    expect(spring.days[0]).toMatchObject({
      starts_at: "2026-03-29T00:00:00.000Z",
      ends_at: "2026-03-29T02:00:00.000Z",
    });
    const autumn = ask({ from: "2026-10-25", to: "2026-10-25", part: { start: "01:00", end: "04:00" } });
    expect(autumn.minutes).toBe(240);
    expect(autumn.days[0]).toMatchObject({
      starts_at: "2026-10-24T23:00:00.000Z",
      ends_at: "2026-10-25T03:00:00.000Z",
    });
  });

  it("covers a whole daylight-saving day of 23 or 25 hours, counting the usual day", () => {
    const [spring] = ask({ from: "2026-03-30", to: "2026-03-30", timeZone: "Asia/Beirut" }).days;
    // Beirut springs forward at midnight on the last Sunday of March (2026-03-29).
    const [gap] = ask({ from: "2026-03-29", to: "2026-03-29", timeZone: "Asia/Beirut", weekendDays: [] }).days;
    expect(spring?.minutes).toBe(480);
    expect(gap).toMatchObject({
      minutes: 480,
      starts_at: "2026-03-28T22:00:00.000Z",
      ends_at: "2026-03-29T21:00:00.000Z",
    });
    const [autumn] = ask({ from: "2026-10-25", to: "2026-10-25", weekendDays: [] }).days;
    expect(Date.parse(autumn?.ends_at ?? "") - Date.parse(autumn?.starts_at ?? "")).toBe(25 * 3_600_000);
  });

  it("counts nothing for a request made only of weekend days and holidays", () => {
    expect(ask({ from: "2026-06-06", to: "2026-06-07" }).minutes).toBe(0);
  });

  it("uses the person's usual day", () => {
    expect(ask({ dayMinutes: 450 }).minutes).toBe(450);
  });
});

describe("the person's zone for time off", () => {
  it("is their boards' zone when they all share one", () => {
    expect(personTimeZone(["Europe/Paris", "Europe/Paris"], "UTC")).toBe("Europe/Paris");
  });
  it("is the organization's when their boards differ or they have none", () => {
    expect(personTimeZone(["Europe/Paris", "Asia/Beirut"], "UTC")).toBe("UTC");
    expect(personTimeZone([], "America/New_York")).toBe("America/New_York");
  });
});
