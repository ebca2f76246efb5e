import { describe, expect, it } from "vitest";
import type { PayPeriod } from "./pay-period.ts";
import { datesBetween, instantAt, shiftInstants } from "./schedule-time.ts";
import {
  type PersonTimesheet,
  personTimesheet,
  personTimesheetSchema,
  roundPunch,
  type SheetContext,
  type SheetEntry,
  type SheetRules,
  type SheetShift,
  sheetWindow,
  sumTimesheets,
} from "./timesheet.ts";

/**
 * Timesheets from time entries, in New York, Paris, Beirut, Kolkata and
 * Kathmandu across their 2026 clock changes. The unit project runs this under
 * TZ=UTC, the tz-* projects under New York, Paris and Beirut: the results
 * must not move.
 */
const NY = "America/New_York";
const PARIS = "Europe/Paris";
const BEIRUT = "Asia/Beirut";
const TOKYO = "Asia/Tokyo";
const KOLKATA = "Asia/Kolkata";
const KATHMANDU = "Asia/Kathmandu";

const id = (n: number | string) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const ANNA = id("a1");
const BILAL = id("b2");
const COOK = id("c1");
const BAR = id("c2");
const TOKYO_JOB = id("c3");

/** Mon 2026-03-09 … Sun 2026-03-15. */
const WEEK: PayPeriod = { start: "2026-03-09", end: "2026-03-15" };

let counter = 0;
/** Anna's entry on `date` from `start` to `end` (overnight when the end is not after the start; null: open) in `zone`. */
function entry(
  zone: string,
  date: string,
  start: string,
  end: string | null,
  more: Partial<SheetEntry> = {},
): SheetEntry {
  const { startsAt, endsAt } = shiftInstants(date, start, end ?? start, zone);
  counter += 1;
  return {
    id: id(counter),
    user_id: ANNA,
    job_id: null,
    shift_id: null,
    clock_in_at: startsAt,
    clock_out_at: end === null ? null : endsAt,
    breaks: [],
    reviewed: false,
    time_zone: zone,
    ...more,
  };
}

/** A break on `date` from `start` to `end` (null: still on it) in `zone`. */
const pause = (zone: string, date: string, start: string, end: string | null) => ({
  starts_at: instantAt(date, start, zone),
  ends_at: end === null ? null : instantAt(date, end, zone),
});

/** The instant `seconds` after `instant`. */
const plus = (instant: string, seconds: number) => new Date(Date.parse(instant) + seconds * 1000).toISOString();

function shift(zone: string, date: string, start: string, end: string, more: Partial<SheetShift> = {}): SheetShift {
  const { startsAt, endsAt } = shiftInstants(date, start, end, zone);
  counter += 1;
  return {
    id: id(counter),
    user_id: ANNA,
    job_id: null,
    starts_at: startsAt,
    ends_at: endsAt,
    break_minutes: 0,
    time_zone: zone,
    ...more,
  };
}

interface Setup {
  period?: PayPeriod;
  rules?: Partial<SheetRules>;
  /** Rates by job id ("none" for no job); a job not listed has no rate. */
  rates?: Record<string, number | null>;
  now?: string;
}

function context(setup: Setup = {}): SheetContext {
  return {
    period: setup.period ?? WEEK,
    rules: {
      overtime_weekly_minutes: null,
      overtime_daily_minutes: null,
      overtime_multiplier: 1.5,
      rounding_minutes: 0,
      open_limit_minutes: 16 * 60,
      week_start: 1,
      ...setup.rules,
    },
    now: setup.now ?? "2026-06-01T00:00:00.000Z",
    rateOf: (_userId, jobId) => setup.rates?.[jobId ?? "none"] ?? null,
  };
}

function sheet(entries: SheetEntry[], setup: Setup = {}, shifts: SheetShift[] = []): PersonTimesheet {
  return personTimesheet(ANNA, entries, shifts, context(setup));
}

function dayOf(result: PersonTimesheet, date: string) {
  const day = result.days.find((item) => item.date === date);
  if (!day) throw new Error(`No day ${date}`);
  return day;
}

/** [date, regular, overtime] of the days with worked minutes. */
const split = (result: PersonTimesheet) =>
  result.days
    .filter((day) => day.worked_minutes > 0)
    .map((day) => [day.date, day.regular_minutes, day.overtime_minutes]);

// ---------------------------------------------------------------- days and lengths

