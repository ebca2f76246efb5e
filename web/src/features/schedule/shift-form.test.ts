import { SHIFT_REPEAT_MAX } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { ANA, BAR, BEN, BOARD, COOK, OTHER_BOARD, shift, week } from "./edit-fixtures.test-support.ts";
import type { ShiftDraft } from "./schedule-types.ts";
import {
  acrossClockChange,
  formatDuration,
  OPEN_SHIFT,
  personName,
  repeatCount,
  repeatWeekdays,
  type ShiftFormValues,
  shiftCheckBody,
  shiftCreateBody,
  shiftFieldErrors,
  shiftFormValues,
  shiftLength,
  shiftUpdateBody,
  updateChangesSomething,
  validateShift,
  valuesOfShift,
  zoneOf,
} from "./shift-form.ts";

const PARIS = "Europe/Paris";
const cell = (overrides: Partial<ShiftDraft> = {}): ShiftDraft => ({
  boardId: BOARD,
  date: "2026-03-24",
  userId: ANA,
  jobId: null,
  ...overrides,
});
const values = (overrides: Partial<ShiftFormValues> = {}): ShiftFormValues => ({
  ...shiftFormValues(week(), cell()),
  ...overrides,
});

describe("the shift editor's starting values", () => {
  it("starts a new shift on the clicked day and row, 09:00–17:00, without a repeat", () => {
    expect(shiftFormValues(week(), cell())).toEqual({
      board_id: BOARD,
      date: "2026-03-24",
      start: "09:00",
      end: "17:00",
      break_minutes: 0,
      // Ana works one job only: it is chosen for her.
      job_id: COOK,
      user_id: ANA,
      note: "",
      repeat: "none",
      // 24 March 2026 is a Tuesday.
      repeat_weekdays: ["2"],
      repeat_until: "2026-04-20",
    });
  });

  it("takes the row's job when grouped by job, and no job for someone with several", () => {
    expect(shiftFormValues(week(), cell({ userId: BEN, jobId: BAR })).job_id).toBe(BAR);
    expect(shiftFormValues(week(), cell({ userId: BEN })).job_id).toBeNull();
  });

  it("starts at the time picked on the day timeline, lasting the default 8 hours", () => {
    expect(shiftFormValues(week(), cell({ start: "10:30" }))).toMatchObject({ start: "10:30", end: "18:30" });
    // An evening start ends the next morning (an overnight shift).
    expect(shiftFormValues(week(), cell({ start: "20:00" }))).toMatchObject({ start: "20:00", end: "04:00" });
    // Something that is not a time is ignored.
    expect(shiftFormValues(week(), cell({ start: "25:00" }))).toMatchObject({ start: "09:00", end: "17:00" });
  });

  it("makes the open-shifts row an open shift", () => {
    expect(shiftFormValues(week(), cell({ userId: null })).user_id).toBe(OPEN_SHIFT);
  });

  it("lets the manager pick the board on “all” when the cell does not name one shown", () => {
    const two = week({
      boards: [
        ...week().boards,
        { ...week().boards[0], id: OTHER_BOARD, name: "Bar", time_zone: "Asia/Beirut" },
      ] as never,
    });
    expect(shiftFormValues(two, cell({ boardId: "" })).board_id).toBeNull();
    expect(shiftFormValues(two, cell({ boardId: OTHER_BOARD })).board_id).toBe(OTHER_BOARD);
    expect(zoneOf(two, OTHER_BOARD)).toBe("Asia/Beirut");
    expect(zoneOf(two, null)).toBe(PARIS);
  });

  it("reads an existing shift's wall clock in its board's zone", () => {
    const overnight = shift({
      starts_at: "2026-03-27T21:00:00.000Z",
      ends_at: "2026-03-28T05:00:00.000Z",
      user_id: null,
      note: "Night porter",
    });
    expect(valuesOfShift(week(), overnight)).toMatchObject({
      date: "2026-03-27",
      start: "22:00",
      end: "06:00",
      break_minutes: 30,
      user_id: OPEN_SHIFT,
      note: "Night porter",
      repeat: "none",
    });
    expect(shiftFormValues(week(), { ...cell(), shift: overnight }).start).toBe("22:00");
  });
});

