import { describe, expect, it } from "vitest";
import {
  ADAM,
  BAR,
  BOARD,
  COOK,
  DAYS,
  ELODIE,
  GONE,
  NOJOB,
  nearby,
  OLD,
  OTHER_BOARD,
  shift,
  week,
  ZOE,
  ZONE,
} from "./board-fixtures.test-support.ts";
import { boardZones } from "./board-zones.ts";
import {
  boardDayFinder,
  buildRows,
  dayFinder,
  indexWeek,
  personLabel,
  searchable,
  shiftsInFilter,
  targetOfRow,
} from "./week-rows.ts";

/** Every board in the week's zone (Paris), as on one board's week. */
const onBoard = boardDayFinder(DAYS, ZONE, () => ZONE);

const collator = new Intl.Collator("en", { sensitivity: "base" });
const flat = { jobIds: [], search: "", groupByJob: false };
const keys = (rows: ReturnType<typeof buildRows>) => rows.map((row) => row.key);

describe("the rows of the week", () => {
  it("start with the open shifts, then everyone not archived by name", () => {
    const rows = buildRows(week(), [], flat, collator);
    expect(keys(rows)).toEqual(["open", ADAM, ELODIE, NOJOB, ZOE]);
  });

  it("list an archived person only for the shifts they still have", () => {
    const shifts = [shift({ user_id: GONE })];
    expect(keys(buildRows(week(), shifts, flat, collator))).toContain(GONE);
  });

  it("sort names in the reader's language (accents do not send Élodie to the end)", () => {
    const rows = buildRows(week(), [], flat, new Intl.Collator("fr", { sensitivity: "base" }));
    expect(keys(rows).indexOf(ELODIE)).toBeLessThan(keys(rows).indexOf(NOJOB));
  });

  it("search names without caring for case or accents", () => {
    expect(keys(buildRows(week(), [], { ...flat, search: "elo" }, collator))).toEqual(["open", ELODIE]);
    expect(keys(buildRows(week(), [], { ...flat, search: "HADD" }, collator))).toEqual(["open", ADAM]);
    expect(keys(buildRows(week(), [], { ...flat, search: "nobody" }, collator))).toEqual(["open"]);
  });

  it("with a job filter, keep who may work those jobs or has their shifts", () => {
    const shifts = shiftsInFilter(
      [shift({ user_id: NOJOB, job_id: BAR }), shift({ user_id: ZOE, job_id: COOK })],
      [BAR],
    );
    expect(keys(buildRows(week(), shifts, { ...flat, jobIds: [BAR] }, collator))).toEqual([
      "open",
      ADAM,
      ELODIE,
      NOJOB,
    ]);
  });

  it("grouped by job: a section per job (by name), people under each job they may work, 'No job' last", () => {
    const rows = buildRows(week(), [], { ...flat, groupByJob: true }, collator);
    expect(keys(rows)).toEqual([
      "open",
      `section|${BAR}`,
      `${ADAM}|${BAR}`,
      `${ELODIE}|${BAR}`,
      `section|${COOK}`,
      `${ADAM}|${COOK}`,
      `${ZOE}|${COOK}`,
      "section|none",
      `${NOJOB}|none`,
    ]);
    const section = rows[1];
    expect(section?.kind === "section" && section.people).toBe(2);
  });

  it("grouped by job: a shift of another job (even archived) gives its person a row there", () => {
    const rows = buildRows(
      week(),
      [shift({ user_id: ZOE, job_id: OLD }), shift({ user_id: ZOE, job_id: null })],
      { ...flat, groupByJob: true },
      collator,
    );
    expect(keys(rows)).toContain(`section|${OLD}`);
    expect(keys(rows)).toContain(`${ZOE}|${OLD}`);
    expect(keys(rows)).toContain(`${ZOE}|none`);
  });

  it("grouped and filtered: only the chosen jobs' sections", () => {
    const rows = buildRows(week(), [], { jobIds: [COOK], search: "", groupByJob: true }, collator);
    expect(keys(rows)).toEqual(["open", `section|${COOK}`, `${ADAM}|${COOK}`, `${ZOE}|${COOK}`]);
  });

  it("say what a drop on a row changes: the person, and the job when grouped", () => {
    const rows = buildRows(week(), [], { ...flat, groupByJob: true }, collator);
    expect(targetOfRow(rows[0] as (typeof rows)[number])).toEqual({ userId: null, jobId: undefined });
    expect(targetOfRow(rows[1] as (typeof rows)[number])).toBeNull();
    expect(targetOfRow(rows[2] as (typeof rows)[number])).toEqual({ userId: ADAM, jobId: BAR });
    const flatRows = buildRows(week(), [], flat, collator);
    expect(targetOfRow(flatRows[1] as (typeof flatRows)[number])).toEqual({ userId: ADAM, jobId: undefined });
  });
});

