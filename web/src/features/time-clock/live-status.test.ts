import type { LivePerson } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { groupLive, liveWorkedMinutes, minutesSince, shownWarnings, statusCounts, statusOrder } from "./live-status.ts";

let n = 0;
function person(overrides: Partial<LivePerson>): LivePerson {
  n += 1;
  return {
    user_id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    first_name: "Sam",
    last_name: `Person ${n}`,
    status: "working",
    entry: null,
    shift: null,
    since: null,
    worked_minutes_today: 0,
    flagged: false,
    warnings: [],
    ...overrides,
  };
}

const shift = (startsAt: string) => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  job_id: null,
  board_id: "00000000-0000-4000-8000-0000000000bb",
  starts_at: startsAt,
  ends_at: "2026-03-02T23:00:00Z",
  break_minutes: 0,
});

describe("grouping the live view", () => {
  it("puts who needs a manager first and leaves out empty groups", () => {
    const people = [
      person({ status: "done" }),
      person({ status: "working", since: "2026-03-02T08:00:00Z" }),
      person({ status: "late", since: "2026-03-02T09:05:00Z" }),
      person({ status: "scheduled", shift: shift("2026-03-02T14:00:00Z") }),
    ];
    expect(groupLive(people).map((group) => group.status)).toEqual(["late", "working", "scheduled", "done"]);
    expect(statusOrder[0]).toBe("late");
  });

  it("sorts the longest in first, the next shift first, the last to leave first", () => {
    const early = person({ last_name: "Early", since: "2026-03-02T07:00:00Z" });
    const later = person({ last_name: "Later", since: "2026-03-02T09:00:00Z" });
    const nine = person({ status: "scheduled", last_name: "Nine", shift: shift("2026-03-02T09:00:00Z") });
    const eight = person({ status: "scheduled", last_name: "Eight", shift: shift("2026-03-02T08:00:00Z") });
    const leftEarly = person({
      status: "done",
      last_name: "LeftEarly",
      entry: { clock_out_at: "2026-03-02T12:00:00Z" } as LivePerson["entry"],
    });
    const leftLate = person({
      status: "done",
      last_name: "LeftLate",
      entry: { clock_out_at: "2026-03-02T16:00:00Z" } as LivePerson["entry"],
    });
    const groups = groupLive([later, nine, leftEarly, early, eight, leftLate]);
    expect(groups.map((group) => group.people.map((p) => p.last_name))).toEqual([
      ["Early", "Later"],
      ["Eight", "Nine"],
      ["LeftLate", "LeftEarly"],
    ]);
  });

  it("sorts by name when the times are the same or missing", () => {
    const b = person({ first_name: "Bea", last_name: "", since: null });
    const a = person({ first_name: "Ali", last_name: "", since: null });
    expect(groupLive([b, a])[0]?.people.map((p) => p.first_name)).toEqual(["Ali", "Bea"]);
  });

  it("filters by one status and by name, accents aside", () => {
    const people = [
      person({ first_name: "Zoé", status: "on_break" }),
      person({ first_name: "Zoe", status: "working" }),
      person({ first_name: "Omar", status: "working" }),
    ];
    expect(groupLive(people, { status: "working" }).flatMap((g) => g.people.map((p) => p.first_name))).toEqual([
      "Omar",
      "Zoe",
    ]);
    expect(groupLive(people, { search: " zoe " }).flatMap((g) => g.people.map((p) => p.first_name))).toEqual([
      "Zoe",
      "Zoé",
    ]);
  });

  it("lists every status's count in display order, 0 for the missing ones", () => {
    const counts = statusCounts({ working: 3, late: 1 });
    expect(counts.map((c) => c.status)).toEqual([...statusOrder]);
    expect(counts.find((c) => c.status === "working")?.count).toBe(3);
    expect(counts.find((c) => c.status === "done")?.count).toBe(0);
  });
});

describe("running durations", () => {
  const serverTime = "2026-03-02T10:00:00Z";
  const at = (iso: string) => Date.parse(iso);

  it("counts whole minutes since, never below zero", () => {
    expect(minutesSince("2026-03-02T08:30:00Z", at("2026-03-02T10:00:59Z"))).toBe(90);
    expect(minutesSince("2026-03-02T10:05:00Z", at("2026-03-02T10:00:00Z"))).toBe(0);
    expect(minutesSince(null, at(serverTime))).toBe(0);
  });

  it("adds the time since the answer to whoever is clocked in, not on a break or flagged", () => {
    const later = at("2026-03-02T10:25:00Z");
    expect(liveWorkedMinutes(person({ status: "working", worked_minutes_today: 60 }), serverTime, later)).toBe(85);
    expect(liveWorkedMinutes(person({ status: "unscheduled", worked_minutes_today: 0 }), serverTime, later)).toBe(25);
    expect(liveWorkedMinutes(person({ status: "on_break", worked_minutes_today: 60 }), serverTime, later)).toBe(60);
    expect(liveWorkedMinutes(person({ status: "done", worked_minutes_today: 480 }), serverTime, later)).toBe(480);
    expect(
      liveWorkedMinutes(person({ status: "working", flagged: true, worked_minutes_today: 0 }), serverTime, later),
    ).toBe(0);
  });

  it("shows each kind of punch warning once", () => {
    expect(
      shownWarnings([{ code: "early", minutes: 20 }, { code: "outside_site", meters: 300 }, { code: "early" }]),
    ).toEqual([
      { code: "early", minutes: 20 },
      { code: "outside_site", meters: 300 },
    ]);
  });
});