describe("days and lengths", () => {
  it("lists every date of the period in order, zeros on the days without entries", () => {
    const result = sheet([entry(NY, "2026-03-10", "09:00", "17:00")]);
    expect(result.user_id).toBe(ANNA);
    expect(result.days.map((day) => day.date)).toEqual(datesBetween(WEEK.start, WEEK.end));
    expect(dayOf(result, "2026-03-09")).toEqual({
      date: "2026-03-09",
      scheduled_minutes: 0,
      worked_minutes: 0,
      break_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      cost: 0,
      entry_ids: [],
      flagged: false,
    });
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(480);
    expect(result.totals.worked_minutes).toBe(480);
    expect(result.totals.regular_minutes).toBe(480);
  });

  it("an overnight entry sits on its start day and counts its real hours", () => {
    const night = entry(NY, "2026-03-10", "22:00", "06:00");
    const result = sheet([night]);
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(480);
    expect(dayOf(result, "2026-03-10").entry_ids).toEqual([night.id]);
    expect(dayOf(result, "2026-03-11").worked_minutes).toBe(0);
    expect(result.entries).toEqual([
      {
        id: night.id,
        date: "2026-03-10",
        worked_minutes: 480,
        break_minutes: 0,
        rounded_in: night.clock_in_at,
        rounded_out: night.clock_out_at,
        flagged: false,
        open: false,
        time_zone: NY,
      },
    ]);
  });

  const clockChanges = [
    { zone: NY, springNight: "2026-03-07", fallNight: "2026-10-31" },
    { zone: PARIS, springNight: "2026-03-28", fallNight: "2026-10-24" },
    { zone: BEIRUT, springNight: "2026-03-28", fallNight: "2026-10-24" },
  ];
  for (const { zone, springNight, fallNight } of clockChanges) {
    it(`22:00–06:00 counts 7 h over the spring-forward night and 9 h over the fall-back one (${zone})`, () => {
      const spring = entry(zone, springNight, "22:00", "06:00");
      const springSheet = sheet([spring], { period: { start: springNight, end: springNight } });
      expect(springSheet.entries[0]?.date).toBe(springNight);
      expect(springSheet.totals.worked_minutes).toBe(7 * 60);

      const fall = entry(zone, fallNight, "22:00", "06:00");
      const fallSheet = sheet([fall], { period: { start: fallNight, end: fallNight } });
      expect(fallSheet.entries[0]?.date).toBe(fallNight);
      expect(fallSheet.totals.worked_minutes).toBe(9 * 60);
    });
  }

  it("counts elapsed time on a clock-change day, and Beirut's day starting at 01:00 holds an entry from its first instant", () => {
    const parisSpring = entry(PARIS, "2026-03-29", "00:00", "12:00");
    const parisFall = entry(PARIS, "2026-10-25", "00:00", "12:00");
    const paris = sheet([parisSpring, parisFall], { period: { start: "2026-03-29", end: "2026-10-25" } });
    expect(dayOf(paris, "2026-03-29").worked_minutes).toBe(11 * 60);
    expect(dayOf(paris, "2026-10-25").worked_minutes).toBe(13 * 60);

    // Beirut skips midnight on 2026-03-29 (00:00 → 01:00): 01:00 is the day's first instant, 22:00Z.
    const early = entry(BEIRUT, "2026-03-29", "01:00", "09:00");
    expect(early.clock_in_at).toBe("2026-03-28T22:00:00.000Z");
    const beirut = sheet([early], { period: { start: "2026-03-28", end: "2026-03-29" } });
    expect(dayOf(beirut, "2026-03-28").worked_minutes).toBe(0);
    expect(dayOf(beirut, "2026-03-29").worked_minutes).toBe(8 * 60);

    // …and repeats 23:00–00:00 on 2026-10-24: 23:30 the second time is still the 24th.
    const late = entry(BEIRUT, "2026-10-24", "20:00", "21:00", {
      clock_in_at: "2026-10-24T21:30:00.000Z",
      clock_out_at: "2026-10-25T05:30:00.000Z",
    });
    const repeated = sheet([late], { period: { start: "2026-10-24", end: "2026-10-25" } });
    expect(dayOf(repeated, "2026-10-24").worked_minutes).toBe(8 * 60);
  });

  it("an entry sits on the day of its clock-in in its own zone (zoneOfWork), whatever the others' are", () => {
    // 08:00 on Tuesday in Tokyo is 19:00 on Monday in New York.
    const tokyo = entry(TOKYO, "2026-03-10", "08:00", "16:00", { job_id: TOKYO_JOB });
    const result = sheet([tokyo, entry(NY, "2026-03-11", "09:00", "10:00")]);
    expect(dayOf(result, "2026-03-09").worked_minutes).toBe(0);
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(480);
    expect(dayOf(result, "2026-03-11").worked_minutes).toBe(60);
    expect(result.entries.map((row) => [row.date, row.time_zone])).toEqual([
      ["2026-03-10", TOKYO],
      ["2026-03-11", NY],
    ]);
  });

  it("leaves out other people's entries, repeated ids and the days after the period", () => {
    const mine = entry(NY, "2026-03-10", "09:00", "17:00");
    const theirs = entry(NY, "2026-03-10", "09:00", "17:00", { user_id: BILAL });
    const after = entry(NY, "2026-03-16", "09:00", "17:00");
    const result = sheet([mine, theirs, { ...mine }, after]);
    expect(result.totals.worked_minutes).toBe(480);
    expect(result.entries.map((row) => row.id)).toEqual([mine.id]);
  });

  it("refuses a period that ends before it starts", () => {
    expect(() => sheet([], { period: { start: "2026-03-10", end: "2026-03-09" } })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- rounding

describe("rounding", () => {
  it("rounds clock-in and clock-out to the nearest quarter both ways, never only in the employer's favour", () => {
    const early = entry(NY, "2026-03-10", "07:53", "16:07");
    const late = entry(NY, "2026-03-11", "08:07", "15:53");
    const result = sheet([early, late], { rules: { rounding_minutes: 15 } });
    expect(result.entries.map((row) => [row.rounded_in, row.rounded_out])).toEqual([
      [instantAt("2026-03-10", "08:00", NY), instantAt("2026-03-10", "16:00", NY)],
      [instantAt("2026-03-11", "08:00", NY), instantAt("2026-03-11", "16:00", NY)],
    ]);
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(480);
    expect(dayOf(result, "2026-03-11").worked_minutes).toBe(480);
  });

  const cases: [5 | 10 | 15, string, number, string][] = [
    [5, "08:02", 29, "08:00"],
    [5, "08:02", 30, "08:05"],
    [5, "08:03", 0, "08:05"],
    [10, "08:04", 59, "08:00"],
    [10, "08:05", 0, "08:10"],
    [10, "08:14", 0, "08:10"],
    [15, "08:07", 29, "08:00"],
    [15, "08:07", 30, "08:15"],
    [15, "08:22", 0, "08:15"],
  ];
  for (const [step, time, seconds, expected] of cases) {
    it(`rounds ${time}:${String(seconds).padStart(2, "0")} to ${expected} with ${step}-minute rounding (a tie rounds up)`, () => {
      const punch = plus(instantAt("2026-03-10", time, NY), seconds);
      expect(roundPunch(punch, step, NY)).toBe(instantAt("2026-03-10", expected, NY));
      const punched = entry(NY, "2026-03-10", "08:00", "17:00", { clock_in_at: punch });
      const result = sheet([punched], { rules: { rounding_minutes: step } });
      expect(result.entries[0]?.rounded_in).toBe(instantAt("2026-03-10", expected, NY));
    });
  }

  it("rounds the breaks' starts and ends too", () => {
    const day = entry(NY, "2026-03-10", "08:00", "16:00", { breaks: [pause(NY, "2026-03-10", "12:02", "12:31")] });
    const result = sheet([day], { rules: { rounding_minutes: 15 } });
    expect(result.entries[0]).toMatchObject({ break_minutes: 30, worked_minutes: 450 });
  });

  it("takes punches as they are without rounding, counting whole minutes", () => {
    const punched = entry(NY, "2026-03-10", "08:00", "16:00", {
      clock_in_at: plus(instantAt("2026-03-10", "08:07", NY), 40),
    });
    const result = sheet([punched], { rules: { rounding_minutes: 0 } });
    expect(result.entries[0]?.rounded_in).toBe(punched.clock_in_at);
    // 7 h 52 min 20 s.
    expect(result.entries[0]?.worked_minutes).toBe(472);
  });

  it("rounds the wall clock of a zone a half hour off UTC (Kolkata, +05:30)", () => {
    expect(roundPunch(instantAt("2026-03-10", "09:07", KOLKATA), 15, KOLKATA)).toBe(
      instantAt("2026-03-10", "09:00", KOLKATA),
    );
    expect(roundPunch(instantAt("2026-03-10", "09:08", KOLKATA), 15, KOLKATA)).toBe(
      instantAt("2026-03-10", "09:15", KOLKATA),
    );
    expect(roundPunch(plus(instantAt("2026-03-10", "09:07", KOLKATA), 30), 15, KOLKATA)).toBe(
      instantAt("2026-03-10", "09:15", KOLKATA),
    );
    const day = entry(KOLKATA, "2026-03-10", "09:07", "17:08");
    const result = sheet([day], { rules: { rounding_minutes: 15 } });
    expect(result.totals.worked_minutes).toBe(8 * 60 + 15);
  });

  it("rounds the wall clock of a zone 45 minutes off UTC (Kathmandu, +05:45), not UTC's", () => {
    // 09:04 in Kathmandu is 03:19 UTC: rounding UTC to 10 minutes would say 03:20 (09:05 local).
    const day = entry(KATHMANDU, "2026-03-10", "09:04", "17:06");
    const result = sheet([day], { rules: { rounding_minutes: 10 } });
    expect(result.entries[0]?.rounded_in).toBe(instantAt("2026-03-10", "09:00", KATHMANDU));
    expect(result.entries[0]?.rounded_in).toBe("2026-03-10T03:15:00.000Z");
    expect(result.entries[0]?.rounded_out).toBe(instantAt("2026-03-10", "17:10", KATHMANDU));
    expect(result.totals.worked_minutes).toBe(8 * 60 + 10);
  });

  it("rounds a punch just before the spring-forward gap to the first instant after it", () => {
    // 01:58 EST on 2026-03-08; "02:00" does not exist: it is 03:00 EDT (07:00Z), two minutes later.
    const night = entry(NY, "2026-03-08", "01:58", "06:00");
    const result = sheet([night], {
      period: { start: "2026-03-08", end: "2026-03-08" },
      rules: { rounding_minutes: 15 },
    });
    expect(result.entries[0]?.rounded_in).toBe("2026-03-08T07:00:00.000Z");
    expect(result.totals.worked_minutes).toBe(180);
  });

  it("moves an entry to the next day when its clock-in rounds past midnight", () => {
    const night = entry(NY, "2026-03-10", "23:55", "08:00");
    const result = sheet([night], { rules: { rounding_minutes: 15 } });
    expect(result.entries[0]?.date).toBe("2026-03-11");
    expect(dayOf(result, "2026-03-11").worked_minutes).toBe(480);
  });
});

// ---------------------------------------------------------------- breaks

describe("breaks", () => {
  it("takes the breaks off the worked minutes", () => {
    const day = entry(NY, "2026-03-10", "08:00", "17:00", {
      breaks: [pause(NY, "2026-03-10", "12:00", "12:30"), pause(NY, "2026-03-10", "15:00", "15:15")],
    });
    const result = sheet([day]);
    expect(result.entries[0]).toMatchObject({ worked_minutes: 495, break_minutes: 45 });
    expect(dayOf(result, "2026-03-10")).toMatchObject({ worked_minutes: 495, break_minutes: 45, regular_minutes: 495 });
    expect(result.totals.break_minutes).toBe(45);
  });

  it("clips breaks to the entry and counts overlapping breaks once", () => {
    const day = entry(NY, "2026-03-10", "08:00", "17:00", {
      breaks: [
        pause(NY, "2026-03-10", "07:30", "08:15"),
        pause(NY, "2026-03-10", "16:50", "17:30"),
        pause(NY, "2026-03-10", "12:00", "12:30"),
        pause(NY, "2026-03-10", "12:15", "12:45"),
      ],
    });
    const result = sheet([day]);
    // 15 + 10 + 45.
    expect(result.entries[0]).toMatchObject({ break_minutes: 70, worked_minutes: 540 - 70 });
  });

  it("an open break counts up to now", () => {
    const open = entry(NY, "2026-03-10", "09:00", null, { breaks: [pause(NY, "2026-03-10", "12:00", null)] });
    const result = sheet([open], { now: instantAt("2026-03-10", "12:20", NY) });
    expect(result.entries[0]).toMatchObject({ worked_minutes: 180, break_minutes: 20, open: true, rounded_out: null });
  });
});

// ---------------------------------------------------------------- open and flagged entries

describe("open and flagged entries", () => {
  it("an open entry counts up to now", () => {
    const open = entry(NY, "2026-03-10", "09:00", null);
    const result = sheet([open], { now: instantAt("2026-03-10", "13:30", NY), rules: { rounding_minutes: 15 } });
    expect(result.entries[0]).toMatchObject({ worked_minutes: 270, open: true, flagged: false, rounded_out: null });
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(270);
  });

  it("an entry open longer than the limit is flagged for the manager and counts nothing", () => {
    const open = entry(NY, "2026-03-10", "09:00", null);
    const result = sheet([open], { now: instantAt("2026-03-11", "05:00", NY), rates: { none: 20 } });
    expect(result.entries[0]).toMatchObject({ worked_minutes: 0, break_minutes: 0, open: true, flagged: true });
    expect(dayOf(result, "2026-03-10")).toMatchObject({
      worked_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      cost: 0,
      entry_ids: [open.id],
      flagged: true,
    });
    expect(result.totals).toMatchObject({ worked_minutes: 0, cost: 0, uncosted_minutes: 0 });
    expect(result.by_job).toEqual([]);
  });

  it("a closed entry longer than the limit is flagged and counts nothing (not 30 hours)", () => {
    const long = entry(NY, "2026-03-10", "08:00", "14:00", {
      clock_out_at: instantAt("2026-03-11", "14:00", NY),
      breaks: [pause(NY, "2026-03-10", "12:00", "12:30")],
    });
    const result = sheet([long, entry(NY, "2026-03-12", "09:00", "17:00")]);
    expect(result.entries[0]).toMatchObject({ flagged: true, open: false, worked_minutes: 0, break_minutes: 0 });
    expect(dayOf(result, "2026-03-10")).toMatchObject({ worked_minutes: 0, break_minutes: 0, flagged: true });
    expect(dayOf(result, "2026-03-12").flagged).toBe(false);
    expect(result.totals.worked_minutes).toBe(480);
  });

  it("an entry exactly as long as the limit is not flagged", () => {
    const result = sheet([entry(NY, "2026-03-10", "06:00", "22:00")]);
    expect(result.entries[0]).toMatchObject({ flagged: false, worked_minutes: 960 });
  });

  it("a long entry a manager reviewed counts", () => {
    const long = entry(NY, "2026-03-10", "08:00", "14:00", {
      clock_out_at: instantAt("2026-03-11", "14:00", NY),
      reviewed: true,
    });
    const result = sheet([long]);
    expect(result.entries[0]).toMatchObject({ flagged: false, worked_minutes: 30 * 60 });
    expect(dayOf(result, "2026-03-10").worked_minutes).toBe(30 * 60);
  });

  it("a flagged entry does not count toward the overtime limits", () => {
    const flagged = entry(NY, "2026-03-09", "08:00", "14:00", { clock_out_at: instantAt("2026-03-10", "14:00", NY) });
    const week = ["2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"].map((date) =>
      entry(NY, date, "15:00", "01:00"),
    );
    const result = sheet([flagged, ...week], { rules: { overtime_weekly_minutes: 2400 } });
    expect(result.totals).toMatchObject({ worked_minutes: 2400, regular_minutes: 2400, overtime_minutes: 0 });
  });
});

// ---------------------------------------------------------------- scheduled minutes

describe("scheduled minutes", () => {
  it("are the paid minutes of the person's shifts starting on the day, in the shift's own zone (its board's)", () => {
    const shifts = [
      shift(NY, "2026-03-10", "09:00", "17:00", { break_minutes: 30 }),
      shift(NY, "2026-03-11", "22:00", "06:00"),
      shift(NY, "2026-03-11", "09:00", "17:00", { user_id: BILAL }),
      shift(NY, "2026-03-12", "09:00", "17:00", { user_id: null }),
      // 08:00 Friday in Tokyo is Thursday evening in New York.
      shift(TOKYO, "2026-03-13", "08:00", "12:00", { job_id: TOKYO_JOB }),
      shift(NY, "2026-03-16", "09:00", "17:00"),
    ];
    const result = sheet([], {}, shifts);
    expect(result.days.map((day) => day.scheduled_minutes)).toEqual([0, 450, 480, 0, 240, 0, 0]);
    expect(result.totals.scheduled_minutes).toBe(1170);
  });

  it("count elapsed time over a clock change", () => {
    const night = shift(NY, "2026-03-07", "22:00", "06:00");
    const result = sheet([], { period: { start: "2026-03-07", end: "2026-03-08" } }, [night]);
    expect(dayOf(result, "2026-03-07").scheduled_minutes).toBe(420);
  });
});

// ---------------------------------------------------------------- overtime

describe("overtime", () => {
  it("daily: the minutes past the day's limit are overtime, the entry crossing it split", () => {
    const long = entry(NY, "2026-03-09", "08:00", "18:00");
    const morning = entry(NY, "2026-03-10", "06:00", "12:00");
    const evening = entry(NY, "2026-03-10", "14:00", "18:00");
    const night = entry(NY, "2026-03-11", "20:00", "06:00");
    const result = sheet([long, morning, evening, night], { rules: { overtime_daily_minutes: 480 } });
    expect(split(result)).toEqual([
      ["2026-03-09", 480, 120],
      ["2026-03-10", 480, 120],
      // The overnight entry's hours all count on its start day.
      ["2026-03-11", 480, 120],
    ]);
    expect(result.totals).toMatchObject({ regular_minutes: 1440, overtime_minutes: 360 });
  });

  it("weekly: minutes past the week's limit are overtime, from the entry that crosses it on", () => {
    const week = datesBetween("2026-03-09", "2026-03-13").map((date) => entry(NY, date, "08:00", "17:00"));
    const result = sheet(week, { rules: { overtime_weekly_minutes: 2400 } });
    expect(split(result)).toEqual([
      ["2026-03-09", 540, 0],
      ["2026-03-10", 540, 0],
      ["2026-03-11", 540, 0],
      ["2026-03-12", 540, 0],
      ["2026-03-13", 240, 300],
    ]);
    expect(result.totals).toMatchObject({ worked_minutes: 2700, regular_minutes: 2400, overtime_minutes: 300 });
  });

  it("counts entries in chronological order whatever order they come in", () => {
    const week = datesBetween("2026-03-09", "2026-03-13").map((date) => entry(NY, date, "08:00", "17:00"));
    const rules = { overtime_weekly_minutes: 2400, overtime_daily_minutes: 600 };
    expect(sheet([...week].reverse(), { rules })).toEqual(sheet(week, { rules }));
    const morning = entry(NY, "2026-03-10", "06:00", "12:00");
    const evening = entry(NY, "2026-03-10", "14:00", "18:00");
    const result = sheet([evening, morning], { rules: { overtime_daily_minutes: 480 } });
    expect(result.entries.map((row) => row.id)).toEqual([morning.id, evening.id]);
    expect(dayOf(result, "2026-03-10").entry_ids).toEqual([morning.id, evening.id]);
  });

  it("weekly: weeks start on week_start (Sunday vs Monday)", () => {
    const weekdays = datesBetween("2026-03-09", "2026-03-13").map((date) => entry(NY, date, "08:00", "17:00"));
    const sunday = entry(NY, "2026-03-15", "10:00", "15:00");
    // Weeks from Monday: Sunday 15th closes the week of the 9th, all overtime.
    const monday = sheet([...weekdays, sunday], { rules: { overtime_weekly_minutes: 2400, week_start: 1 } });
    expect(dayOf(monday, "2026-03-15")).toMatchObject({ regular_minutes: 0, overtime_minutes: 300 });
    // Weeks from Sunday: the 15th opens a new week.
    const fromSunday = sheet([...weekdays, sunday], { rules: { overtime_weekly_minutes: 2400, week_start: 0 } });
    expect(dayOf(fromSunday, "2026-03-15")).toMatchObject({ regular_minutes: 300, overtime_minutes: 0 });
    expect(dayOf(fromSunday, "2026-03-13")).toMatchObject({ regular_minutes: 240, overtime_minutes: 300 });
  });

  it("weekly: entries before period.start count toward the week holding it, but are not in the sheet", () => {
    // Semimonthly: Thursday 16th – 30th April; the week (from Monday) holding the 16th started on the 13th.
    const period = { start: "2026-04-16", end: "2026-04-30" };
    expect(sheetWindow(period, 1)).toEqual({ from: "2026-04-13", to: "2026-04-30" });
    const before = ["2026-04-13", "2026-04-14", "2026-04-15"].map((date) => entry(NY, date, "08:00", "18:00"));
    const thursday = entry(NY, "2026-04-16", "08:00", "18:00");
    const friday = entry(NY, "2026-04-17", "08:00", "16:00");
    const nextPeriod = entry(NY, "2026-05-01", "08:00", "16:00");
    const rules = { overtime_weekly_minutes: 2400 };

    const result = sheet([...before, thursday, friday, nextPeriod], { period, rules });
    expect(result.days[0]?.date).toBe("2026-04-16");
    expect(result.days).toHaveLength(15);
    expect(result.entries.map((row) => row.id)).toEqual([thursday.id, friday.id]);
    expect(split(result)).toEqual([
      ["2026-04-16", 600, 0],
      ["2026-04-17", 0, 480],
    ]);
    expect(result.totals).toMatchObject({ worked_minutes: 1080, regular_minutes: 600, overtime_minutes: 480 });

    // Without the week's first days, nothing reaches the limit.
    expect(sheet([thursday, friday], { period, rules }).totals.overtime_minutes).toBe(0);
  });

  it("both rules: daily overtime does not also count toward the weekly limit, no minute counts twice", () => {
    const rules = { overtime_daily_minutes: 480, overtime_weekly_minutes: 2400 };
    const tens = datesBetween("2026-03-09", "2026-03-13").map((date) => entry(NY, date, "08:00", "18:00"));
    const fiveDays = sheet(tens, { rules });
    // 50 h: 10 h daily overtime, the 40 regular hours reach the weekly limit exactly.
    expect(fiveDays.totals).toMatchObject({ worked_minutes: 3000, regular_minutes: 2400, overtime_minutes: 600 });
    expect(split(fiveDays).every(([, regular, overtime]) => regular === 480 && overtime === 120)).toBe(true);

    const saturday = entry(NY, "2026-03-14", "09:00", "14:00");
    const sixDays = sheet([...tens, saturday], { rules });
    expect(dayOf(sixDays, "2026-03-14")).toMatchObject({ regular_minutes: 0, overtime_minutes: 300 });
    expect(sixDays.totals).toMatchObject({ worked_minutes: 3300, regular_minutes: 2400, overtime_minutes: 900 });

    // 4 × 10 h + 2 × 4 h = 48 h: 8 h daily overtime, 32 + 8 = 40 regular, no weekly overtime.
    const mixed = [
      ...datesBetween("2026-03-09", "2026-03-12").map((date) => entry(NY, date, "08:00", "18:00")),
      entry(NY, "2026-03-13", "08:00", "12:00"),
      entry(NY, "2026-03-14", "08:00", "12:00"),
    ];
    expect(sheet(mixed, { rules }).totals).toMatchObject({ regular_minutes: 2400, overtime_minutes: 480 });
    // One more hour on Sunday is past the weekly limit.
    const sunday = entry(NY, "2026-03-15", "08:00", "09:00");
    expect(sheet([...mixed, sunday], { rules }).totals).toMatchObject({ regular_minutes: 2400, overtime_minutes: 540 });
  });

  it("no overtime when both rules are off", () => {
    const tens = datesBetween("2026-03-09", "2026-03-15").map((date) => entry(NY, date, "06:00", "20:00"));
    expect(sheet(tens).totals).toMatchObject({ regular_minutes: 7 * 14 * 60, overtime_minutes: 0 });
  });
});

// ---------------------------------------------------------------- cost

describe("cost", () => {
  it("regular minutes at the rate, overtime at rate × multiplier", () => {
    const long = entry(NY, "2026-03-10", "08:00", "18:00");
    const result = sheet([long], { rules: { overtime_daily_minutes: 480 }, rates: { none: 20 } });
    // 8 h × 20 + 2 h × 30.
    expect(dayOf(result, "2026-03-10").cost).toBe(220);
    expect(result.totals).toMatchObject({ cost: 220, pay: 220, uncosted_minutes: 0 });
  });

  it("is null when minutes were worked and none had a rate", () => {
    const result = sheet([entry(NY, "2026-03-10", "08:00", "16:00")]);
    expect(dayOf(result, "2026-03-10").cost).toBeNull();
    expect(dayOf(result, "2026-03-11").cost).toBe(0);
    expect(result.totals).toMatchObject({ cost: null, pay: null, uncosted_minutes: 480 });
  });

  it("leaves the minutes without a rate out of a mixed cost", () => {
    const cook = entry(NY, "2026-03-10", "08:00", "14:00", { job_id: COOK });
    const bar = entry(NY, "2026-03-10", "18:00", "20:00", { job_id: BAR });
    const result = sheet([cook, bar], { rates: { [COOK]: 20 } });
    expect(dayOf(result, "2026-03-10").cost).toBe(120);
    expect(result.totals).toMatchObject({ worked_minutes: 480, cost: 120, uncosted_minutes: 120 });
  });

  it("asks the rate of the person on the entry's job", () => {
    const asked: [string, string | null][] = [];
    const ctx = context();
    ctx.rateOf = (userId, jobId) => {
      asked.push([userId, jobId]);
      return 10;
    };
    personTimesheet(ANNA, [entry(NY, "2026-03-10", "08:00", "09:00", { job_id: COOK })], [], ctx);
    expect(asked).toEqual([[ANNA, COOK]]);
  });

  it("sums the money and then rounds it to cents", () => {
    // 3 × 7 min at 17.37: 6.0795 → 6.08 (each rounded first would be 3 × 2.03 = 6.09).
    const entries = ["09:00", "10:00", "11:00"].map((time) =>
      entry(NY, "2026-03-10", time, time.replace(":00", ":07")),
    );
    expect(sheet(entries, { rates: { none: 17.37 } }).totals.cost).toBe(6.08);
  });
});

// ---------------------------------------------------------------- by job

describe("by job (the payroll export's rows)", () => {
  it("groups regular, overtime and break minutes and pay by job, overtime falling on the job worked past the limit", () => {
    const cook = datesBetween("2026-03-09", "2026-03-12").map((date) =>
      entry(NY, date, "08:00", "18:30", { job_id: COOK, breaks: [pause(NY, date, "12:00", "12:30")] }),
    );
    const bar = entry(NY, "2026-03-13", "16:00", "22:00", { job_id: BAR });
    const none = entry(NY, "2026-03-14", "10:00", "11:00");
    const result = sheet([bar, ...cook, none], {
      rules: { overtime_weekly_minutes: 2400 },
      rates: { [COOK]: 20, [BAR]: 30 },
    });
    expect(result.by_job).toEqual([
      { job_id: COOK, regular_minutes: 2400, overtime_minutes: 0, break_minutes: 120, rate: 20, pay: 800 },
      // 6 h × 30 × 1.5.
      { job_id: BAR, regular_minutes: 0, overtime_minutes: 360, break_minutes: 0, rate: 30, pay: 270 },
      { job_id: null, regular_minutes: 0, overtime_minutes: 60, break_minutes: 0, rate: null, pay: null },
    ]);
    expect(result.totals).toMatchObject({ cost: 1070, uncosted_minutes: 60, overtime_minutes: 420 });
  });
});

// ---------------------------------------------------------------- across people

describe("sumTimesheets", () => {
  it("adds up people's totals", () => {
    const anna = sheet([entry(NY, "2026-03-10", "08:00", "18:00")], {
      rules: { overtime_daily_minutes: 480 },
      rates: { none: 20 },
    });
    const bilal = personTimesheet(
      BILAL,
      [entry(NY, "2026-03-10", "08:00", "12:00", { user_id: BILAL })],
      [shift(NY, "2026-03-10", "08:00", "12:00", { user_id: BILAL })],
      context(),
    );
    expect(sumTimesheets([anna, bilal])).toEqual({
      scheduled_minutes: 240,
      worked_minutes: 840,
      break_minutes: 0,
      regular_minutes: 720,
      overtime_minutes: 120,
      cost: 220,
      pay: 220,
      uncosted_minutes: 240,
    });
  });

  it("is null when no one's minutes had a rate, and zeros for no one", () => {
    const unpaid = sheet([entry(NY, "2026-03-10", "08:00", "12:00")]);
    expect(sumTimesheets([unpaid, unpaid])).toMatchObject({ worked_minutes: 480, cost: null, pay: null });
    expect(sumTimesheets([])).toEqual({
      scheduled_minutes: 0,
      worked_minutes: 0,
      break_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      cost: 0,
      pay: 0,
      uncosted_minutes: 0,
    });
  });
});

describe("the API's shape", () => {
  it("personTimesheetSchema reads a timesheet back unchanged", () => {
    const result = sheet(
      [
        entry(NY, "2026-03-10", "08:00", "18:00", {
          job_id: COOK,
          breaks: [pause(NY, "2026-03-10", "12:00", "12:30")],
        }),
        entry(NY, "2026-03-11", "09:00", null),
      ],
      { rules: { overtime_daily_minutes: 480 }, rates: { [COOK]: 20 }, now: instantAt("2026-03-12", "09:00", NY) },
    );
    expect(personTimesheetSchema.parse(result)).toEqual(result);
  });
});