describe("names and search text", () => {
  it("join what there is of a name", () => {
    expect(personLabel({ first_name: " Nour ", last_name: null })).toBe("Nour");
    expect(personLabel({ first_name: null, last_name: null })).toBe("");
  });

  it("fold accents, case and Arabic marks", () => {
    expect(searchable("Élodie")).toBe("elodie");
    expect(searchable("مُحَمَّد")).toBe("محمد");
  });
});

describe("the day a shift sits on", () => {
  const dayOf = dayFinder(DAYS);

  it("is the day it starts in the board's zone, not in UTC", () => {
    // 23:30 UTC on Monday is 00:30 on Tuesday in Paris.
    expect(dayOf("2026-03-23T23:30:00.000Z")).toBe("2026-03-24");
    expect(dayOf("2026-03-22T23:00:00.000Z")).toBe("2026-03-23");
  });

  it("is the start day for an overnight shift, also on the night the clocks change", () => {
    // Saturday 22:00 in Paris (UTC+1) to Sunday 06:00 (UTC+2): 7 real hours, on Saturday.
    expect(dayOf("2026-03-28T21:00:00.000Z")).toBe("2026-03-28");
    // Sunday lasts 23 hours: 23:30 on Sunday (UTC+2) is still Sunday.
    expect(dayOf("2026-03-29T21:30:00.000Z")).toBe("2026-03-29");
  });

  it("is none outside the week", () => {
    expect(dayOf("2026-03-22T22:59:59.000Z")).toBeNull();
    expect(dayOf("2026-03-29T22:00:00.000Z")).toBeNull();
  });
});

