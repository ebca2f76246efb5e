import { describe, expect, it } from "vitest";
import { type AuditValueWords, auditChanges, auditValueText, newestFirst, punchDelayMinutes } from "./entry-history.ts";

const JOB = "00000000-0000-4000-8000-0000000000b1";
const base = {
  clock_in_at: "2026-03-02T14:00:00.000Z",
  clock_out_at: "2026-03-02T22:00:00.000Z",
  breaks: [{ starts_at: "2026-03-02T17:00:00.000Z", ends_at: "2026-03-02T17:30:00.000Z" }],
  job_id: JOB,
  note: null,
  reviewed: false,
  version: 1,
};

describe("what an audit record changed", () => {
  it("lists the fields an update changed, from what to what", () => {
    const changes = auditChanges({
      action: "updated",
      before: base,
      after: { ...base, clock_out_at: "2026-03-02T23:00:00Z", reviewed: true, version: 2 },
    });
    expect(changes).toEqual([
      { field: "clock_out_at", before: "2026-03-02T22:00:00.000Z", after: "2026-03-02T23:00:00.000Z" },
      { field: "reviewed", before: false, after: true },
    ]);
  });

  it("does not see a change in the same instant written another way", () => {
    expect(
      auditChanges({
        action: "updated",
        before: base,
        after: { ...base, breaks: [{ starts_at: "2026-03-02T17:00:00Z", ends_at: "2026-03-02T17:30:00Z" }] },
      }),
    ).toEqual([]);
  });

  it("lists what a creation set, and what a deletion removed", () => {
    expect(auditChanges({ action: "created", before: null, after: base }).map((c) => c.field)).toEqual([
      "clock_in_at",
      "clock_out_at",
      "breaks",
      "job_id",
    ]);
    const deleted = auditChanges({ action: "deleted", before: { ...base, note: "dup" }, after: null });
    expect(deleted.map((c) => c.field)).toEqual(["clock_in_at", "clock_out_at", "breaks", "job_id", "note"]);
    expect(deleted.every((c) => c.after === undefined)).toBe(true);
  });

  it("sees a note cleared", () => {
    expect(auditChanges({ action: "updated", before: { ...base, note: "x" }, after: base })).toEqual([
      { field: "note", before: "x", after: null },
    ]);
  });
});

describe("writing audited values", () => {
  const words: AuditValueWords = {
    time: (instant) => instant.slice(11, 16),
    job: (id) => (id === JOB ? "Kitchen" : "?"),
    ongoing: "ongoing",
    none: "none",
    yes: "yes",
    no: "no",
    span: (from, to) => `${from}–${to}`,
  };

  it("writes times, breaks, jobs, notes and flags", () => {
    expect(auditValueText("clock_in_at", "2026-03-02T14:00:00.000Z", words)).toBe("14:00");
    expect(auditValueText("clock_out_at", null, words)).toBe("ongoing");
    expect(
      auditValueText(
        "breaks",
        [
          { starts_at: "2026-03-02T17:00:00.000Z", ends_at: "2026-03-02T17:30:00.000Z" },
          { starts_at: "2026-03-02T19:00:00.000Z", ends_at: null },
        ],
        words,
      ),
    ).toBe("17:00–17:30, 19:00–ongoing");
    expect(auditValueText("breaks", [], words)).toBe("none");
    expect(auditValueText("job_id", JOB, words)).toBe("Kitchen");
    expect(auditValueText("job_id", null, words)).toBe("none");
    expect(auditValueText("note", "  ", words)).toBe("none");
    expect(auditValueText("reviewed", true, words)).toBe("yes");
  });
});

describe("punches", () => {
  it("measures how late a punch was sent", () => {
    expect(punchDelayMinutes({ at: "2026-03-02T14:00:00Z", received_at: "2026-03-02T14:42:10Z" })).toBe(42);
    expect(punchDelayMinutes({ at: "2026-03-02T14:00:05Z", received_at: "2026-03-02T14:00:00Z" })).toBe(0);
  });

  it("reads the audit newest first", () => {
    expect(newestFirst([{ at: "2026-03-01T00:00:00Z" }, { at: "2026-03-02T00:00:00Z" }]).map((r) => r.at)).toEqual([
      "2026-03-02T00:00:00Z",
      "2026-03-01T00:00:00Z",
    ]);
  });
});
