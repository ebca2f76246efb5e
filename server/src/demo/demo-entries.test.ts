import { describe, expect, it } from "vitest";
import { demoEntries } from "./demo-entries.ts";
import type { DemoShiftRow } from "./demo-shifts.ts";

const NOW = new Date("2026-06-10T09:00:00Z");
const HOUR = 3600_000;

function shift(n: number, user: string, startsHoursAgo: number, hours = 8): DemoShiftRow & { id: string } {
  const starts = new Date(NOW.getTime() - startsHoursAgo * HOUR).toISOString();
  const ends = new Date(NOW.getTime() - (startsHoursAgo - hours) * HOUR).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    organization_id: "org",
    job_scheduler_id: "board",
    user_id: user,
    job_id: null,
    starts_at: starts,
    ends_at: ends,
    break_minutes: 30,
    note: null,
    published_at: starts,
    published_user_id: user,
    published_job_id: null,
    published_starts_at: starts,
    published_ends_at: ends,
    published_break_minutes: 30,
    published_note: null,
  };
}

describe("the demo's clocked time", () => {
  const shifts = [
    shift(1, "a", 50),
    shift(2, "a", 26),
    shift(3, "b", 26),
    shift(4, "b", 2),
    shift(5, "c", 2),
    shift(6, "c", -5), // later today
  ];
  const { entries, punches } = demoEntries(shifts, NOW);

  it("clocks finished shifts in and out, shifts going on in, and nothing not started", () => {
    expect(entries.find((e) => e.shift_id === shifts[3]?.id)?.clock_out_at).toBeNull();
    expect(entries.some((e) => e.shift_id === shifts[5]?.id)).toBe(false);
    expect(entries.find((e) => e.shift_id === shifts[0]?.id)?.clock_out_at).not.toBeNull();
  });

  it("leaves at most one person's last entry open from long ago (a forgotten clock-out), and none overlapping", () => {
    const open = entries.filter((e) => e.clock_out_at === null);
    const stale = open.filter((e) => Date.parse(e.clock_in_at) < NOW.getTime() - 20 * HOUR);
    expect(stale.length).toBeLessThanOrEqual(1);
    for (const user of ["a", "b", "c"]) {
      const mine = entries.filter((e) => e.user_id === user).sort((x, y) => x.clock_in_at.localeCompare(y.clock_in_at));
      expect(mine.filter((e) => e.clock_out_at === null).length).toBeLessThanOrEqual(1);
      for (const entry of mine.slice(0, -1)) expect(entry.clock_out_at).not.toBeNull();
    }
  });

  it("has the punches of each entry, in order", () => {
    for (const entry of entries) {
      const kinds = punches.filter((p) => p.time_entry_id === entry.id).map((p) => p.kind);
      expect(kinds[0]).toBe("clock_in");
      if (entry.clock_out_at) expect(kinds.at(-1)).toBe("clock_out");
    }
  });
});
