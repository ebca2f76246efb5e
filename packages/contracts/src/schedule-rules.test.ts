import { describe, expect, it } from "vitest";
import { defaultScheduleRules, type ScheduleRules, shiftWarningSchema } from "./schedule.ts";
import {
  findOverlap,
  type RuleShift,
  rulesWindow,
  scheduleTotals,
  shiftWarnings,
  weekWarnings,
} from "./schedule-rules.ts";
import { addDays, datesBetween, instantAt, offsetMinutes, shiftInstants, weekOf } from "./schedule-time.ts";

/**
 * The scheduling rules, with boards in New York, Paris, Beirut and UTC across
 * their 2026 clock changes. The unit project runs this under TZ=UTC, the tz-*
 * projects under the same three zones: the results must not move.
 */
const NY = "America/New_York";
const PARIS = "Europe/Paris";
const BEIRUT = "Asia/Beirut";
const UTC = "UTC";
/** The process's TZ (the contracts package is typed without Node's globals). */
const processZone = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.TZ ?? "UTC";
const clock = () => (globalThis as unknown as { performance: { now(): number } }).performance.now();
const ZONES = [NY, PARIS, BEIRUT, UTC];

const id = (n: number | string) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const ANNA = id("a1");
const BILAL = id("b2");
const BOARD = id("f1");
const OTHER_BOARD = id("f2");
const COOK = id("c1");
const BAR = id("c2");

let counter = 0;
/** A shift of `user` on `date` from `start` to `end` (overnight when the end is not after the start) in `zone`. */
function shift(
  zone: string,
  user: string | null,
  date: string,
  start: string,
  end: string,
  more: Partial<RuleShift> = {},
): RuleShift & { id: string } {
  const { startsAt, endsAt } = shiftInstants(date, start, end, zone);
  counter += 1;
  return {
    id: id(counter),
    user_id: user,
    board_id: BOARD,
    job_id: null,
    starts_at: startsAt,
    ends_at: endsAt,
    break_minutes: 0,
    ...more,
  } as RuleShift & {
    id: string;
  };
}

const rules = (over: Partial<ScheduleRules> = {}): ScheduleRules => ({ ...defaultScheduleRules, ...over });
const ctx = (
  zone: string,
  over: Partial<{ rules: ScheduleRules; weekStart: number; personJobIds: readonly string[] | null }> = {},
) => ({
  rules: rules(),
  zoneOf: () => zone,
  weekStart: 1,
  personJobIds: null,
  ...over,
});
const kinds = (warnings: { kind: string }[]) => warnings.map((w) => w.kind);

describe("the process's own zone", () => {
  it("is the one the test project set, and changes nothing below", () => {
    const zone = processZone;
    const local = new Date(2026, 6, 15, 12);
    expect(0 - local.getTimezoneOffset()).toBe(offsetMinutes(local.getTime(), zone));
  });
});

