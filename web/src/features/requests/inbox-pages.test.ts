import { describe, expect, it } from "vitest";
import { flattenInbox, listedAuthors, needsJobs, needsOrganizationZone } from "./inbox-pages.ts";
import { ANA, impact, item, SAM } from "./requests.test-support.ts";

describe("the loaded pages as one list", () => {
  it("keeps the server's order, and a request that came twice once, where it came first", () => {
    const a = item();
    const b = item({ author: ANA });
    const c = item();
    expect(flattenInbox([{ requests: [a, b] }, { requests: [b, c] }]).map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(flattenInbox(undefined)).toEqual([]);
  });

  it("offers the listed authors by name for the person filter", () => {
    const people = listedAuthors([item(), item({ author: ANA }), item()], "en");
    expect([...people]).toEqual([
      [ANA.user_id, "Ana Ruiz"],
      [SAM.user_id, "Sam Lee"],
    ]);
  });

  it("reads the jobs and the organization's zone only for corrections that need them", () => {
    const times = { clock_in_at: "2026-03-02T14:00:00Z", clock_out_at: "2026-03-02T22:00:00Z", breaks: [] };
    const ownZone = item({
      kind: "correction",
      correction: { entry_id: null, job_id: null, ...times, time_zone: "Asia/Beirut" },
    });
    const noZone = item({
      kind: "correction",
      correction: { entry_id: null, job_id: "0c000000-0000-4000-8000-000000000001", ...times },
    });
    expect([needsOrganizationZone([item(), ownZone]), needsJobs([item(), ownZone])]).toEqual([false, false]);
    expect([needsOrganizationZone([noZone]), needsJobs([noZone])]).toEqual([true, true]);
  });

  it("reads the jobs for time off that counts others off per job, to name the jobs", () => {
    const timeOff = (jobId: string | null) =>
      item({
        kind: "time_off",
        impact: impact({
          time_off: {
            balance_before_minutes: 960,
            balance_after_minutes: 480,
            negative_allowance_minutes: 0,
            shifts: [],
            others_off: [{ day: "2026-03-02", job_id: jobId, people: [], total: 1, limit: 2 }],
            blocked: [],
          },
        }),
      });
    expect(needsJobs([timeOff("0c000000-0000-4000-8000-000000000001")])).toBe(true);
    expect(needsJobs([timeOff(null)])).toBe(false);
  });
});
