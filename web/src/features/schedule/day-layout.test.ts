import { describe, expect, it } from "vitest";
import {
  ADAM,
  BAR,
  BOARD,
  COOK,
  NOJOB,
  nearby,
  OTHER_BOARD,
  person,
  shift,
  week,
  ZOE,
  ZONE,
} from "./board-fixtures.test-support.ts";
import {
  dayAxis,
  dayBars,
  fractionAt,
  indexDay,
  overlapsDay,
  percentOf,
  pickedMinutes,
  wallTimeAt,
} from "./day-layout.ts";
import { draftForRow } from "./week-rows.ts";

// Paris: Tuesday 24 March 2026 is an ordinary day (UTC+1), Sunday 29 March loses an hour (02:00 → 03:00),
// Sunday 25 October 2026 gains one (03:00 → 02:00).
const tuesday = dayAxis("2026-03-24", ZONE);
const springSunday = dayAxis("2026-03-29", ZONE);
const autumnSunday = dayAxis("2026-10-25", ZONE);
/** Every board in Paris, as on a Paris board's day. */
const paris = () => ZONE;

describe("the day's axis", () => {
  it("lasts 24 hours with 24 hour marks on an ordinary day", () => {
    expect(tuesday.minutes).toBe(1440);
    expect(tuesday.startsAt).toBe("2026-03-23T23:00:00.000Z");
    expect(tuesday.marks).toHaveLength(24);
    expect(tuesday.marks[9]).toMatchObject({ minutes: 540, time: "09:00" });
  });

  it("lasts 23 hours on the spring-forward day, with no 02:00 mark", () => {
    expect(springSunday.minutes).toBe(1380);
    expect(springSunday.marks.map((mark) => mark.time)).not.toContain("02:00");
    expect(springSunday.marks).toHaveLength(23);
    // 03:00 comes two elapsed hours after midnight.
    expect(springSunday.marks.find((mark) => mark.time === "03:00")?.minutes).toBe(120);
  });

  it("lasts 25 hours on the fall-back day, 02:00 shown twice", () => {
    expect(autumnSunday.minutes).toBe(1500);
    expect(autumnSunday.marks).toHaveLength(25);
    expect(autumnSunday.marks.filter((mark) => mark.time === "02:00").map((mark) => mark.minutes)).toEqual([120, 180]);
  });

  it("starts at the first instant after a gap at midnight (Beirut)", () => {
    const beirut = dayAxis("2026-03-29", "Asia/Beirut");
    expect(beirut.minutes).toBe(1380);
    expect(beirut.marks[0]).toMatchObject({ minutes: 0, time: "01:00" });
  });
});

