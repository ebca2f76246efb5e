import type { TimesheetPerson } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { isolate } from "./live-status.ts";
import {
  canManagePerson,
  defaultEntryDate,
  defaultEntryJob,
  hasAnything,
  needsAttention,
  readyToApprove,
} from "./timesheet-rules.ts";
import { formatDistance } from "./warning-text.ts";

const totals = {
  scheduled_minutes: 0,
  worked_minutes: 0,
  break_minutes: 0,
  regular_minutes: 0,
  overtime_minutes: 0,
  cost: null,
  pay: null,
  uncosted_minutes: 0,
};
const row = (id: string, extra: { flagged?: boolean; open?: boolean } = {}) => ({
  id,
  date: "2026-03-02",
  worked_minutes: 480,
  break_minutes: 30,
  rounded_in: "2026-03-02T09:00:00.000Z",
  rounded_out: extra.open ? null : "2026-03-02T17:30:00.000Z",
  flagged: extra.flagged ?? false,
  open: extra.open ?? false,
  time_zone: "Europe/Paris",
});
function person(entries: ReturnType<typeof row>[], scheduled = 0): TimesheetPerson {
  return {
    user_id: "00000000-0000-4000-8000-000000000001",
    first_name: "Sam",
    last_name: "Lee",
    status: "active",
    hourly_rate: null,
    approval: null,
    sheet: { user_id: "u", days: [], totals: { ...totals, scheduled_minutes: scheduled }, entries, by_job: [] },
  };
}

describe("what a timesheet asks of a manager", () => {
  it("needs attention with a flagged or an open entry, not otherwise", () => {
    expect(needsAttention(person([row("a")]))).toBe(false);
    expect(needsAttention(person([row("a"), row("b", { flagged: true })]))).toBe(true);
    expect(needsAttention(person([row("a", { open: true })]))).toBe(true);
  });

  it("knows who has nothing in the period", () => {
    expect(hasAnything(person([]))).toBe(false);
    expect(hasAnything(person([], 450))).toBe(true);
    expect(hasAnything(person([row("a")]))).toBe(true);
  });

  it("adds a forgotten day on today when the period holds it, else on its first day", () => {
    const period = { start: "2026-03-02", end: "2026-03-08" };
    expect(defaultEntryDate(period, "2026-03-05")).toBe("2026-03-05");
    expect(defaultEntryDate(period, "2026-03-12")).toBe("2026-03-02");
  });

  it("adds it on the job of the person's latest entry", () => {
    const entries = new Map([
      ["a", { job_id: "job-1" }],
      ["b", { job_id: null }],
    ]);
    expect(defaultEntryJob(person([row("a"), row("b")]), entries)).toBe("job-1");
    expect(defaultEntryJob(person([]), entries)).toBeNull();
  });
});

describe("words around names and distances", () => {
  it("isolates a name from the sentence's direction", () => {
    expect(isolate("سامي")).toBe("\u2068سامي\u2069");
  });

  it("writes distances in metres, then kilometres", () => {
    expect(formatDistance(350, "en")).toBe("350 m");
    expect(formatDistance(1250, "en")).toBe("1.3 km");
  });
});

describe("who may change and approve a person's time", () => {
  it("is a manager, for anyone else's time", () => {
    expect(canManagePerson(true, { person_id: "me", role: "SUPERVISOR" }, "them")).toBe(true);
    expect(canManagePerson(false, { person_id: "me", role: "OWNER" }, "them")).toBe(false);
  });

  it("leaves a supervisor's own time to another manager; an owner may change theirs", () => {
    expect(canManagePerson(true, { person_id: "me", role: "SUPERVISOR" }, "me")).toBe(false);
    expect(canManagePerson(true, { person_id: "me", role: "OWNER" }, "me")).toBe(true);
  });
});

describe('who "Approve all ready" approves', () => {
  const withId = (id: string, base: TimesheetPerson): TimesheetPerson => ({ ...base, user_id: id });
  const approval = {
    period_start: "2026-03-02",
    period_end: "2026-03-08",
    approved_at: "2026-03-09T10:00:00.000Z",
    approved_by: null,
  };

  it("is whoever has settled time and no approval yet", () => {
    const people = [
      withId("ready", person([row("a")])),
      withId("open", person([row("b", { open: true })])),
      withId("flagged", person([row("c", { flagged: true })])),
      withId("nothing", person([], 480)),
      { ...withId("done", person([row("d")])), approval },
    ];
    const ids = readyToApprove(people, true, { person_id: "me", role: "OWNER" }).map((p) => p.user_id);
    expect(ids).toEqual(["ready"]);
  });

  it("leaves out a supervisor's own time, and is nobody for a viewer", () => {
    const people = [withId("me", person([row("a")])), withId("them", person([row("b")]))];
    expect(readyToApprove(people, true, { person_id: "me", role: "SUPERVISOR" }).map((p) => p.user_id)).toEqual([
      "them",
    ]);
    expect(readyToApprove(people, false, { person_id: "me", role: "OWNER" })).toEqual([]);
  });
});