describe("form values → request bodies", () => {
  it("turns the board's wall clock into instants with the shared module", () => {
    expect(shiftCreateBody(values({ note: "  Bring keys ", break_minutes: 30 }), PARIS)).toEqual({
      board_id: BOARD,
      user_id: ANA,
      job_id: COOK,
      starts_at: "2026-03-24T08:00:00.000Z",
      ends_at: "2026-03-24T16:00:00.000Z",
      break_minutes: 30,
      note: "Bring keys",
    });
  });

  it("sends an open shift as no person, a cleared break as 0 and an empty note as none", () => {
    const body = shiftCreateBody(values({ user_id: OPEN_SHIFT, break_minutes: "", note: "   ", job_id: null }), PARIS);
    expect(body).toMatchObject({ user_id: null, job_id: null, break_minutes: 0, note: null });
  });

  it("ends an end at or before the start on the next day (overnight), with its real length across a change", () => {
    const body = shiftCreateBody(values({ date: "2026-03-28", start: "22:00", end: "06:00" }), PARIS);
    // 22:00 CET → 06:00 CEST: the clocks jumped at 02:00, so the night is 7 hours.
    expect(body.starts_at).toBe("2026-03-28T21:00:00.000Z");
    expect(body.ends_at).toBe("2026-03-29T04:00:00.000Z");
  });

  it("adds the repeat: every day, or the chosen weekdays always including the shift's own", () => {
    expect(shiftCreateBody(values({ repeat: "daily", repeat_until: "2026-04-05" }), PARIS).repeat).toEqual({
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      until: "2026-04-05",
    });
    const chosen = values({ repeat: "weekdays", repeat_weekdays: ["4", "1"], repeat_until: "2026-04-30" });
    expect(shiftCreateBody(chosen, PARIS).repeat).toEqual({ weekdays: [1, 2, 4], until: "2026-04-30" });
    expect(repeatWeekdays({ ...chosen, repeat_weekdays: [] })).toEqual([2]);
    expect(shiftCreateBody(values({ repeat: "none" }), PARIS).repeat).toBeUndefined();
  });

  it("checks an edited shift as it would be saved, leaving itself out (an edit makes no repeat)", () => {
    expect(shiftCheckBody(values({ repeat: "daily" }), PARIS, "00000000-0000-4000-8000-000000000999")).toEqual({
      id: "00000000-0000-4000-8000-000000000999",
      board_id: BOARD,
      user_id: ANA,
      job_id: COOK,
      starts_at: "2026-03-24T08:00:00.000Z",
      ends_at: "2026-03-24T16:00:00.000Z",
      break_minutes: 0,
      note: null,
    });
    expect(shiftCheckBody(values(), PARIS)).not.toHaveProperty("id");
  });

  it("checks a new shift with its repeat, so every shift it makes is checked (four weeks of every day, not the first day)", () => {
    const body = shiftCheckBody(values({ repeat: "daily", repeat_until: "2026-04-20" }), PARIS);
    expect(body.repeat).toEqual({ weekdays: [0, 1, 2, 3, 4, 5, 6], until: "2026-04-20" });
    expect(shiftCheckBody(values({ repeat: "none" }), PARIS)).not.toHaveProperty("repeat");
  });

  it("updates with the version seen and only what changed", () => {
    const saved = shift({ version: 4 });
    const same = valuesOfShift(week(), saved);
    expect(shiftUpdateBody(same, PARIS, saved)).toEqual({ version: 4 });
    expect(updateChangesSomething(shiftUpdateBody(same, PARIS, saved))).toBe(false);

    expect(shiftUpdateBody({ ...same, user_id: BEN, note: "Swap" }, PARIS, saved)).toEqual({
      version: 4,
      user_id: BEN,
      note: "Swap",
    });
    expect(shiftUpdateBody({ ...same, user_id: OPEN_SHIFT, job_id: null }, PARIS, saved)).toEqual({
      version: 4,
      user_id: null,
      job_id: null,
    });
  });

  it("sends both times when either moves, so the server checks them with the break", () => {
    const saved = shift({ version: 2 });
    const later = { ...valuesOfShift(week(), saved), end: "18:00" };
    expect(shiftUpdateBody(later, PARIS, saved)).toEqual({
      version: 2,
      starts_at: "2026-03-24T08:00:00.000Z",
      ends_at: "2026-03-24T17:00:00.000Z",
    });
    expect(updateChangesSomething(shiftUpdateBody(later, PARIS, saved))).toBe(true);
  });
});