describe("overlap (the one refusal)", () => {
  it("finds the person's shift that intersects, and not one that only touches", () => {
    const morning = shift(PARIS, ANNA, "2026-03-02", "06:00", "14:00");
    const evening = shift(PARIS, ANNA, "2026-03-02", "14:00", "22:00");
    expect(findOverlap(evening, [morning])).toBeNull();
    const lunch = shift(PARIS, ANNA, "2026-03-02", "12:00", "16:00");
    expect(findOverlap(lunch, [morning, evening])).toBe(morning);
    expect(findOverlap(lunch, [evening])).toBe(evening);
    const inside = shift(PARIS, ANNA, "2026-03-02", "08:00", "09:00");
    expect(findOverlap(inside, [morning])).toBe(morning);
    expect(findOverlap(morning, [inside])).toBe(inside);
  });

  it("ignores other people, the shift's own saved version, and open shifts", () => {
    const mine = shift(PARIS, ANNA, "2026-03-02", "06:00", "14:00");
    expect(findOverlap(mine, [shift(PARIS, BILAL, "2026-03-02", "06:00", "14:00")])).toBeNull();
    expect(findOverlap(mine, [{ ...mine, starts_at: instantAt("2026-03-02", "07:00", PARIS) }])).toBeNull();
    const open = shift(PARIS, null, "2026-03-02", "06:00", "14:00");
    expect(findOverlap(open, [shift(PARIS, null, "2026-03-02", "06:00", "14:00")])).toBeNull();
    // A new shift (no id yet) meets everything, whatever its id.
    const fresh = { ...shift(PARIS, ANNA, "2026-03-02", "10:00", "12:00"), id: null };
    expect(findOverlap(fresh, [mine])).toBe(mine);
  });

  it("answers the earliest of several", () => {
    const late = shift(UTC, ANNA, "2026-03-02", "12:00", "14:00");
    const early = shift(UTC, ANNA, "2026-03-02", "08:00", "10:00");
    expect(findOverlap(shift(UTC, ANNA, "2026-03-02", "09:00", "13:00"), [late, early])).toBe(early);
  });

  it.each(ZONES)("holds across the fall-back night in %s (real time, not wall clock)", (zone) => {
    // 22:00–06:00 over the long night, then a shift at 05:30 the next morning: they overlap.
    const date = zone === NY ? "2026-10-31" : "2026-10-24";
    const night = shift(zone, ANNA, date, "22:00", "06:00");
    const early = shift(zone, ANNA, addDays(date, 1), "05:30", "09:00");
    expect(findOverlap(early, [night])).toBe(night);
    const after = shift(zone, ANNA, addDays(date, 1), "06:00", "09:00");
    expect(findOverlap(after, [night])).toBeNull();
  });
});

