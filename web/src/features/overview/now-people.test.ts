import type { LivePerson } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { initialsOf, nowCards, personName, sinceLine } from "./now-people.ts";

const SHIFT = {
  id: "00000000-0000-4000-8000-0000000000c1",
  job_id: null,
  board_id: "00000000-0000-4000-8000-0000000000b1",
  starts_at: "2026-03-04T08:00:00.000Z",
  ends_at: "2026-03-04T16:00:00.000Z",
  break_minutes: 30,
};

const person = (patch: Partial<LivePerson>): Pick<LivePerson, "status" | "since" | "shift" | "entry"> => ({
  status: "working",
  since: null,
  shift: null,
  entry: null,
  ...patch,
});

describe("the now cards", () => {
  it("show working, on break, late, absent and working without a shift, zero when missing", () => {
    expect(nowCards({ working: 4, late: 1, scheduled: 9 })).toEqual([
      { status: "working", count: 4 },
      { status: "on_break", count: 0 },
      { status: "late", count: 1 },
      { status: "absent", count: 0 },
      { status: "unscheduled", count: 0 },
    ]);
  });
});

describe("a person's line", () => {
  it("names them by first and last name, and by initials", () => {
    expect(personName({ first_name: " Ana ", last_name: "Lima" })).toBe("Ana Lima");
    expect(personName({ first_name: "", last_name: "" })).toBe("");
    expect(initialsOf("Ana Maria Lima")).toBe("AL");
    expect(initialsOf("élodie")).toBe("É");
    expect(initialsOf("")).toBe("");
  });

  it("says since when someone is in or on a break", () => {
    expect(sinceLine(person({ status: "working", since: "2026-03-04T08:02:00Z" }))).toEqual({
      key: "now.since.in",
      time: "2026-03-04T08:02:00Z",
    });
    expect(sinceLine(person({ status: "unscheduled", since: "2026-03-04T09:00:00Z" }))?.key).toBe("now.since.in");
    expect(sinceLine(person({ status: "on_break", since: "2026-03-04T12:00:00Z" }))).toEqual({
      key: "now.since.break",
      time: "2026-03-04T12:00:00Z",
    });
    expect(sinceLine(person({ status: "working", since: null }))).toBeNull();
  });

  it("says when a late person was due, and which shift an absent one missed", () => {
    expect(sinceLine(person({ status: "late", shift: SHIFT, since: "2026-03-04T08:05:00Z" }))).toEqual({
      key: "now.since.late",
      time: SHIFT.starts_at,
    });
    expect(sinceLine(person({ status: "absent", shift: SHIFT }))).toEqual({
      key: "now.since.absent",
      start: SHIFT.starts_at,
      end: SHIFT.ends_at,
    });
    expect(sinceLine(person({ status: "absent", shift: null }))).toBeNull();
  });

  it("says when the shift starts or when they left", () => {
    expect(sinceLine(person({ status: "scheduled", shift: SHIFT }))?.key).toBe("now.since.scheduled");
    expect(
      sinceLine(
        person({
          status: "done",
          entry: {
            id: "00000000-0000-4000-8000-0000000000e1",
            user_id: "00000000-0000-4000-8000-0000000000a1",
            job_id: null,
            shift_id: null,
            clock_in_at: "2026-03-04T08:00:00Z",
            clock_out_at: "2026-03-04T12:00:00Z",
            breaks: [],
            source: "punch",
            note: null,
            reviewed: false,
            version: 1,
            updated_at: "2026-03-04T12:00:00Z",
          },
        }),
      ),
    ).toEqual({ key: "now.since.done", time: "2026-03-04T12:00:00Z" });
  });
});
