import type { BoardTimeOff } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { indexAvailability } from "../availability-days.ts";
import {
  ADAM,
  availability,
  DAYS,
  ELODIE,
  NOJOB,
  nearby,
  shift,
  week,
  ZOE,
  ZONE,
} from "../board-fixtures.test-support.ts";
import { indexTimeOff } from "../time-off-days.ts";
import { boardDayFinder, buildRows, indexWeek } from "../week-rows.ts";
import { type AgendaEntry, agendaDay, shiftsOfDay } from "./agenda-day.ts";

const TUESDAY = "2026-03-24";
const WEDNESDAY = "2026-03-25";
const collator = new Intl.Collator("en", { sensitivity: "base" });
const flat = { jobIds: [], search: "", groupByJob: false };
const onBoard = boardDayFinder(DAYS, ZONE, () => ZONE);

function dayOf(
  date: string,
  options: {
    shifts?: ReturnType<typeof shift>[];
    nearby?: ReturnType<typeof nearby>[];
    timeOff?: BoardTimeOff[];
    availability?: ReturnType<typeof availability>[];
    keepOpen?: boolean;
  } = {},
) {
  const shifts = options.shifts ?? [];
  return agendaDay({
    rows: buildRows(week(), shifts, flat, collator),
    index: indexWeek(shifts, options.nearby ?? [], onBoard, false),
    leave: indexTimeOff(options.timeOff),
    availability: indexAvailability(options.availability),
    date,
    keepOpen: options.keepOpen ?? false,
  });
}

/** The list as headings and whose entry follows: "# working", ZOE, … */
const outline = (entries: AgendaEntry[]) =>
  entries.map((entry) => (entry.kind === "heading" ? `# ${entry.group} ${entry.count}` : entry.key));

const leaveOf = (user_id: string, date: string, part = false): BoardTimeOff => ({
  user_id,
  date,
  request_id: "00000000-0000-4000-8000-0000000000f1",
  part,
  starts_at: part ? `${date}T08:00:00.000Z` : `${date}T00:00:00.000Z`,
  ends_at: part ? `${date}T12:00:00.000Z` : `${date}T23:59:00.000Z`,
  leave_type: { id: "00000000-0000-4000-8000-0000000000f2", name: "Vacation", color: "#2b8a3e" },
});

const at = (hour: string, date = TUESDAY) => ({
  starts_at: `${date}T${hour}:00:00.000Z`,
  ends_at: `${date}T${String(Number(hour) + 4).padStart(2, "0")}:00:00.000Z`,
});

