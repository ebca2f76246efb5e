import type { MyShift } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { endDayOffset, groupMyWeek, weekDates } from "./my-week.ts";

const NY = "America/New_York";
const BEIRUT = "Asia/Beirut";

let serial = 0;
function shift(startsAt: string, endsAt: string, zone: string, extra: Partial<MyShift> = {}): MyShift {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    starts_at: startsAt,
    ends_at: endsAt,
    break_minutes: 0,
    note: null,
    time_zone: zone,
    board: { id: "10000000-0000-4000-8000-000000000001", name: "Downtown" },
    job: null,
    ...extra,
  };
}

describe("weekDates", () => {
  it("is the week holding today, from the week's first day", () => {
    // 2026-06-10 is a Wednesday.
    expect(weekDates("2026-06-10", 1, 0)).toEqual({ from: "2026-06-08", to: "2026-06-14" });
    expect(weekDates("2026-06-10", 0, 0)).toEqual({ from: "2026-06-07", to: "2026-06-13" });
    expect(weekDates("2026-06-10", 6, 0)).toEqual({ from: "2026-06-06", to: "2026-06-12" });
  });

  it("moves a week at a time, across months and years", () => {
    expect(weekDates("2026-06-10", 1, -1)).toEqual({ from: "2026-06-01", to: "2026-06-07" });
    expect(weekDates("2026-06-10", 1, 1)).toEqual({ from: "2026-06-15", to: "2026-06-21" });
    expect(weekDates("2026-12-30", 1, 1)).toEqual({ from: "2027-01-04", to: "2027-01-10" });
  });
});

describe("endDayOffset", () => {
  it("is 0 for a day shift and for one ending at midnight, 1 overnight", () => {
    expect(endDayOffset("2026-06-08T09:00:00Z", "2026-06-08T17:00:00Z", "UTC")).toBe(0);
    expect(endDayOffset("2026-06-08T16:00:00Z", "2026-06-09T00:00:00Z", "UTC")).toBe(0);
    expect(endDayOffset("2026-06-08T22:00:00Z", "2026-06-09T06:00:00Z", "UTC")).toBe(1);
    expect(endDayOffset("2026-06-08T22:00:00Z", "2026-06-10T06:00:00Z", "UTC")).toBe(2);
  });

  it("is read in the shift's zone, not UTC", () => {
    // 18:00–23:00 in New York (EDT) is 22:00–03:00 UTC: the same local day.
    expect(endDayOffset("2026-06-08T22:00:00Z", "2026-06-09T03:00:00Z", NY)).toBe(0);
    // 20:00–02:00 in Beirut (UTC+3) is 17:00–23:00 UTC: overnight there.
    expect(endDayOffset("2026-06-08T17:00:00Z", "2026-06-08T23:00:00Z", BEIRUT)).toBe(1);
  });
});

