import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { entryZone, zoneOf } from "./entry-target.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const NO_ZONE_JOB = id(1);
const TOKYO_JOB = id(2);
const ON_SHIFT = id(10);

const entry = (entryId: string, jobId: string | null): TimeEntry => ({
  id: entryId,
  user_id: id(99),
  job_id: jobId,
  shift_id: entryId === ON_SHIFT ? id(50) : null,
  clock_in_at: "2026-01-10T22:30:00.000Z",
  clock_out_at: "2026-01-11T06:30:00.000Z",
  breaks: [],
  source: "punch",
  note: null,
  reviewed: false,
  version: 1,
  updated_at: "2026-01-11T06:30:00.000Z",
});

const zero = { scheduled_minutes: 0, worked_minutes: 0, break_minutes: 0, regular_minutes: 0, overtime_minutes: 0 };
const person: TimesheetPerson = {
  user_id: id(99),
  first_name: "Rana",
  last_name: "Haddad",
  status: "active",
  hourly_rate: null,
  approval: null,
  sheet: {
    user_id: id(99),
    days: [],
    totals: { ...zero, cost: null, pay: null, uncosted_minutes: 0 },
    // The server counted the entry clocked in to a Beirut board's shift in Beirut.
    entries: [
      {
        id: ON_SHIFT,
        date: "2026-01-11",
        worked_minutes: 480,
        break_minutes: 0,
        rounded_in: "2026-01-10T22:30:00.000Z",
        rounded_out: "2026-01-11T06:30:00.000Z",
        flagged: false,
        open: false,
        time_zone: "Asia/Beirut",
      },
    ],
    by_job: [],
  },
};
const job = (jobId: string, zone: string | null) => ({
  id: jobId,
  name: jobId,
  color: "#1864ab",
  hourly_rate: null,
  time_zone: zone,
  is_archived: false,
});
const sheet = {
  time_zone: "Europe/Paris",
  jobs: [job(NO_ZONE_JOB, null), job(TOKYO_JOB, "Asia/Tokyo")],
  people: [person],
} as unknown as TimesheetResponse;

describe("the zone an entry's times are read and typed in (zoneOfWork)", () => {
  it("is the one the timesheet counted the entry in: its shift's board's, whatever its job says", () => {
    expect(entryZone(sheet, entry(ON_SHIFT, NO_ZONE_JOB))).toBe("Asia/Beirut");
    expect(zoneOf(sheet, { kind: "edit", entry: entry(ON_SHIFT, TOKYO_JOB), person })).toBe("Asia/Beirut");
  });

  it("for a new entry (on no shift), is its job's own zone, else the organization's", () => {
    const create = (jobId: string | null) => ({ kind: "create" as const, person, date: "2026-01-11", jobId });
    expect(zoneOf(sheet, create(TOKYO_JOB))).toBe("Asia/Tokyo");
    expect(zoneOf(sheet, create(NO_ZONE_JOB))).toBe("Europe/Paris");
    expect(zoneOf(sheet, create(null))).toBe("Europe/Paris");
  });
});