describe("the bars of a row", () => {
  it("sit at their elapsed start and end within the day", () => {
    // 09:00–17:00 in Paris.
    const day = shift({ starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" });
    const { bars, lanes } = dayBars([day], tuesday, paris);
    expect(lanes).toBe(1);
    expect(bars).toEqual([{ item: day, start: 540, end: 1020, clippedStart: false, clippedEnd: false, lane: 0 }]);
    expect(percentOf(540, tuesday)).toBe(37.5);
  });

  it("clip an overnight shift of the day before at the start, and one running past midnight at the end", () => {
    // Monday 22:00 – Tuesday 06:00, and Tuesday 22:00 – Wednesday 06:00.
    const fromMonday = shift({ starts_at: "2026-03-23T21:00:00.000Z", ends_at: "2026-03-24T05:00:00.000Z" });
    const intoWednesday = shift({ starts_at: "2026-03-24T21:00:00.000Z", ends_at: "2026-03-25T05:00:00.000Z" });
    const { bars } = dayBars([intoWednesday, fromMonday], tuesday, paris);
    expect(bars.map(({ start, end, clippedStart, clippedEnd }) => ({ start, end, clippedStart, clippedEnd }))).toEqual([
      { start: 0, end: 360, clippedStart: true, clippedEnd: false },
      { start: 1320, end: 1440, clippedStart: false, clippedEnd: true },
    ]);
  });

  it("leave out shifts that do not touch the day (one ending at its first instant included)", () => {
    const endsAtMidnight = shift({ starts_at: "2026-03-23T15:00:00.000Z", ends_at: "2026-03-23T23:00:00.000Z" });
    const nextDay = shift({ starts_at: "2026-03-24T23:00:00.000Z", ends_at: "2026-03-25T03:00:00.000Z" });
    expect(overlapsDay(endsAtMidnight, tuesday)).toBe(false);
    expect(overlapsDay(nextDay, tuesday)).toBe(false);
    expect(dayBars([endsAtMidnight, nextDay], tuesday, paris).bars).toEqual([]);
  });

  it("measure elapsed time on the spring-forward day: 01:00–04:00 is two hours long", () => {
    // 01:00 (UTC+1) is 00:00Z; 04:00 (UTC+2) is 02:00Z.
    const night = shift({ starts_at: "2026-03-29T00:00:00.000Z", ends_at: "2026-03-29T02:00:00.000Z" });
    const evening = shift({ starts_at: "2026-03-29T16:00:00.000Z", ends_at: "2026-03-29T21:00:00.000Z" });
    const { bars } = dayBars([night, evening], springSunday, paris);
    expect(bars.map((bar) => [bar.start, bar.end])).toEqual([
      [60, 180],
      // 18:00–23:00 local: 17 and 22 elapsed hours; the day ends at 1380.
      [1020, 1320],
    ]);
  });

  it("measure elapsed time on the fall-back day: the second 02:00 is an hour after the first", () => {
    // 02:00 (UTC+2) = 00:00Z, 02:00 (UTC+1) = 01:00Z; the day started at 22:00Z the day before.
    const first = shift({ starts_at: "2026-10-25T00:00:00.000Z", ends_at: "2026-10-25T01:00:00.000Z" });
    const second = shift({ starts_at: "2026-10-25T01:00:00.000Z", ends_at: "2026-10-25T03:00:00.000Z" });
    const { bars, lanes } = dayBars([second, first], autumnSunday, paris);
    expect(bars.map((bar) => [bar.item.id, bar.start, bar.end, bar.lane])).toEqual([
      [first.id, 120, 180, 0],
      [second.id, 180, 300, 0],
    ]);
    expect(lanes).toBe(1);
    // Ending at 23:00 local on the 25-hour day: 1500 minutes, not clipped.
    const late = shift({ starts_at: "2026-10-25T18:00:00.000Z", ends_at: "2026-10-25T23:00:00.000Z" });
    expect(dayBars([late], autumnSunday, paris).bars[0]).toMatchObject({ start: 1200, end: 1500, clippedEnd: false });
  });

  it("put overlapping bars (open shifts) in lanes, reusing a lane once it is free", () => {
    const a = shift({ user_id: null, starts_at: "2026-03-24T07:00:00.000Z", ends_at: "2026-03-24T11:00:00.000Z" });
    const b = shift({ user_id: null, starts_at: "2026-03-24T09:00:00.000Z", ends_at: "2026-03-24T13:00:00.000Z" });
    const c = shift({ user_id: null, starts_at: "2026-03-24T11:00:00.000Z", ends_at: "2026-03-24T15:00:00.000Z" });
    const d = shift({ user_id: null, starts_at: "2026-03-24T10:00:00.000Z", ends_at: "2026-03-24T12:00:00.000Z" });
    const { bars, lanes } = dayBars([c, b, a, d], tuesday, paris);
    expect(Object.fromEntries(bars.map((bar) => [bar.item.id, bar.lane]))).toEqual({
      [a.id]: 0,
      [b.id]: 1,
      [d.id]: 2,
      [c.id]: 0,
    });
    expect(lanes).toBe(3);
  });
});

describe("picking a time on the track", () => {
  it("takes the half hour the pointer is in", () => {
    expect(pickedMinutes(0, tuesday)).toBe(0);
    expect(pickedMinutes(0.5, tuesday)).toBe(720);
    // 09:44 → 09:30
    expect(pickedMinutes(584 / 1440, tuesday)).toBe(570);
    // The very end is the day's last half hour.
    expect(pickedMinutes(1, tuesday)).toBe(1410);
    expect(pickedMinutes(1.2, tuesday)).toBe(1410);
    expect(pickedMinutes(-0.1, tuesday)).toBe(0);
  });

  it("reads the pointer from the start side: the left in English, the right in Arabic", () => {
    const box = { left: 100, width: 400 };
    expect(fractionAt(200, box, false)).toBe(0.25);
    expect(fractionAt(200, box, true)).toBe(0.75);
    expect(fractionAt(50, box, false)).toBe(0);
    expect(fractionAt(50, box, true)).toBe(1);
    expect(fractionAt(10, { left: 0, width: 0 }, false)).toBe(0);
  });

  it("turns the picked minute into the wall clock, across a clock change", () => {
    expect(wallTimeAt(tuesday, 570)).toBe("09:30");
    // Two elapsed hours into the spring-forward day is 03:00.
    expect(wallTimeAt(springSunday, 120)).toBe("03:00");
    expect(wallTimeAt(springSunday, 90)).toBe("01:30");
    // Three elapsed hours into the fall-back day is the second 02:00.
    expect(wallTimeAt(autumnSunday, 180)).toBe("02:00");
    expect(wallTimeAt(autumnSunday, 240)).toBe("03:00");
  });
});

describe("the day's index", () => {
  it("puts shifts touching the day in their rows, and counts the paid minutes of those starting that day", () => {
    const overnight = shift({
      user_id: ZOE,
      starts_at: "2026-03-23T21:00:00.000Z",
      ends_at: "2026-03-24T05:00:00.000Z",
      break_minutes: 0,
    });
    const day = shift({ user_id: ZOE, starts_at: "2026-03-24T12:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" });
    const removed = shift({
      user_id: ADAM,
      status: "deleted",
      starts_at: "2026-03-24T08:00:00.000Z",
      ends_at: "2026-03-24T10:00:00.000Z",
    });
    const open = shift({ user_id: null, starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T10:00:00.000Z" });
    const otherDay = shift({
      user_id: ZOE,
      starts_at: "2026-03-25T08:00:00.000Z",
      ends_at: "2026-03-25T10:00:00.000Z",
    });
    const elsewhere = nearby({
      user_id: ADAM,
      board_id: OTHER_BOARD,
      starts_at: "2026-03-24T17:00:00.000Z",
      ends_at: "2026-03-24T20:00:00.000Z",
    });
    const index = indexDay([overnight, day, removed, open, otherDay], [elsewhere], tuesday, false, paris);
    expect(index.rows.get(ZOE)?.map((s) => s.id)).toEqual([overnight.id, day.id]);
    expect(index.rows.get("open")?.map((s) => s.id)).toEqual([open.id]);
    expect(index.rows.get(ADAM)?.map((s) => s.id)).toEqual([removed.id]);
    // Zoé: only the shift starting Tuesday (4 h less a 30-minute break); the removal counts for nothing.
    expect(index.minutes.get(ZOE)).toBe(210);
    expect(index.minutes.has(ADAM)).toBe(false);
    expect(index.elsewhere.get(ADAM)?.map((s) => s.id)).toEqual([elsewhere.id]);
  });

  it("keys rows by person and job when grouped by job", () => {
    const cook = shift({ user_id: ZOE, job_id: COOK });
    const none = shift({
      user_id: ZOE,
      job_id: null,
      starts_at: "2026-03-24T17:00:00.000Z",
      ends_at: "2026-03-24T19:00:00.000Z",
    });
    const index = indexDay([cook, none], [], tuesday, true, paris);
    expect(index.rows.get(`${ZOE}|${COOK}`)?.map((s) => s.id)).toEqual([cook.id]);
    expect(index.rows.get(`${ZOE}|none`)?.map((s) => s.id)).toEqual([none.id]);
  });
});

describe("a board in another zone than the day's (all boards)", () => {
  // A Beirut board (UTC+2 on 24 March) on a Paris organization's day (UTC+1).
  const zoneOf = (boardId: string) => (boardId === OTHER_BOARD ? "Asia/Beirut" : ZONE);
  // 00:30–08:30 on Tuesday in Beirut: Monday 23:30 in Paris.
  const night = shift({
    user_id: ZOE,
    board_id: OTHER_BOARD,
    starts_at: "2026-03-23T22:30:00.000Z",
    ends_at: "2026-03-24T06:30:00.000Z",
    break_minutes: 0,
  });
  const monday = dayAxis("2026-03-23", ZONE);

  it("sits on its board's day at its board's clock, not cut as the day before's", () => {
    const { bars } = dayBars([night], tuesday, zoneOf);
    expect(bars[0]).toMatchObject({ start: 30, end: 510, clippedStart: false, clippedEnd: false });
    // On Paris's Monday it is not there: Beirut's Monday ended at 22:00 UTC.
    expect(dayBars([night], monday, zoneOf).bars).toEqual([]);
  });

  it("counts its paid minutes on its board's day", () => {
    const index = indexDay([night], [], tuesday, false, zoneOf);
    expect(index.rows.get(ZOE)?.map((s) => s.id)).toEqual([night.id]);
    expect(index.minutes.get(ZOE)).toBe(480);
    expect(indexDay([night], [], monday, false, zoneOf).rows.has(ZOE)).toBe(false);
  });
});

describe("a new shift from a row", () => {
  const board = week();
  const zoe = board.people.find((p) => p.user_id === ZOE) ?? person(ZOE, "Zoé", null, [COOK]);
  const adam = board.people.find((p) => p.user_id === ADAM) ?? person(ADAM, "Adam", null, [COOK, BAR]);
  const nour = board.people.find((p) => p.user_id === NOJOB) ?? person(NOJOB, "Nour", null, []);

  it("is for the row's person at the picked time, with their only job", () => {
    expect(
      draftForRow(board, { kind: "person", key: ZOE, person: zoe, jobId: undefined }, "2026-03-24", "09:30"),
    ).toEqual({ boardId: BOARD, date: "2026-03-24", userId: ZOE, jobId: COOK, start: "09:30" });
    // Several jobs: none chosen; no job at all: none.
    expect(draftForRow(board, { kind: "person", key: ADAM, person: adam, jobId: undefined }, "2026-03-24")).toEqual({
      boardId: BOARD,
      date: "2026-03-24",
      userId: ADAM,
      jobId: null,
    });
    expect(
      draftForRow(board, { kind: "person", key: NOJOB, person: nour, jobId: undefined }, "2026-03-24")?.jobId,
    ).toBeNull();
  });

  it("takes the section's job when grouped, and is an open shift on the open row; a section makes none", () => {
    expect(
      draftForRow(board, { kind: "person", key: `${ADAM}|${BAR}`, person: adam, jobId: BAR }, "2026-03-24")?.jobId,
    ).toBe(BAR);
    expect(draftForRow(board, { kind: "open", key: "open" }, "2026-03-24", "22:00")).toEqual({
      boardId: BOARD,
      date: "2026-03-24",
      userId: null,
      jobId: null,
      start: "22:00",
    });
    expect(draftForRow(board, { kind: "section", key: "section|none", job: null, people: 1 }, "2026-03-24")).toBeNull();
  });
});
