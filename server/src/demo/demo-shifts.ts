import { addDays, shiftInstants, todayIn, weekOf } from "@workshift/contracts";

export interface DemoWorker {
  id: string;
  index: number;
  boardId: string;
  jobId: string | null;
}

export interface DemoShiftRow {
  organization_id: string;
  job_scheduler_id: string;
  user_id: string | null;
  job_id: string | null;
  starts_at: string;
  ends_at: string;
  break_minutes: number;
  note: string | null;
  published_at: string | null;
  published_user_id: string | null;
  published_job_id: string | null;
  published_starts_at: string | null;
  published_ends_at: string | null;
  published_break_minutes: number | null;
  published_note: string | null;
}

/** Day patterns by position: mornings, evenings, and (catering) late events that run past midnight. */
const PATTERNS = [
  { start: "08:00", end: "16:00", break: 30 },
  { start: "15:00", end: "23:00", break: 30 },
  { start: "18:00", end: "02:00", break: 30 },
] as const;

/**
 * Two weeks of demo shifts in the board's zone: this week published (what
 * people see on /my), next week still drafts (what a manager publishes), a
 * few open shifts, and late catering shifts that end the next day. Each
 * person works five days at one fixed time, so nobody overlaps.
 */
export function demoShifts(
  organizationId: string,
  workers: readonly DemoWorker[],
  openShiftSlots: readonly { boardId: string; jobId: string | null }[],
  zone: string,
  weekStart: number,
  now: Date,
): DemoShiftRow[] {
  const thisWeek = weekOf(todayIn(zone, now), zone, weekStart);
  const rows: DemoShiftRow[] = [];
  const publishedAt = now.toISOString();
  for (const [weekIndex, firstDay] of [thisWeek.startDate, addDays(thisWeek.startDate, 7)].entries()) {
    const published = weekIndex === 0;
    for (const worker of workers) {
      const pattern = PATTERNS[worker.index % 3 === 2 ? 2 : worker.index % 2] ?? PATTERNS[0];
      const daysOff = new Set([worker.index % 7, (worker.index + 3) % 7]);
      for (let day = 0; day < 7; day += 1) {
        if (daysOff.has(day)) continue;
        const { startsAt, endsAt } = shiftInstants(addDays(firstDay, day), pattern.start, pattern.end, zone);
        rows.push({
          organization_id: organizationId,
          job_scheduler_id: worker.boardId,
          user_id: worker.id,
          job_id: worker.jobId,
          starts_at: startsAt,
          ends_at: endsAt,
          break_minutes: pattern.break,
          note: null,
          published_at: published ? publishedAt : null,
          published_user_id: published ? worker.id : null,
          published_job_id: published ? worker.jobId : null,
          published_starts_at: published ? startsAt : null,
          published_ends_at: published ? endsAt : null,
          published_break_minutes: published ? pattern.break : null,
          published_note: null,
        });
      }
    }
    if (published) continue;
    for (const [slot, open] of openShiftSlots.entries()) {
      const { startsAt, endsAt } = shiftInstants(addDays(firstDay, (slot * 2) % 7), "11:00", "19:00", zone);
      rows.push({
        organization_id: organizationId,
        job_scheduler_id: open.boardId,
        user_id: null,
        job_id: open.jobId,
        starts_at: startsAt,
        ends_at: endsAt,
        break_minutes: 30,
        note: null,
        published_at: null,
        published_user_id: null,
        published_job_id: null,
        published_starts_at: null,
        published_ends_at: null,
        published_break_minutes: null,
        published_note: null,
      });
    }
  }
  return rows;
}