describe("short rest", () => {
  it.each(ZONES)("warns across midnight in %s: 14:00–22:00 then 06:00 is 8 h of rest", (zone) => {
    const evening = shift(zone, ANNA, "2026-06-01", "14:00", "22:00");
    const morning = shift(zone, ANNA, "2026-06-02", "06:00", "14:00");
    expect(shiftWarnings(morning, [evening], ctx(zone))).toEqual([
      {
        kind: "short_rest",
        shift_id: morning.id,
        user_id: ANNA,
        minutes: 480,
        limit_minutes: 600,
        other_shift_id: evening.id,
        date: null,
      },
    ]);
    expect(shiftWarnings(evening, [morning], ctx(zone))).toEqual([
      {
        kind: "short_rest",
        shift_id: evening.id,
        user_id: ANNA,
        minutes: 480,
        limit_minutes: 600,
        other_shift_id: morning.id,
        date: null,
      },
    ]);
  });

  it("does not warn at exactly the rule, for touching shifts, or when the rule is 0", () => {
    const evening = shift(UTC, ANNA, "2026-06-01", "16:00", "22:00");
    expect(shiftWarnings(shift(UTC, ANNA, "2026-06-02", "08:00", "12:00"), [evening], ctx(UTC))).toEqual([]);
    expect(shiftWarnings(shift(UTC, ANNA, "2026-06-01", "22:00", "23:00"), [evening], ctx(UTC))).toEqual([]);
    expect(
      shiftWarnings(
        shift(UTC, ANNA, "2026-06-02", "06:00", "07:00"),
        [evening],
        ctx(UTC, { rules: rules({ min_rest_minutes: 0 }) }),
      ),
    ).toEqual([]);
  });

  it("warns before and after, naming the nearest shift each side", () => {
    const first = shift(UTC, ANNA, "2026-06-01", "06:00", "10:00");
    const nearest = shift(UTC, ANNA, "2026-06-01", "11:00", "12:00");
    const middle = shift(UTC, ANNA, "2026-06-01", "13:00", "15:00");
    const after = shift(UTC, ANNA, "2026-06-01", "16:00", "18:00");
    const later = shift(UTC, ANNA, "2026-06-01", "19:00", "20:00");
    const warnings = shiftWarnings(
      middle,
      [later, first, after, nearest],
      ctx(UTC, { rules: rules({ daily_limit_minutes: 24 * 60 }) }),
    );
    expect(warnings.map((w) => [w.kind, w.minutes, w.other_shift_id])).toEqual([
      ["short_rest", 60, nearest.id],
      ["short_rest", 60, after.id],
    ]);
  });

  it.each([
    [PARIS, "2026-10-24"],
    [BEIRUT, "2026-10-24"],
    [NY, "2026-10-31"],
  ])("counts real hours in %s: 22:00 → 07:00 over the fall-back night is 10 h of rest", (zone, saturday) => {
    const evening = shift(zone, ANNA, saturday, "14:00", "22:00");
    const morning = shift(zone, ANNA, addDays(saturday, 1), "07:00", "11:00");
    expect(shiftWarnings(morning, [evening], ctx(zone))).toEqual([]);
  });

  it.each([
    [PARIS, "2026-03-28"],
    [BEIRUT, "2026-03-28"],
    [NY, "2026-03-07"],
  ])("counts real hours in %s: 22:00 → 08:00 over the spring-forward night is 9 h, too short", (zone, saturday) => {
    const evening = shift(zone, ANNA, saturday, "14:00", "22:00");
    const morning = shift(zone, ANNA, addDays(saturday, 1), "08:00", "12:00");
    expect(shiftWarnings(morning, [evening], ctx(zone)).map((w) => [w.kind, w.minutes])).toEqual([["short_rest", 540]]);
  });

  it("leaves out overlapping shifts (that is the refusal) and the candidate's old version", () => {
    const current = shift(UTC, ANNA, "2026-06-02", "06:00", "14:00");
    const oldVersion = {
      ...current,
      starts_at: instantAt("2026-06-01", "14:00", UTC),
      ends_at: instantAt("2026-06-01", "22:00", UTC),
    };
    expect(shiftWarnings(current, [oldVersion], ctx(UTC))).toEqual([]);
    const overlapping = shift(UTC, ANNA, "2026-06-02", "10:00", "18:00");
    expect(
      kinds(shiftWarnings(current, [overlapping], ctx(UTC, { rules: rules({ daily_limit_minutes: 24 * 60 }) }))),
    ).toEqual([]);
  });
});

