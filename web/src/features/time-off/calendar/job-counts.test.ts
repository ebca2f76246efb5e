import { describe, expect, it } from "vitest";
import { BAR, calendarAnswer, KITCHEN } from "./calendar-fixtures.test-support.ts";
import { jobCountsByDay, jobsWithCounts, overOn } from "./job-counts.ts";

describe("how many of each job are off", () => {
  it("counts approved leave against the job's people and limit, pending apart", () => {
    const counts = jobCountsByDay(
      calendarAnswer({
        counts: [
          { day: "2026-03-02", job_id: KITCHEN, approved: 1, pending: 0, over_limit: false },
          { day: "2026-03-02", job_id: BAR, approved: 1, pending: 2, over_limit: false },
        ],
      }),
    );
    // Jobs in the answer's order, whatever order the counts came in.
    expect(counts.get("2026-03-02")).toEqual([
      { jobId: BAR, name: "Bartender", color: "#1c7ed6", off: 1, pending: 2, people: 5, limit: 1, over: false },
      { jobId: KITCHEN, name: "Cook", color: "#f08c00", off: 1, pending: 0, people: 3, limit: null, over: false },
    ]);
  });

  it("warns above the limit by the numbers, even when the server's flag lags", () => {
    const counts = jobCountsByDay(
      calendarAnswer({ counts: [{ day: "2026-03-03", job_id: BAR, approved: 2, pending: 0, over_limit: false }] }),
    );
    expect(overOn(counts.get("2026-03-03")).map((line) => line.jobId)).toEqual([BAR]);
  });

  it("trusts the server's word that a job is over its limit", () => {
    const counts = jobCountsByDay(
      calendarAnswer({ counts: [{ day: "2026-03-03", job_id: KITCHEN, approved: 3, pending: 0, over_limit: true }] }),
    );
    expect(overOn(counts.get("2026-03-03"))).toHaveLength(1);
  });

  it("is not over at the limit, nor without one", () => {
    const counts = jobCountsByDay(
      calendarAnswer({
        counts: [
          { day: "2026-03-04", job_id: BAR, approved: 1, pending: 3, over_limit: false },
          { day: "2026-03-04", job_id: KITCHEN, approved: 3, pending: 0, over_limit: false },
        ],
      }),
    );
    expect(overOn(counts.get("2026-03-04"))).toEqual([]);
    expect(overOn(undefined)).toEqual([]);
  });

  it("leaves out empty counts and unknown jobs, and lists the week's jobs once", () => {
    const counts = jobCountsByDay(
      calendarAnswer({
        counts: [
          { day: "2026-03-02", job_id: BAR, approved: 0, pending: 0, over_limit: false },
          {
            day: "2026-03-02",
            job_id: "40000000-0000-4000-8000-000000000009",
            approved: 1,
            pending: 0,
            over_limit: false,
          },
          { day: "2026-03-03", job_id: KITCHEN, approved: 1, pending: 0, over_limit: false },
          { day: "2026-03-04", job_id: KITCHEN, approved: 0, pending: 1, over_limit: false },
          { day: "2026-03-04", job_id: BAR, approved: 1, pending: 0, over_limit: false },
        ],
      }),
    );
    expect(counts.has("2026-03-02")).toBe(false);
    expect(jobsWithCounts(counts, ["2026-03-02", "2026-03-03", "2026-03-04"]).map((job) => job.jobId)).toEqual([
      KITCHEN,
      BAR,
    ]);
  });
});
