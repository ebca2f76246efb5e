import type { TimeEntry } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  changedParts,
  entryCreateBody,
  entryFieldErrors,
  entryFormValues,
  entryUpdateBody,
  newEntryValues,
  onlyReviews,
  rebaseValues,
  timeFrom,
  typedLength,
  validateEntry,
} from "./entry-form.ts";

const ZONE = "America/New_York";
const USER = "00000000-0000-4000-8000-000000000001";
const JOB = "00000000-0000-4000-8000-0000000000b1";
const OTHER_JOB = "00000000-0000-4000-8000-0000000000b2";

/** 09:00–17:30 New York (EST, UTC-5) on 2026-03-02, a 30-minute break at noon. */
const entry: TimeEntry = {
  id: "00000000-0000-4000-8000-0000000000e1",
  user_id: USER,
  job_id: JOB,
  shift_id: null,
  clock_in_at: "2026-03-02T14:00:00.000Z",
  clock_out_at: "2026-03-02T22:30:00.000Z",
  breaks: [{ starts_at: "2026-03-02T17:00:00.000Z", ends_at: "2026-03-02T17:30:00.000Z" }],
  source: "punch",
  note: null,
  reviewed: false,
  version: 4,
  updated_at: "2026-03-02T22:30:00.000Z",
};

const initial = entryFormValues(entry, ZONE);

describe("the entry form's values", () => {
  it("reads an entry as the wall clock of its zone", () => {
    expect(initial).toEqual({
      job_id: JOB,
      in_date: "2026-03-02",
      in_time: "09:00",
      out_date: "2026-03-02",
      out_time: "17:30",
      breaks: [{ start: "12:00", end: "12:30" }],
      note: "",
      reason: "",
    });
  });

  it("leaves an open entry's clock-out and an ongoing break empty", () => {
    const open = entryFormValues(
      { ...entry, clock_out_at: null, breaks: [{ starts_at: "2026-03-02T17:00:00.000Z", ends_at: null }] },
      ZONE,
    );
    expect(open.out_date).toBe("");
    expect(open.out_time).toBe("");
    expect(open.breaks).toEqual([{ start: "12:00", end: "" }]);
  });

  it("puts a break typed before the clock-in's time on the next day", () => {
    expect(timeFrom("2026-03-02", "23:00", ZONE, "2026-03-02T03:00:00.000Z")).toBe("2026-03-03T04:00:00.000Z");
    expect(timeFrom("2026-03-02", "02:00", ZONE, "2026-03-03T03:00:00.000Z")).toBe("2026-03-03T07:00:00.000Z");
  });
});

describe("the PATCH body", () => {
  it("sends the version, the reason and nothing else when nothing changed (marks it reviewed)", () => {
    const body = entryUpdateBody(initial, { ...initial, reason: "  checked with Sam " }, entry, ZONE);
    expect(body).toEqual({ version: 4, reason: "checked with Sam" });
    expect(onlyReviews(body)).toBe(true);
  });

  it("sends only the clock-out when only it changed", () => {
    const body = entryUpdateBody(initial, { ...initial, out_time: "18:00", reason: "left late" }, entry, ZONE);
    expect(body).toEqual({ version: 4, reason: "left late", clock_out_at: "2026-03-02T23:00:00.000Z" });
    expect(onlyReviews(body)).toBe(false);
  });

  it("sends the whole list of breaks when one changed, and the job and note when they did", () => {
    const values = {
      ...initial,
      job_id: OTHER_JOB,
      breaks: [
        { start: "12:00", end: "12:45" },
        { start: "15:00", end: "15:10" },
      ],
      note: " covered the till ",
      reason: "fixed",
    };
    expect(entryUpdateBody(initial, values, entry, ZONE)).toEqual({
      version: 4,
      reason: "fixed",
      job_id: OTHER_JOB,
      breaks: [
        { starts_at: "2026-03-02T17:00:00.000Z", ends_at: "2026-03-02T17:45:00.000Z" },
        { starts_at: "2026-03-02T20:00:00.000Z", ends_at: "2026-03-02T20:10:00.000Z" },
      ],
      note: "covered the till",
    });
  });

  it("moves the breaks with a clock-in moved to another day", () => {
    const body = entryUpdateBody(
      initial,
      { ...initial, in_date: "2026-03-01", out_date: "2026-03-01", reason: "wrong day" },
      entry,
      ZONE,
    );
    expect(body.clock_in_at).toBe("2026-03-01T14:00:00.000Z");
    expect(body.clock_out_at).toBe("2026-03-01T22:30:00.000Z");
    expect(body.breaks).toEqual([{ starts_at: "2026-03-01T17:00:00.000Z", ends_at: "2026-03-01T17:30:00.000Z" }]);
  });

  it("clears a note with null", () => {
    const noted = entryFormValues({ ...entry, note: "late bus" }, ZONE);
    expect(entryUpdateBody(noted, { ...noted, note: "  ", reason: "r" }, entry, ZONE).note).toBeNull();
  });

  it("knows which parts changed", () => {
    expect([...changedParts(initial, { ...initial, in_time: "08:55", reason: "x" })]).toEqual(["in"]);
    expect([...changedParts(initial, { ...initial, note: "   " })]).toEqual([]);
  });
});