describe("daily overtime", () => {
  it("adds the paid minutes of the person's shifts on the shift's local day", () => {
    const noRest = ctx(PARIS, { rules: rules({ min_rest_minutes: 0 }) });
    const morning = shift(PARIS, ANNA, "2026-06-01", "06:00", "11:30");
    const evening = shift(PARIS, ANNA, "2026-06-01", "21:00", "23:30", { break_minutes: 30 });
    // 5 h 30 + 2 h paid = 7 h 30: under 8.
    expect(shiftWarnings(evening, [morning], noRest)).toEqual([]);
    const longer = { ...evening, break_minutes: 0, ends_at: instantAt("2026-06-01", "23:45", PARIS) };
    expect(shiftWarnings(longer, [morning], noRest)).toEqual([
      {
        kind: "daily_overtime",
        shift_id: evening.id,
        user_id: ANNA,
        minutes: 495,
        limit_minutes: 480,
        other_shift_id: null,
        date: "2026-06-01",
      },
    ]);
  });

  it("reads the day in the board's zone: Beirut's 01:00 and 16:00 are one Monday, two UTC days", () => {
    const night = shift(BEIRUT, ANNA, "2026-06-01", "01:00", "06:00", { id: id(901) });
    const evening = shift(BEIRUT, ANNA, "2026-06-01", "16:00", "21:00", { id: id(902) });
    // In UTC those are Sunday 22:00–03:00 and Monday 13:00–18:00 (10 h apart either way: no short rest).
    expect(shiftWarnings(evening, [night], ctx(BEIRUT)).map((w) => [w.kind, w.minutes, w.date])).toEqual([
      ["daily_overtime", 600, "2026-06-01"],
    ]);
    expect(shiftWarnings(evening, [night], ctx(UTC))).toEqual([]);
  });

  it("reads each shift's day in its own board's zone, whichever board is looked at", () => {
    // A Paris board and a Beirut board: Beirut's Sunday 00:30 is Paris's Saturday 23:30.
    const zones = new Map([
      [BOARD, PARIS],
      [OTHER_BOARD, BEIRUT],
    ]);
    const zoneOf = (boardId: string) => zones.get(boardId) ?? UTC;
    const saturday = shift(PARIS, ANNA, "2026-06-06", "08:00", "14:00", { id: id(903) });
    const beirutNight = shift(BEIRUT, ANNA, "2026-06-07", "00:30", "08:30", { id: id(904), board_id: OTHER_BOARD });
    const sunday = shift(PARIS, ANNA, "2026-06-07", "12:00", "16:00", { id: id(905) });
    const daily = rules({ daily_limit_minutes: 10 * 60, min_rest_minutes: 0 });
    // On Sunday (its board's day) the night adds to Paris's Sunday, not to Saturday.
    expect(shiftWarnings(saturday, [beirutNight, sunday], { ...ctx(PARIS, { rules: daily }), zoneOf })).toEqual([]);
    expect(
      shiftWarnings(sunday, [beirutNight, saturday], { ...ctx(PARIS, { rules: daily }), zoneOf }).map((w) => [
        w.kind,
        w.minutes,
        w.date,
      ]),
    ).toEqual([["daily_overtime", 720, "2026-06-07"]]);
    // Weeks starting on Sunday: the night is in the week of June 7, not the one before.
    const all = weekWarnings([saturday, beirutNight, sunday], {
      rulesOf: () => rules({ weekly_limit_minutes: 10 * 60, daily_limit_minutes: 24 * 60, min_rest_minutes: 0 }),
      zoneOf,
      weekStart: 0,
      jobIdsOf: () => null,
    });
    expect(kinds(all.get(saturday.id) ?? [])).toEqual([]);
    expect(kinds(all.get(beirutNight.id) ?? [])).toEqual(["weekly_overtime"]);
    const totals = scheduleTotals([saturday, beirutNight, sunday], {
      zoneOf,
      dates: ["2026-06-06", "2026-06-07"],
      rateOf: () => null,
    });
    expect(totals.days.get("2026-06-06")?.minutes).toBe(360);
    expect(totals.days.get("2026-06-07")?.minutes).toBe(480 + 240);
  });

  it("puts an overnight shift on its start day only", () => {
    const night = shift(UTC, ANNA, "2026-06-01", "22:00", "06:00", { break_minutes: 60 });
    const lunch = shift(UTC, ANNA, "2026-06-01", "09:00", "12:00");
    expect(kinds(shiftWarnings(lunch, [night], ctx(UTC)))).toEqual(["daily_overtime"]);
    // Tuesday's shift is not on Monday: only the 9 h rest after the night is short.
    const nextLunch = shift(UTC, ANNA, "2026-06-02", "15:00", "18:00");
    expect(shiftWarnings(nextLunch, [night], ctx(UTC)).map((w) => w.kind)).toEqual(["short_rest"]);
  });

  it.each([
    [PARIS, "2026-10-24"],
    [BEIRUT, "2026-10-24"],
    [NY, "2026-10-31"],
  ])("counts the 9 real hours of a fall-back night shift in %s", (zone, saturday) => {
    const night = shift(zone, ANNA, saturday, "22:00", "06:00", { break_minutes: 30 });
    expect(shiftWarnings(night, [], ctx(zone))).toEqual([
      {
        kind: "daily_overtime",
        shift_id: night.id,
        user_id: ANNA,
        minutes: 510,
        limit_minutes: 480,
        other_shift_id: null,
        date: saturday,
      },
    ]);
    const spring = shift(
      zone,
      ANNA,
      saturday.replace("-10-24", "-03-28").replace("-10-31", "-03-07"),
      "22:00",
      "06:00",
    );
    expect(shiftWarnings(spring, [], ctx(zone))).toEqual([]);
  });
});

