import { localDateOf } from "./schedule-time.ts";

/**
 * Which zone decides the day of a piece of work: the ONE rule every view
 * follows (the board, its CSV, /my, the calendar feed, the timesheets and
 * their exports, approvals, the overview, the time clock), so a shift and the
 * time worked on it always sit on the same day.
 *
 * 1. A shift is on its board's day: its board's zone.
 * 2. A time entry for a shift (clocked in to it) is on that shift's board's
 *    day: the board's zone, whatever its job says. Worked on a board, it
 *    belongs to the board's day.
 * 3. A time entry on no shift: its job's own zone, else the organization's.
 *
 * A job's own zone only decides for time worked outside any shift; on a
 * board, the board decides. The day of an entry is then that of its
 * (rounded) clock-in in this zone (timesheet.ts, entryDate).
 */
export interface WorkZones {
  /** The zone of the board of the shift (a shift's own, or the entry's shift's); null for an entry on no shift. */
  board: string | null | undefined;
  /** The job's own zone; null when the job has none, or there is no job. */
  job: string | null | undefined;
  /** The organization's zone. */
  organization: string;
}

export function zoneOfWork(zones: WorkZones): string {
  return zones.board ?? zones.job ?? zones.organization;
}

/** The day (YYYY-MM-DD) an instant of the work (a shift's start, a clock-in) falls on, by zoneOfWork. */
export function workDateOf(instant: string, zones: WorkZones): string {
  return localDateOf(instant, zoneOfWork(zones));
}