describe("groupMyWeek", () => {
  it("groups by the local day each shift starts on, in time order", () => {
    const late = shift("2026-06-10T13:00:00Z", "2026-06-10T21:00:00Z", "UTC");
    const early = shift("2026-06-08T06:00:00Z", "2026-06-08T14:00:00Z", "UTC", { break_minutes: 30 });
    const second = shift("2026-06-10T06:00:00Z", "2026-06-10T10:00:00Z", "UTC");
    const week = groupMyWeek([late, early, second], new Date("2026-06-01T00:00:00Z"));
    expect(week.days.map((day) => [day.date, day.shifts.map((item) => item.shift.id)])).toEqual([
      ["2026-06-08", [early.id]],
      ["2026-06-10", [second.id, late.id]],
    ]);
    expect(week.days[0]?.shifts[0]).toMatchObject({ startTime: "06:00", endTime: "14:00", paidMinutes: 450 });
    expect(week.shiftCount).toBe(3);
    expect(week.paidMinutes).toBe(450 + 480 + 240);
  });

  it("counts a spring-forward night in New York as the 7 hours it lasts", () => {
    // Sat Mar 7 22:00 EST → Sun Mar 8 06:00 EDT (the clocks jump 02:00 → 03:00).
    const night = shift("2026-03-08T03:00:00Z", "2026-03-08T10:00:00Z", NY, { break_minutes: 30 });
    // Sun Mar 8 09:00–17:00 EDT.
    const day = shift("2026-03-08T13:00:00Z", "2026-03-08T21:00:00Z", NY);
    const week = groupMyWeek([night, day], new Date("2026-03-01T00:00:00Z"));
    expect(week.days.map((d) => d.date)).toEqual(["2026-03-07", "2026-03-08"]);
    expect(week.days[0]?.shifts[0]).toMatchObject({
      startTime: "22:00",
      endTime: "06:00",
      endDayOffset: 1,
      paidMinutes: 7 * 60 - 30,
    });
    expect(week.days[1]?.shifts[0]).toMatchObject({ startTime: "09:00", endTime: "17:00", endDayOffset: 0 });
    expect(week.paidMinutes).toBe(390 + 480);
  });

  it("counts a fall-back night in New York as 9 hours", () => {
    // Sat Oct 31 22:00 EDT → Sun Nov 1 06:00 EST (01:00–02:00 happens twice).
    const night = shift("2026-11-01T02:00:00Z", "2026-11-01T11:00:00Z", NY);
    const week = groupMyWeek([night], new Date("2026-10-01T00:00:00Z"));
    expect(week.days[0]).toMatchObject({ date: "2026-10-31" });
    expect(week.days[0]?.shifts[0]).toMatchObject({ startTime: "22:00", endTime: "06:00", paidMinutes: 9 * 60 });
  });

  it("puts a Beirut shift on Beirut's day, not UTC's", () => {
    // 2026-06-08T21:30Z is 00:30 on Tuesday June 9 in Beirut (UTC+3).
    const dawn = shift("2026-06-08T21:30:00Z", "2026-06-09T05:30:00Z", BEIRUT);
    // Beirut's clocks skip midnight on 2026-03-29 (00:00 → 01:00): 22:00–06:00 lasts 7 hours.
    const skipped = shift("2026-03-28T20:00:00Z", "2026-03-29T03:00:00Z", BEIRUT);
    const week = groupMyWeek([dawn, skipped], new Date("2026-01-01T00:00:00Z"));
    expect(week.days.map((d) => d.date)).toEqual(["2026-03-28", "2026-06-09"]);
    expect(week.days[0]?.shifts[0]).toMatchObject({
      startTime: "22:00",
      endTime: "06:00",
      endDayOffset: 1,
      paidMinutes: 420,
    });
    expect(week.days[1]?.shifts[0]).toMatchObject({ startTime: "00:30", endTime: "08:30", endDayOffset: 0 });
  });

  it("marks today in the shift's zone", () => {
    // 23:30 UTC on June 8 is already June 9 in Beirut.
    const now = new Date("2026-06-08T23:30:00Z");
    const there = shift("2026-06-09T05:00:00Z", "2026-06-09T13:00:00Z", BEIRUT);
    const here = shift("2026-06-08T05:00:00Z", "2026-06-08T13:00:00Z", "UTC");
    const week = groupMyWeek([there, here], now);
    expect(week.days.map((d) => [d.date, d.today])).toEqual([
      ["2026-06-08", true],
      ["2026-06-09", true],
    ]);
    expect(groupMyWeek([there], new Date("2026-06-08T12:00:00Z")).days[0]?.today).toBe(false);
  });

  it("highlights the shift running now, else the next one", () => {
    const done = shift("2026-06-08T06:00:00Z", "2026-06-08T14:00:00Z", "UTC");
    const running = shift("2026-06-09T06:00:00Z", "2026-06-09T14:00:00Z", "UTC");
    const later = shift("2026-06-10T06:00:00Z", "2026-06-10T14:00:00Z", "UTC");
    const last = shift("2026-06-11T06:00:00Z", "2026-06-11T14:00:00Z", "UTC");
    const all = [done, running, later, last];

    const during = groupMyWeek(all, new Date("2026-06-09T08:00:00Z"));
    expect(during.nextShiftId).toBe(running.id);
    expect(during.days.flatMap((d) => d.shifts.map((item) => item.timing))).toEqual(["past", "now", "later", "later"]);

    const between = groupMyWeek(all, new Date("2026-06-09T20:00:00Z"));
    expect(between.nextShiftId).toBe(later.id);
    expect(between.days.flatMap((d) => d.shifts.map((item) => item.timing))).toEqual(["past", "past", "next", "later"]);

    expect(groupMyWeek(all, new Date("2026-07-01T00:00:00Z")).nextShiftId).toBeNull();
  });

  it("is empty for no shifts", () => {
    expect(groupMyWeek([], new Date())).toEqual({ days: [], shiftCount: 0, paidMinutes: 0, nextShiftId: null });
  });
});
