import type { TimesheetPerson } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { isolate } from "./live-status.ts";
import { canManagePerson, defaultEntryDate, defaultEntryJob, hasAnything, needsAttention } from "./timesheet-rules.ts";
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
    expect(canManagePerson(true, { id: "me", role: "SUPERVISOR" }, "them")).toBe(true);
    expect(canManagePerson(false, { id: "me", role: "OWNER" }, "them")).toBe(false);
  });

  it("leaves a supervisor's own time to another manager; an owner may change theirs", () => {
    expect(canManagePerson(true, { id: "me", role: "SUPERVISOR" }, "me")).toBe(false);
    expect(canManagePerson(true, { id: "me", role: "OWNER" }, "me")).toBe(true);
  });
});