describe("the day a shift sits on, with boards in several zones (all boards)", () => {
  // A Paris organization's week with a Beirut board (UTC+2 in March until the 29th, then UTC+3).
  const BEIRUT = "Asia/Beirut";
  const all = week({
    boards: [
      ...week().boards,
      {
        id: OTHER_BOARD,
        name: "Beirut",
        time_zone: BEIRUT,
        week_start: 1,
        rules: { min_rest_minutes: 600, daily_limit_minutes: 480, weekly_limit_minutes: 2400 },
      },
    ],
  });
  const dayOfShift = boardDayFinder(DAYS, ZONE, boardZones(all));
  const beirut = (starts_at: string) => ({ board_id: OTHER_BOARD, starts_at });

  it("is its board's day: Beirut's Tuesday 00:30 is Tuesday, though Paris is still on Monday", () => {
    // 2026-03-23T22:30Z: 23:30 on Monday in Paris, 00:30 on Tuesday in Beirut.
    expect(dayOfShift(beirut("2026-03-23T22:30:00.000Z"))).toBe("2026-03-24");
    expect(dayOfShift({ board_id: BOARD, starts_at: "2026-03-23T22:30:00.000Z" })).toBe("2026-03-23");
  });

  it("keeps the board's days at the week's edges: Beirut's Monday 00:30 is in, Beirut's next Monday 00:30 is not", () => {
    // Sunday 23:30 in Paris, the week before; Monday 00:30 in Beirut, the first day.
    expect(dayOfShift(beirut("2026-03-22T22:30:00.000Z"))).toBe("2026-03-23");
    // Sunday 23:30 in Paris (the last day); Monday 00:30 in Beirut, the week after.
    expect(dayOfShift(beirut("2026-03-29T21:30:00.000Z"))).toBeNull();
    expect(dayOfShift({ board_id: BOARD, starts_at: "2026-03-29T21:30:00.000Z" })).toBe("2026-03-29");
  });

  it("puts the shift in its board's day's cell, and a person's shift elsewhere by its own board's zone", () => {
    const night = shift({
      board_id: OTHER_BOARD,
      starts_at: "2026-03-23T22:30:00.000Z",
      ends_at: "2026-03-24T06:30:00.000Z",
    });
    const far = nearby({
      user_id: ADAM,
      board_id: OTHER_BOARD,
      time_zone: BEIRUT,
      starts_at: "2026-03-24T22:30:00.000Z",
    });
    const index = indexWeek([night], [far], dayOfShift, false);
    expect(index.cells.get(ZOE)?.get("2026-03-24")).toEqual([night]);
    expect(index.cells.get(ZOE)?.has("2026-03-23")).toBe(false);
    expect(index.dateOf.get(night.id)).toBe("2026-03-24");
    expect(index.elsewhere.get(ADAM)?.get("2026-03-25")).toEqual([far]);
  });
});

describe("the cell index", () => {
  it("puts each shift in its row and day, by start time", () => {
    const late = shift({ starts_at: "2026-03-24T15:00:00.000Z", ends_at: "2026-03-24T20:00:00.000Z" });
    const early = shift({ starts_at: "2026-03-24T06:00:00.000Z", ends_at: "2026-03-24T10:00:00.000Z" });
    const open = shift({ user_id: null });
    const index = indexWeek([late, early, open], [], onBoard, false);
    expect(
      index.cells
        .get(ZOE)
        ?.get("2026-03-24")
        ?.map((s) => s.id),
    ).toEqual([early.id, late.id]);
    expect(
      index.cells
        .get("open")
        ?.get("2026-03-24")
        ?.map((s) => s.id),
    ).toEqual([open.id]);
    expect(index.dateOf.get(late.id)).toBe("2026-03-24");
  });

  it("keys rows by person and job when grouped", () => {
    const cook = shift({ user_id: ADAM, job_id: COOK });
    const none = shift({ user_id: ADAM, job_id: null });
    const index = indexWeek([cook, none], [], onBoard, true);
    expect(index.cells.get(`${ADAM}|${COOK}`)?.get("2026-03-24")).toEqual([cook]);
    expect(index.cells.get(`${ADAM}|none`)?.get("2026-03-24")).toEqual([none]);
  });

  it("files the person's shifts on other boards apart, within the week only", () => {
    const inWeek = nearby({ user_id: ZOE });
    const before = nearby({ user_id: ZOE, starts_at: "2026-03-21T08:00:00.000Z", ends_at: "2026-03-21T12:00:00.000Z" });
    const index = indexWeek([], [inWeek, before], onBoard, false);
    expect(index.elsewhere.get(ZOE)?.get("2026-03-24")).toEqual([inWeek]);
    expect([...(index.elsewhere.get(ZOE)?.keys() ?? [])]).toEqual(["2026-03-24"]);
  });

  it("takes 3,000 shifts of 500 people in a few milliseconds", () => {
    const shifts = Array.from({ length: 3000 }, (_, i) =>
      shift({
        user_id: `00000000-0000-4000-8000-${String(i % 500).padStart(12, "0")}`,
        starts_at: new Date(Date.parse("2026-03-23T06:00:00.000Z") + (i % 7) * 86_400_000).toISOString(),
      }),
    );
    const started = performance.now();
    indexWeek(shifts, [], onBoard, false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
