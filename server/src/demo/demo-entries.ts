import { randomUUID } from "node:crypto";
import type { DemoShiftRow } from "./demo-shifts.ts";

const MINUTE = 60_000;

export interface DemoEntryRow {
  id: string;
  organization_id: string;
  user_id: string;
  job_id: string | null;
  shift_id: string;
  clock_in_at: string;
  clock_out_at: string | null;
  breaks: string;
  source: "punch";
  created_by: string;
  updated_by: string;
}

export interface DemoPunchRow {
  organization_id: string;
  user_id: string;
  id: string;
  kind: "clock_in" | "break_start" | "break_end" | "clock_out";
  happened_at: string;
  received_at: string;
  time_entry_id: string;
  job_id: string | null;
  shift_id: string;
}

/** A few minutes either way, the same for the same shift every time (no randomness in the demo's numbers). */
const drift = (n: number, spread: number) => ((n * 7919) % (2 * spread + 1)) - spread;

/**
 * The time people clocked against this week's published demo shifts, up to
 * `now`: finished shifts were clocked in and out within a few minutes of
 * their times with the break taken mid-shift; shifts going on are clocked in
 * (one person in ten is on a break); every twelfth person is late (no
 * clock-in yet) and one forgot to clock out yesterday, so the overview and the
 * time clock have something to show. Punches go with each entry.
 */
export function demoEntries(
  shifts: readonly (DemoShiftRow & { id: string })[],
  now: Date,
): { entries: DemoEntryRow[]; punches: DemoPunchRow[] } {
  const entries: DemoEntryRow[] = [];
  const punches: DemoPunchRow[] = [];
  const t = now.getTime();
  shifts.forEach((shift, n) => {
    if (shift.published_at === null || shift.user_id === null) return;
    const start = Date.parse(shift.starts_at);
    const end = Date.parse(shift.ends_at);
    if (start > t) return;
    const going = end > t;
    if (going && n % 12 === 5) return; // late: not here yet
    const clockIn = start + drift(n, 6) * MINUTE;
    if (clockIn > t) return;
    const clockOut = going ? null : end + drift(n + 3, 8) * MINUTE;
    const breakStart = start + Math.floor((end - start) / 2);
    const breakEnd = breakStart + shift.break_minutes * MINUTE;
    const breaks: { starts_at: string; ends_at: string | null }[] = [];
    if (shift.break_minutes > 0 && breakStart < t && (clockOut === null || breakEnd < clockOut)) {
      const onBreak = going && n % 10 === 2;
      breaks.push({
        starts_at: new Date(breakStart).toISOString(),
        ends_at: onBreak || breakEnd > t ? null : new Date(breakEnd).toISOString(),
      });
    }
    // A break still going on only for people at work now.
    if (!going && breaks[0]?.ends_at === null) breaks.length = 0;
    const id = randomUUID();
    const base = {
      organization_id: shift.organization_id,
      user_id: shift.user_id,
      job_id: shift.job_id,
      shift_id: shift.id,
    };
    entries.push({
      ...base,
      id,
      clock_in_at: new Date(clockIn).toISOString(),
      clock_out_at: clockOut === null ? null : new Date(clockOut).toISOString(),
      breaks: JSON.stringify(breaks),
      source: "punch",
      created_by: shift.user_id,
      updated_by: shift.user_id,
    });
    const punch = (kind: DemoPunchRow["kind"], at: number) =>
      punches.push({
        ...base,
        id: randomUUID(),
        kind,
        happened_at: new Date(at).toISOString(),
        received_at: new Date(at + 1500).toISOString(),
        time_entry_id: id,
      });
    punch("clock_in", clockIn);
    for (const item of breaks) {
      punch("break_start", Date.parse(item.starts_at));
      if (item.ends_at) punch("break_end", Date.parse(item.ends_at));
    }
    if (clockOut !== null) punch("clock_out", clockOut);
  });
  forgetOneClockOut(entries, punches, t);
  return { entries, punches };
}

/**
 * Someone whose last entry ended over 20 hours ago (and who has nothing
 * since) "forgot" to clock out of it: it stays open, and is flagged.
 */
function forgetOneClockOut(entries: DemoEntryRow[], punches: DemoPunchRow[], t: number): void {
  const last = new Map<string, DemoEntryRow>();
  for (const entry of entries) {
    const seen = last.get(entry.user_id);
    if (!seen || Date.parse(entry.clock_in_at) > Date.parse(seen.clock_in_at)) last.set(entry.user_id, entry);
  }
  const candidate = [...last.values()].find(
    (entry) => entry.clock_out_at !== null && Date.parse(entry.clock_out_at) < t - 20 * 60 * MINUTE,
  );
  if (!candidate) return;
  candidate.clock_out_at = null;
  const out = punches.findIndex((punch) => punch.time_entry_id === candidate.id && punch.kind === "clock_out");
  if (out !== -1) punches.splice(out, 1);
}