describe("the POST body", () => {
  it("is the whole entry for the person", () => {
    const values = {
      ...newEntryValues("2026-03-03", JOB),
      breaks: [{ start: "12:00", end: "12:30" }],
      reason: "forgot",
    };
    expect(entryCreateBody(values, USER, ZONE)).toEqual({
      user_id: USER,
      job_id: JOB,
      clock_in_at: "2026-03-03T14:00:00.000Z",
      clock_out_at: "2026-03-03T22:00:00.000Z",
      breaks: [{ starts_at: "2026-03-03T17:00:00.000Z", ends_at: "2026-03-03T17:30:00.000Z" }],
      note: null,
      reason: "forgot",
    });
  });
});

describe("the form's rules", () => {
  const edit = { kind: "edit", initial, base: entry } as const;

  it("asks for a reason", () => {
    expect(validateEntry({ ...initial, reason: "   " }, ZONE, edit)).toEqual({ reason: "timeClock.reasonRequired" });
    expect(validateEntry({ ...initial, reason: "ok" }, ZONE, edit)).toEqual({});
  });

  it("wants the clock-out after the clock-in and at most a day later", () => {
    expect(validateEntry({ ...initial, out_time: "08:00", reason: "r" }, ZONE, edit)).toEqual({
      out_time: "timeClock.outBeforeIn",
    });
    expect(validateEntry({ ...initial, out_date: "2026-03-03", out_time: "10:00", reason: "r" }, ZONE, edit)).toEqual({
      out_time: "timeClock.entryOverDay",
    });
  });

  it("wants a clock-out on a new entry or a closed one, not on an open one", () => {
    const create = { kind: "create", userId: USER } as const;
    expect(
      validateEntry({ ...newEntryValues("2026-03-03", null), out_date: "", out_time: "", reason: "r" }, ZONE, create),
    ).toMatchObject({ out_time: "timeClock.outRequired" });
    const openEntry = { ...entry, clock_out_at: null, breaks: [] };
    const open = entryFormValues(openEntry, ZONE);
    expect(validateEntry({ ...open, reason: "r" }, ZONE, { kind: "edit", initial: open, base: openEntry })).toEqual({});
  });

  it("wants breaks inside the entry, in order, each with an end", () => {
    expect(validateEntry({ ...initial, breaks: [{ start: "18:00", end: "18:30" }], reason: "r" }, ZONE, edit)).toEqual({
      "breaks.0.start": "timeClock.breakOutside",
    });
    expect(
      validateEntry(
        {
          ...initial,
          breaks: [
            { start: "13:00", end: "13:30" },
            { start: "12:00", end: "12:10" },
          ],
          reason: "r",
        },
        ZONE,
        edit,
      ),
    ).toEqual({ "breaks.1.start": "timeClock.breakOutside" });
    expect(validateEntry({ ...initial, breaks: [{ start: "12:00", end: "" }], reason: "r" }, ZONE, edit)).toEqual({
      "breaks.0.end": "timeClock.breakEndRequired",
    });
  });

  it("holds complete breaks to the shared rules around a half-typed one, each at its own place", () => {
    const breaks = [
      { start: "13:00", end: "13:30" },
      { start: "14:", end: "" },
      { start: "12:00", end: "12:10" },
      { start: "16:00", end: "16:00" },
    ];
    expect(validateEntry({ ...initial, breaks, reason: "r" }, ZONE, edit)).toEqual({
      "breaks.1.start": "timeClock.timeRequired",
      "breaks.2.start": "timeClock.breakOutside",
      "breaks.3.start": "timeClock.breakOutside",
    });
  });

  it("leaves unchanged breaks of an open entry alone", () => {
    const openEntry = {
      ...entry,
      clock_out_at: null,
      breaks: [{ starts_at: "2026-03-02T17:00:00.000Z", ends_at: null }],
    };
    const open = entryFormValues(openEntry, ZONE);
    expect(
      validateEntry({ ...open, note: "x", reason: "r" }, ZONE, { kind: "edit", initial: open, base: openEntry }),
    ).toEqual({});
  });
});

describe("after a 409", () => {
  it("keeps the manager's changes and takes the rest from the current version", () => {
    const current = entryFormValues(
      { ...entry, note: "someone else's note", clock_in_at: "2026-03-02T13:55:00.000Z", version: 5 },
      ZONE,
    );
    const mine = { ...initial, out_time: "18:00", reason: "left late" };
    expect(rebaseValues(initial, mine, current)).toEqual({
      ...current,
      out_time: "18:00",
      reason: "left late",
    });
  });
});

describe("the API's field errors", () => {
  it("land on the form's fields, with the managers' words for a too-long entry", () => {
    expect(
      entryFieldErrors({
        clock_in_at: "timeClock.overlaps",
        clock_out_at: "timeClock.entryTooLong",
        "breaks.1": "timeClock.breakOutside",
        "breaks.0.ends_at": "schedule.timeInvalid",
        reason: "timeClock.reasonRequired",
        version: "timeClock.entryChanged",
      }),
    ).toEqual({
      in_time: "timeClock.overlaps",
      out_time: "timeClock.entryOverDay",
      "breaks.1.start": "timeClock.breakOutside",
      "breaks.0.end": "schedule.timeInvalid",
      reason: "timeClock.reasonRequired",
    });
  });
});

describe("the typed length", () => {
  it("is elapsed, breaks and what is left", () => {
    expect(typedLength(initial, ZONE)).toEqual({ minutes: 510, breakMinutes: 30, workedMinutes: 480 });
    expect(typedLength({ ...initial, out_time: "" }, ZONE)).toBeNull();
  });
});