describe("the editor's checks", () => {
  it("accepts a whole day, and an overnight shift", () => {
    expect(validateShift(values(), week(), null)).toEqual({});
    expect(validateShift(values({ start: "22:00", end: "06:00" }), week(), null)).toEqual({});
    // Same start and end: a 24-hour shift, the longest allowed.
    expect(validateShift(values({ start: "08:00", end: "08:00" }), week(), null)).toEqual({});
  });

  it("names the missing or malformed date and times", () => {
    expect(validateShift(values({ date: "", start: "", end: "25:00" }), week(), null)).toEqual({
      date: "schedule.dateRequired",
      start: "schedule.timeRequired",
      end: "schedule.timeInvalid",
    });
    expect(validateShift(values({ date: "2026-02-30" }), week(), null)).toEqual({ date: "schedule.dateInvalid" });
    expect(validateShift(values({ date: "1999-12-31" }), week(), null)).toEqual({ date: "schedule.dateOutOfRange" });
  });

  it("refuses what the API refuses, under the field it concerns", () => {
    expect(validateShift(values({ break_minutes: 480 }), week(), null)).toEqual({
      break_minutes: "schedule.breakTooLong",
    });
    expect(validateShift(values({ break_minutes: 2.5 }), week(), null)).toEqual({
      break_minutes: "schedule.breakInvalid",
    });
    expect(validateShift(values({ board_id: null }), week(), null)).toEqual({ board_id: "schedule.unknownBoard" });
    expect(validateShift(values({ note: "x".repeat(501) }), week(), null)).toEqual({ note: "schedule.noteTooLong" });
  });

  it("refuses a shift a clock change makes longer than 24 hours", () => {
    // 22:00 to 22:00 over the night Paris turns its clocks back lasts 25 hours.
    expect(validateShift(values({ date: "2026-10-24", start: "22:00", end: "22:00" }), week(), null)).toEqual({
      end: "schedule.shiftTooLong",
    });
  });

  it("checks the repeat of a new shift only", () => {
    const repeat = values({ repeat: "daily", repeat_until: "2026-03-20" });
    expect(validateShift(repeat, week(), null)).toEqual({ repeat_until: "schedule.repeatUntilBeforeDate" });
    expect(validateShift({ ...repeat, repeat_until: "" }, week(), null)).toEqual({
      repeat_until: "schedule.dateInvalid",
    });
    expect(validateShift({ ...repeat, repeat_until: "2027-12-31" }, week(), null)).toEqual({
      repeat_until: "schedule.repeatTooMany",
    });
    expect(validateShift(repeat, week(), shift())).toEqual({});
  });

  it("shows the API's field errors under the form's fields", () => {
    expect(
      shiftFieldErrors({
        starts_at: "schedule.dateOutOfRange",
        ends_at: "schedule.endBeforeStart",
        user_id: "schedule.personArchived",
        job_id: "schedule.jobArchived",
        "repeat.until": "schedule.repeatTooMany",
        "repeat.weekdays": "schedule.repeatDaysRequired",
        break_minutes: "schedule.breakTooLong",
        version: "ignored",
      }),
    ).toEqual({
      date: "schedule.dateOutOfRange",
      end: "schedule.endBeforeStart",
      user_id: "schedule.personArchived",
      job_id: "schedule.jobArchived",
      repeat_until: "schedule.repeatTooMany",
      repeat_weekdays: "schedule.repeatDaysRequired",
      break_minutes: "schedule.breakTooLong",
    });
    expect(shiftFieldErrors({ starts_at: "schedule.timeInvalid" })).toEqual({ start: "schedule.timeInvalid" });
  });
});