describe("a day of the agenda", () => {
  it("lists who works by when they start, then everyone else by name", () => {
    const entries = dayOf(TUESDAY, {
      shifts: [shift({ user_id: ZOE, ...at("06") }), shift({ user_id: ADAM, ...at("10") })],
    });
    expect(outline(entries)).toEqual(["# working 2", ZOE, ADAM, "# free 2", ELODIE, NOJOB]);
  });

  it("puts people who start at the same time in name order", () => {
    const entries = dayOf(TUESDAY, {
      shifts: [shift({ user_id: ZOE, ...at("08") }), shift({ user_id: ADAM, ...at("08") })],
    });
    expect(outline(entries).slice(0, 3)).toEqual(["# working 2", ADAM, ZOE]);
  });

  it("orders a person by their first shift of the day and keeps their shifts by start", () => {
    const late = shift({ user_id: ZOE, ...at("14") });
    const early = shift({ user_id: ZOE, ...at("07") });
    const entries = dayOf(TUESDAY, { shifts: [late, early, shift({ user_id: ADAM, ...at("09") })] });
    expect(outline(entries).slice(0, 3)).toEqual(["# working 2", ZOE, ADAM]);
    const zoe = entries.find((entry) => entry.key === ZOE);
    expect(zoe?.kind === "person" && zoe.shifts.map((s) => s.id)).toEqual([early.id, late.id]);
  });

  it("shows open shifts first, in their own group", () => {
    const open = shift({ user_id: null, ...at("09") });
    const entries = dayOf(TUESDAY, { shifts: [open, shift({ user_id: ADAM, ...at("06") })] });
    expect(outline(entries).slice(0, 4)).toEqual(["# open 1", "open", "# working 1", ADAM]);
    expect(entries[1]?.kind === "open" && entries[1].shifts.map((s) => s.id)).toEqual([open.id]);
  });

  it("keeps an empty open-shifts group only when one may be added there", () => {
    expect(outline(dayOf(TUESDAY)).slice(0, 1)).toEqual(["# free 4"]);
    expect(outline(dayOf(TUESDAY, { keepOpen: true })).slice(0, 2)).toEqual(["# open 0", "open"]);
  });

  it("shows only the chosen day's shifts", () => {
    const entries = dayOf(WEDNESDAY, { shifts: [shift({ user_id: ZOE, ...at("08") })] });
    expect(outline(entries)).toEqual(["# free 4", ADAM, ELODIE, NOJOB, ZOE]);
    expect(shiftsOfDay(entries)).toBe(0);
  });

  it("puts people on approved leave for the whole day apart, as off", () => {
    const entries = dayOf(TUESDAY, { timeOff: [leaveOf(ADAM, TUESDAY)] });
    expect(outline(entries)).toEqual(["# off 1", ADAM, "# free 3", ELODIE, NOJOB, ZOE]);
    const adam = entries.find((entry) => entry.key === ADAM);
    expect(adam?.kind === "person" && adam.leave?.[0]?.type.name).toBe("Vacation");
  });

  it("keeps someone on leave for part of the day among the others, with their leave", () => {
    const entries = dayOf(TUESDAY, { timeOff: [leaveOf(ADAM, TUESDAY, true)] });
    expect(outline(entries)).toEqual(["# free 4", ADAM, ELODIE, NOJOB, ZOE]);
  });

  it("lists someone with a shift on a day of leave as working (the shift warns)", () => {
    const entries = dayOf(TUESDAY, {
      shifts: [shift({ user_id: ADAM, ...at("08") })],
      timeOff: [leaveOf(ADAM, TUESDAY)],
    });
    expect(outline(entries).slice(0, 2)).toEqual(["# working 1", ADAM]);
  });

  it("lists those unavailable all day after the others who are free, with their availability", () => {
    const entries = dayOf(TUESDAY, { availability: [availability({ user_id: ADAM })] });
    expect(outline(entries)).toEqual(["# free 4", ELODIE, NOJOB, ZOE, ADAM]);
    const adam = entries.find((entry) => entry.key === ADAM);
    expect(adam?.kind === "person" && adam.availability?.unavailable).toBe("day");
  });

  it("does not count a removal waiting for publish as work", () => {
    const removed = shift({ user_id: ZOE, status: "deleted", ...at("08") });
    const entries = dayOf(TUESDAY, { shifts: [removed] });
    expect(outline(entries)).toEqual(["# free 4", ADAM, ELODIE, NOJOB, ZOE]);
    const zoe = entries.find((entry) => entry.key === ZOE);
    expect(zoe?.kind === "person" && zoe.shifts.map((s) => s.id)).toEqual([removed.id]);
    expect(shiftsOfDay(entries)).toBe(0);
  });

  it("carries a person's shifts on other boards that day", () => {
    const other = nearby({ user_id: ADAM, ...at("08") });
    const entries = dayOf(TUESDAY, { nearby: [other] });
    const adam = entries.find((entry) => entry.key === ADAM);
    expect(adam?.kind === "person" && adam.elsewhere.map((s) => s.id)).toEqual([other.id]);
  });

  it("counts the day's shifts, open ones included", () => {
    const entries = dayOf(TUESDAY, {
      shifts: [shift({ user_id: null, ...at("09") }), shift({ user_id: ZOE, ...at("06") })],
    });
    expect(shiftsOfDay(entries)).toBe(2);
  });
});
