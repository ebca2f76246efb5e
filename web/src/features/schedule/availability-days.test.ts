import { describe, expect, it } from "vitest";
import {
  availabilityBands,
  EMPTY_AVAILABILITY,
  indexAvailability,
  unavailableWarnings,
  wallMinutes,
} from "./availability-days.ts";
import { ADAM, availability, BOARD, DAYS, OTHER_BOARD, shift, ZOE, ZONE } from "./board-fixtures.test-support.ts";
import { dayAxis } from "./day-layout.ts";
import { boardDayFinder } from "./week-rows.ts";

const TUESDAY = "2026-03-24";
const SPRING_SUNDAY = "2026-03-29";
const paris = () => ZONE;
const dayOfShift = boardDayFinder(DAYS, ZONE, paris);

describe("the availability lookup", () => {
  it("is the same empty index when the week says nothing", () => {
    expect(indexAvailability(undefined)).toBe(EMPTY_AVAILABILITY);
    expect(indexAvailability([])).toBe(EMPTY_AVAILABILITY);
  });

  it("puts each window on its person's day: a whole day, some hours, a preference", () => {
    const index = indexAvailability([
      availability({ note: "Exams" }),
      availability({ date: "2026-03-25", start: "13:00", end: "17:00", note: "  " }),
      availability({ date: "2026-03-25", start: "09:00", end: "11:00", note: "Dentist" }),
      availability({ date: "2026-03-26", kind: "prefer", start: "08:00", end: "12:00" }),
      availability({ user_id: ADAM, date: "2026-03-26", kind: "available" }),
    ]);
    const zoe = index.get(ZOE);
    expect(zoe?.get(TUESDAY)).toEqual({
      unavailable: "day",
      away: [{ kind: "unavailable", start: null, end: null, from: 0, to: 1440, note: "Exams" }],
      prefer: [],
    });
    const wednesday = zoe?.get("2026-03-25");
    expect(wednesday?.unavailable).toBe("part");
    // By start, and a blank note is no note.
    expect(wednesday?.away.map((w) => [w.start, w.end, w.from, w.to, w.note])).toEqual([
      ["09:00", "11:00", 540, 660, "Dentist"],
      ["13:00", "17:00", 780, 1020, null],
    ]);
    expect(zoe?.get("2026-03-26")).toMatchObject({ unavailable: null, away: [], prefer: [{ from: 480, to: 720 }] });
    // "available" lifts nothing more on the board: the server already applied it.
    expect(index.has(ADAM)).toBe(false);
    expect(zoe?.has("2026-03-27")).toBe(false);
  });

  it("calls a window from midnight to 24:00 the whole day, and a whole day beside some hours still the whole day", () => {
    const index = indexAvailability([
      availability({ start: "00:00", end: "24:00" }),
      availability({ date: "2026-03-25", start: "10:00", end: "12:00" }),
      availability({ date: "2026-03-25" }),
    ]);
    expect(index.get(ZOE)?.get(TUESDAY)?.unavailable).toBe("day");
    expect(index.get(ZOE)?.get("2026-03-25")?.unavailable).toBe("day");
    expect(wallMinutes("24:00")).toBe(1440);
  });
});

describe("the day timeline's shading", () => {
  it("places the hours on an ordinary day, preferences under the unavailable hours", () => {
    const cell = indexAvailability([
      availability({ start: "09:00", end: "13:00" }),
      availability({ kind: "prefer", start: "14:00", end: "24:00" }),
    ])
      .get(ZOE)
      ?.get(TUESDAY);
    const bands = availabilityBands(cell, dayAxis(TUESDAY, ZONE));
    expect(bands.map((band) => [band.kind, band.start, band.end])).toEqual([
      ["prefer", 840, 1440],
      ["unavailable", 540, 780],
    ]);
  });

  it("follows the clock on the night it goes forward (the day is 23 hours)", () => {
    const index = indexAvailability([
      availability({ date: SPRING_SUNDAY }),
      availability({ user_id: ADAM, date: SPRING_SUNDAY, start: "01:00", end: "04:00" }),
    ]);
    const axis = dayAxis(SPRING_SUNDAY, ZONE);
    expect(availabilityBands(index.get(ZOE)?.get(SPRING_SUNDAY), axis).map((b) => [b.start, b.end])).toEqual([
      [0, 1380],
    ]);
    // 01:00 is an hour in; 04:00 only three (02:00 never happened).
    expect(availabilityBands(index.get(ADAM)?.get(SPRING_SUNDAY), axis).map((b) => [b.start, b.end])).toEqual([
      [60, 180],
    ]);
  });

  it("shades nothing for a day with nothing said", () => {
    expect(availabilityBands(undefined, dayAxis(TUESDAY, ZONE))).toEqual([]);
  });
});

describe("shifts in someone's unavailability", () => {
  it("warn with the time inside and the person's note", () => {
    // 09:00–17:00 in Paris; unavailable 09:00–13:00.
    const work = shift({ starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" });
    const index = indexAvailability([availability({ start: "09:00", end: "13:00", note: "Dentist" })]);
    expect(unavailableWarnings([work], index, dayOfShift, paris).get(work.id)).toEqual({
      kind: "unavailable",
      shift_id: work.id,
      user_id: ZOE,
      minutes: 240,
      limit_minutes: 0,
      other_shift_id: null,
      date: TUESDAY,
      note: "Dentist",
    });
  });

  it("do not warn for a shift beside the hours, an open shift, a removal or someone else", () => {
    const index = indexAvailability([availability({ start: "09:00", end: "13:00" })]);
    const after = shift({ starts_at: "2026-03-24T12:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" });
    const open = shift({ user_id: null });
    const removed = shift({ status: "deleted" });
    const adam = shift({ user_id: ADAM });
    expect(unavailableWarnings([after, open, removed, adam], index, dayOfShift, paris).size).toBe(0);
  });

  it("catch the part of an overnight shift in the next day's unavailability", () => {
    // Monday 22:00 – Tuesday 06:00 in Paris; Zoé is away all Tuesday.
    const night = shift({ starts_at: "2026-03-23T21:00:00.000Z", ends_at: "2026-03-24T05:00:00.000Z" });
    const warning = unavailableWarnings([night], indexAvailability([availability()]), dayOfShift, paris).get(night.id);
    expect(warning).toMatchObject({ minutes: 360, date: TUESDAY });
  });

  it("read the hours on the shift's own board's clock", () => {
    // On "all": a Beirut board's shift 12:00–14:00 there (10:00–12:00 UTC); unavailable until 13:00.
    const zoneOf = (board: string) => (board === OTHER_BOARD ? "Asia/Beirut" : ZONE);
    const beirut = shift({
      board_id: OTHER_BOARD,
      starts_at: "2026-03-24T10:00:00.000Z",
      ends_at: "2026-03-24T12:00:00.000Z",
    });
    const paris13 = shift({
      board_id: BOARD,
      starts_at: "2026-03-24T12:00:00.000Z",
      ends_at: "2026-03-24T14:00:00.000Z",
    });
    const index = indexAvailability([availability({ start: "00:00", end: "13:00" })]);
    const warnings = unavailableWarnings([beirut, paris13], index, boardDayFinder(DAYS, ZONE, zoneOf), zoneOf);
    expect(warnings.get(beirut.id)?.minutes).toBe(60);
    // 13:00–15:00 in Paris: after the window.
    expect(warnings.has(paris13.id)).toBe(false);
  });
});