describe("weekly overtime", () => {
  const fullWeek = (zone: string, monday: string, user = ANNA, more: Partial<RuleShift> = {}) =>
    [0, 1, 2, 3, 4, 5].map((d) => shift(zone, user, addDays(monday, d), "09:00", "17:00", more));

  it.each(ZONES)("warns every shift of a 48 h week in %s with the total and the week's first day", (zone) => {
    const week = fullWeek(zone, "2026-03-23");
    for (const candidate of week) {
      expect(shiftWarnings(candidate, week, ctx(zone))).toEqual([
        {
          kind: "weekly_overtime",
          shift_id: candidate.id,
          user_id: ANNA,
          minutes: 2880,
          limit_minutes: 2400,
          other_shift_id: null,
          date: "2026-03-23",
        },
      ]);
    }
  });

  it("counts paid minutes: breaks can bring a week back under the limit", () => {
    const week = fullWeek(UTC, "2026-06-01", ANNA, { break_minutes: 80 }); // 6 × 6 h 40 = 40 h
    expect(shiftWarnings(week[0] as RuleShift, week, ctx(UTC))).toEqual([]);
  });

  it("cuts weeks on the board's week start", () => {
    // Monday–Friday 8 h plus Sunday 8 h: 48 h in a Monday week, 40 + 8 in Sunday weeks.
    const weekdays = [0, 1, 2, 3, 4].map((d) => shift(UTC, ANNA, addDays("2026-06-01", d), "09:00", "17:00"));
    const sunday = shift(UTC, ANNA, "2026-06-07", "09:00", "17:00");
    const all = [...weekdays, sunday];
    expect(kinds(shiftWarnings(sunday, all, ctx(UTC, { weekStart: 1 })))).toEqual(["weekly_overtime"]);
    expect(kinds(shiftWarnings(sunday, all, ctx(UTC, { weekStart: 0 })))).toEqual([]);
    expect(kinds(shiftWarnings(weekdays[0] as RuleShift, all, ctx(UTC, { weekStart: 0 })))).toEqual([]);
  });

  it.each([
    [PARIS, "2026-10-19", "2026-10-24", 2460, true],
    [BEIRUT, "2026-10-19", "2026-10-24", 2460, true],
    [NY, "2026-10-26", "2026-10-31", 2460, true],
    [PARIS, "2026-03-23", "2026-03-28", 2340, false],
  ])(
    "adds the night shifts' real hours in the change week in %s (week of %s)",
    (zone, monday, saturday, total, warned) => {
      // Five 22:00–06:00 nights, Tuesday to Saturday; the Saturday one crosses the change.
      const nights = datesBetween(addDays(monday, 1), saturday).map((date) =>
        shift(zone, ANNA, date, "22:00", "06:00"),
      );
      const warnings = shiftWarnings(nights[0] as RuleShift, nights, ctx(zone)).filter(
        (w) => w.kind === "weekly_overtime",
      );
      expect(warnings.map((w) => w.minutes)).toEqual(warned ? [total] : []);
    },
  );
});

describe("not on the job", () => {
  it("warns when the job is not one of the person's", () => {
    const cooking = shift(UTC, ANNA, "2026-06-01", "09:00", "12:00", { job_id: COOK });
    expect(shiftWarnings(cooking, [], ctx(UTC, { personJobIds: [BAR] }))).toEqual([
      {
        kind: "not_on_job",
        shift_id: cooking.id,
        user_id: ANNA,
        minutes: 0,
        limit_minutes: 0,
        other_shift_id: null,
        date: null,
      },
    ]);
    expect(shiftWarnings(cooking, [], ctx(UTC, { personJobIds: [BAR, COOK] }))).toEqual([]);
    expect(shiftWarnings(cooking, [], ctx(UTC, { personJobIds: null }))).toEqual([]);
    expect(shiftWarnings({ ...cooking, job_id: null }, [], ctx(UTC, { personJobIds: [] }))).toEqual([]);
  });
});

