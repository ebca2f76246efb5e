import type { ClockStatus } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { siteOfPunch } from "./clock-site.ts";

const SITE_JOB = "10000000-0000-4000-8000-000000000001";
const PLAIN_JOB = "10000000-0000-4000-8000-000000000002";
const shift = (jobId: string | null) => ({
  id: "20000000-0000-4000-8000-000000000001",
  job_id: jobId,
  board_id: "30000000-0000-4000-8000-000000000001",
  starts_at: "2026-03-02T08:00:00.000Z",
  ends_at: "2026-03-02T16:00:00.000Z",
  break_minutes: 0,
});
const base: Pick<ClockStatus, "location_policy" | "sites" | "shift" | "entry"> = {
  location_policy: "warn",
  sites: [{ job_id: SITE_JOB, name: "Downtown" }],
  shift: null,
  entry: null,
};

describe("which punches ask for a position", () => {
  it("asks at a clock-in to a job with a site, and names the site", () => {
    expect(siteOfPunch(base, "clock_in", { job_id: SITE_JOB })).toEqual({ job_id: SITE_JOB, name: "Downtown" });
    expect(siteOfPunch({ ...base, shift: shift(SITE_JOB) }, "clock_in", { shift_id: "x" })?.name).toBe("Downtown");
  });

  it("asks nothing when the job has no site, there is no job, or it is a break", () => {
    expect(siteOfPunch(base, "clock_in", { job_id: PLAIN_JOB })).toBeNull();
    expect(siteOfPunch({ ...base, shift: shift(null) }, "clock_in")).toBeNull();
    expect(siteOfPunch(base, "clock_in")).toBeNull();
    expect(siteOfPunch({ ...base, shift: shift(SITE_JOB) }, "break_start")).toBeNull();
  });

  it("asks nothing while the organization does not check (a new one: no job has a site)", () => {
    expect(siteOfPunch({ ...base, location_policy: "off" }, "clock_in", { job_id: SITE_JOB })).toBeNull();
  });

  it("asks at a clock-out from an entry on a job with a site", () => {
    const entry = {
      id: "40000000-0000-4000-8000-000000000001",
      user_id: "50000000-0000-4000-8000-000000000001",
      job_id: SITE_JOB,
      shift_id: null,
      clock_in_at: "2026-03-02T08:00:00.000Z",
      clock_out_at: null,
      breaks: [],
      source: "punch" as const,
      note: null,
      reviewed: false,
      version: 1,
      updated_at: "2026-03-02T08:00:00.000Z",
    };
    expect(siteOfPunch({ ...base, entry }, "clock_out")?.job_id).toBe(SITE_JOB);
    expect(siteOfPunch({ ...base, entry: { ...entry, job_id: PLAIN_JOB } }, "clock_out")).toBeNull();
  });
});