describe("the length shown under the times", () => {
  it("is the real elapsed time, with the break taken off the paid part", () => {
    const length = shiftLength(values({ break_minutes: 30 }), PARIS);
    expect(length).toEqual({ minutes: 480, paidMinutes: 450, overnight: false, clockMinutes: 480 });
    expect(length && acrossClockChange(length)).toBe(false);
  });

  it("says an end at or before the start is the next day", () => {
    expect(shiftLength(values({ start: "22:00", end: "06:00" }), PARIS)).toMatchObject({
      minutes: 480,
      overnight: true,
      clockMinutes: 480,
    });
  });

  it("shows the clock changes: 7 hours on the spring night, 9 on the autumn night", () => {
    const spring = shiftLength(values({ date: "2026-03-28", start: "22:00", end: "06:00" }), PARIS);
    expect(spring).toMatchObject({ minutes: 420, clockMinutes: 480, overnight: true });
    expect(spring && acrossClockChange(spring)).toBe(true);
    const autumn = shiftLength(values({ date: "2026-10-24", start: "22:00", end: "06:00" }), PARIS);
    expect(autumn).toMatchObject({ minutes: 540, clockMinutes: 480 });
    expect(autumn && acrossClockChange(autumn)).toBe(true);
    // New York changes a month earlier; Paris's nights that week are ordinary there.
    expect(shiftLength(values({ date: "2026-03-07", start: "22:00", end: "06:00" }), "America/New_York")).toMatchObject(
      {
        minutes: 420,
      },
    );
  });

  it("waits for a complete date and times", () => {
    expect(shiftLength(values({ start: "9" }), PARIS)).toBeNull();
    expect(shiftLength(values({ date: "" }), PARIS)).toBeNull();
  });

  it("is written in the reader's language with Intl's unit names", () => {
    expect(formatDuration(480, "en")).toBe("8 hr");
    expect(formatDuration(450, "en")).toBe("7 hr 30 min");
    expect(formatDuration(45, "en")).toBe("45 min");
    expect(formatDuration(46 * 60, "en")).toBe("46 hr");
    expect(formatDuration(480, "ar")).toBe(
      new Intl.NumberFormat("ar", { style: "unit", unit: "hour", unitDisplay: "short" }).format(8),
    );
  });
});

describe("how many shifts a repeat makes", () => {
  it("is one without a repeat", () => {
    expect(repeatCount(values())).toBe(1);
  });

  it("counts the days from the shift's date to the end date, both included", () => {
    expect(repeatCount(values({ repeat: "daily", repeat_until: "2026-03-24" }))).toBe(1);
    expect(repeatCount(values({ repeat: "daily", repeat_until: "2026-04-20" }))).toBe(28);
    // Tuesdays and Thursdays from Tuesday 24 March to Thursday 2 April: 24, 26, 31 March, 2 April.
    expect(repeatCount(values({ repeat: "weekdays", repeat_weekdays: ["4"], repeat_until: "2026-04-02" }))).toBe(4);
  });

  it("is unknown while the end is missing or before the start", () => {
    expect(repeatCount(values({ repeat: "daily", repeat_until: "" }))).toBeNull();
    expect(repeatCount(values({ repeat: "daily", repeat_until: "2026-03-23" }))).toBeNull();
  });

  it("goes past the limit for a long repeat, which the form then refuses", () => {
    // 24 March 2026 to 24 March 2027, both included: 366 days, the most one repeat makes.
    expect(repeatCount(values({ repeat: "daily", repeat_until: "2027-03-24" }))).toBe(SHIFT_REPEAT_MAX);
    expect(validateShift(values({ repeat: "daily", repeat_until: "2027-03-24" }), week(), null)).toEqual({});
    expect(repeatCount(values({ repeat: "daily", repeat_until: "2027-03-25" }))).toBe(SHIFT_REPEAT_MAX + 1);
    expect(validateShift(values({ repeat: "daily", repeat_until: "2027-03-25" }), week(), null)).toEqual({
      repeat_until: "schedule.repeatTooMany",
    });
    // Weekly on Tuesdays for two years: 105 shifts, within the limit.
    expect(repeatCount(values({ repeat: "weekdays", repeat_weekdays: [], repeat_until: "2028-03-21" }))).toBe(105);
  });
});

describe("people's names", () => {
  it("joins what there is of the name", () => {
    expect(personName({ first_name: "Ana", last_name: "Haddad" })).toBe("Ana Haddad");
    expect(personName({ first_name: "Ines", last_name: null })).toBe("Ines");
    expect(personName({ first_name: " ", last_name: null })).toBe("");
  });
});