describe("open shifts and other people", () => {
  it("give an open shift no warnings at all", () => {
    const open = shift(UTC, null, "2026-06-01", "06:00", "20:00", { job_id: COOK });
    expect(
      shiftWarnings(open, [shift(UTC, null, "2026-06-01", "21:00", "23:00")], ctx(UTC, { personJobIds: [] })),
    ).toEqual([]);
  });

  it("leave other people's shifts out of a person's rules", () => {
    const mine = shift(UTC, ANNA, "2026-06-01", "09:00", "17:00");
    const theirs = [
      shift(UTC, BILAL, "2026-06-01", "17:30", "23:00"),
      shift(UTC, null, "2026-06-01", "18:00", "22:00"),
    ];
    expect(shiftWarnings(mine, theirs, ctx(UTC))).toEqual([]);
  });

  it("list the warnings in a fixed order and in the contract's shape", () => {
    const before = shift(UTC, ANNA, "2026-06-01", "00:00", "05:00");
    const candidate = shift(UTC, ANNA, "2026-06-01", "08:00", "16:00", { job_id: COOK });
    const after = shift(UTC, ANNA, "2026-06-01", "18:00", "20:00");
    const week = [2, 3, 4, 5].map((d) => shift(UTC, ANNA, addDays("2026-06-01", d), "09:00", "17:00"));
    const warnings = shiftWarnings(candidate, [after, before, ...week], ctx(UTC, { personJobIds: [BAR] }));
    expect(kinds(warnings)).toEqual(["short_rest", "short_rest", "daily_overtime", "weekly_overtime", "not_on_job"]);
    for (const warning of warnings) expect(shiftWarningSchema.parse(warning)).toEqual(warning);
  });
});

describe("a whole week at once", () => {
  /** A small deterministic random generator (mulberry32), so failures replay. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Shifts of `people` people on the days around a week, in quarter hours, some overnight, some open, some repeated. */
  function randomShifts(zone: string, monday: string, people: number, count: number, seed: number): RuleShift[] {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const dates = datesBetween(addDays(monday, -2), addDays(monday, 8));
    const shifts: RuleShift[] = [];
    for (let i = 0; i < count; i++) {
      const quarter = (n: number) =>
        `${String(Math.floor(n / 4)).padStart(2, "0")}:${String((n % 4) * 15).padStart(2, "0")}`;
      const start = Math.floor(next() * 96);
      const end = (start + 4 + Math.floor(next() * 48)) % 96;
      const times = shiftInstants(pick(dates), quarter(start), quarter(end), zone);
      shifts.push({
        id: id(100_000 + i),
        user_id: next() < 0.1 ? null : id(1 + Math.floor(next() * people)),
        board_id: next() < 0.8 ? BOARD : OTHER_BOARD,
        job_id: pick([null, COOK, BAR]),
        starts_at: times.startsAt,
        ends_at: times.endsAt,
        break_minutes: pick([0, 0, 15, 30, 60]),
      });
    }
    return shifts;
  }

  const boardRules = new Map([
    [BOARD, rules()],
    [OTHER_BOARD, rules({ min_rest_minutes: 8 * 60, daily_limit_minutes: 10 * 60, weekly_limit_minutes: 30 * 60 })],
  ]);
  const jobsOf = (userId: string) => (userId.endsWith("1") ? null : userId.endsWith("2") ? [] : [COOK]);
  const weekCtx = (zone: string, weekStart: number) => ({
    rulesOf: (boardId: string) => boardRules.get(boardId) ?? rules(),
    zoneOf: () => zone,
    weekStart,
    jobIdsOf: jobsOf,
  });

  it.each([
    [PARIS, "2026-10-19", 1],
    [PARIS, "2026-03-23", 0],
    [BEIRUT, "2026-10-19", 6],
    [BEIRUT, "2026-03-23", 1],
    [NY, "2026-10-26", 0],
    [NY, "2026-03-02", 1],
    [UTC, "2026-06-01", 3],
  ])("judges each shift exactly as shiftWarnings does (%s, week of %s, week start %i)", (zone, monday, weekStart) => {
    const shifts = randomShifts(zone, monday, 12, 300, monday.length + weekStart + zone.length);
    const all = weekWarnings(shifts, weekCtx(zone, weekStart));
    let warned = 0;
    for (const candidate of shifts) {
      const expected = shiftWarnings(candidate, shifts, {
        rules: boardRules.get(candidate.board_id) ?? rules(),
        zoneOf: () => zone,
        weekStart,
        personJobIds: candidate.user_id ? jobsOf(candidate.user_id) : null,
      });
      expect(all.get(candidate.id as string)).toEqual(expected);
      if (expected.length > 0) warned++;
    }
    // The data is busy enough to meet every kind of warning.
    expect(warned).toBeGreaterThan(50);
    const seen = new Set([...all.values()].flat().map((w) => w.kind));
    expect([...seen].sort()).toEqual(["daily_overtime", "not_on_job", "short_rest", "weekly_overtime"]);
  });

  it("counts a repeated shift once, and gives shifts without id no entry", () => {
    const monday = shift(UTC, ANNA, "2026-06-01", "09:00", "14:00");
    const fresh = { ...shift(UTC, ANNA, "2026-06-01", "15:00", "18:00"), id: null };
    const all = weekWarnings([monday, { ...monday }, fresh], weekCtx(UTC, 1));
    expect([...all.keys()]).toEqual([monday.id]);
    expect(all.get(monday.id)?.map((w) => [w.kind, w.minutes])).toEqual([["short_rest", 60]]);
  });

  it("handles 3,000 shifts of 500 people in well under 50 ms", () => {
    const shifts = randomShifts(BEIRUT, "2026-10-19", 500, 3000, 42);
    const context = weekCtx(BEIRUT, 1);
    weekWarnings(shifts, context); // warm up (zone data, JIT)
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const started = clock();
      const all = weekWarnings(shifts, context);
      best = Math.min(best, clock() - started);
      expect(all.size).toBe(3000);
    }
    expect(best).toBeLessThan(50);
  });
});

describe("the window of shifts the rules need", () => {
  it("is the shift's week widened by the rest rule", () => {
    const candidate = shift(PARIS, ANNA, "2026-03-23", "06:00", "14:00");
    const week = weekOf("2026-03-23", PARIS, 1);
    expect(rulesWindow(candidate, { zone: PARIS, weekStart: 1, minRestMinutes: 600 })).toEqual({
      from: new Date(Date.parse(candidate.starts_at) - 600 * 60_000).toISOString(),
      to: week.endsAt,
    });
    const sunday = shift(PARIS, ANNA, "2026-03-29", "20:00", "06:00");
    expect(rulesWindow(sunday, { zone: PARIS, weekStart: 1, minRestMinutes: 600 })).toEqual({
      from: week.startsAt,
      to: new Date(Date.parse(sunday.ends_at) + 600 * 60_000).toISOString(),
    });
  });
});

describe("totals", () => {
  const week = weekOf("2026-10-19", PARIS, 1);
  const dates = week.days.map((d) => d.date);
  const personRate = new Map([
    [ANNA, 12.35],
    [BILAL, null],
  ]);
  const jobRate = new Map([
    [COOK, 20],
    [BAR, null],
  ]);
  const rateOf = (s: RuleShift) =>
    (s.user_id ? (personRate.get(s.user_id) ?? null) : null) ?? (s.job_id ? (jobRate.get(s.job_id) ?? null) : null);

  it("sum paid minutes and cost per person, per day and in all", () => {
    const shifts = [
      shift(PARIS, ANNA, "2026-10-19", "09:00", "16:50", { break_minutes: 30 }), // 7 h 20 at 12.35 = 90.5667
      shift(PARIS, ANNA, "2026-10-24", "22:00", "06:00"), // 9 real hours = 111.15
      shift(PARIS, BILAL, "2026-10-19", "10:00", "14:00", { job_id: COOK }), // no rate of his own: the job's, 80
      shift(PARIS, BILAL, "2026-10-20", "10:00", "14:00", { job_id: BAR }), // no rate at all
      shift(PARIS, null, "2026-10-19", "12:00", "18:00", { job_id: COOK }), // open: 6 h at the job's rate, 120
      shift(PARIS, ANNA, "2026-10-26", "09:00", "17:00"), // next week: not counted
      shift(PARIS, BILAL, "2026-10-18", "22:00", "06:00"), // the Sunday before: not counted
    ];
    const totals = scheduleTotals(shifts, { zoneOf: () => PARIS, dates, rateOf });
    expect(totals.people.get(ANNA)).toEqual({ minutes: 440 + 540, cost: 201.72, shifts: 2, uncosted: 0 });
    expect(totals.people.get(BILAL)).toEqual({ minutes: 480, cost: 80, shifts: 2, uncosted: 1 });
    expect([...totals.days.keys()]).toEqual(dates);
    expect(totals.days.get("2026-10-19")).toEqual({
      date: "2026-10-19",
      minutes: 440 + 240 + 360,
      cost: 290.57,
      shifts: 3,
      uncosted: 0,
      headcount: 2,
      open: 1,
    });
    expect(totals.days.get("2026-10-20")).toEqual({
      date: "2026-10-20",
      minutes: 240,
      cost: null,
      shifts: 1,
      uncosted: 1,
      headcount: 1,
      open: 0,
    });
    // The overnight shift sits on Saturday, with its 9 real hours.
    expect(totals.days.get("2026-10-24")).toMatchObject({ minutes: 540, headcount: 1, cost: 111.15 });
    expect(totals.days.get("2026-10-25")).toEqual({
      date: "2026-10-25",
      minutes: 0,
      cost: 0,
      shifts: 0,
      uncosted: 0,
      headcount: 0,
      open: 0,
    });
    expect(totals.total).toEqual({
      minutes: 440 + 540 + 240 + 240 + 360,
      cost: 401.72,
      shifts: 5,
      uncosted: 1,
      headcount: 2,
      open: 1,
    });
  });

  it("round money to cents only at the end", () => {
    // Three 10-minute shifts at 0.10/h: 0.0167 each, 0.05 together (not 3 × 0.02).
    const shifts = [0, 1, 2].map((d) => shift(UTC, ANNA, addDays("2026-06-01", d), "09:00", "09:10"));
    const totals = scheduleTotals(shifts, {
      zoneOf: () => UTC,
      dates: datesBetween("2026-06-01", "2026-06-07"),
      rateOf: () => 0.1,
    });
    expect(totals.people.get(ANNA)?.cost).toBe(0.05);
    expect(totals.days.get("2026-06-01")?.cost).toBe(0.02);
  });

  it("read the day in the board's zone", () => {
    const late = shift(BEIRUT, ANNA, "2026-06-02", "01:00", "05:00"); // Monday 22:00 UTC
    const inBeirut = scheduleTotals([late], {
      zoneOf: () => BEIRUT,
      dates: ["2026-06-01", "2026-06-02"],
      rateOf: () => null,
    });
    expect(inBeirut.days.get("2026-06-02")?.minutes).toBe(240);
    const inUtc = scheduleTotals([late], {
      zoneOf: () => UTC,
      dates: ["2026-06-01", "2026-06-02"],
      rateOf: () => null,
    });
    expect(inUtc.days.get("2026-06-01")?.minutes).toBe(240);
  });
});
