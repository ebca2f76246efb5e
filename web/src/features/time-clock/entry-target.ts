import { type TimeEntry, type TimesheetPerson, type TimesheetResponse, zoneOfWork } from "@workshift/contracts";

/** What the entry editor is opened on: an entry to correct, or a person's day to add one to. */
export type EntryEditorTarget =
  | { kind: "edit"; entry: TimeEntry; person: TimesheetPerson }
  | { kind: "create"; person: TimesheetPerson; date: string; jobId: string | null };

/** A new form for each target (its state is not carried from one entry to another). */
export const targetKey = (target: EntryEditorTarget) =>
  target.kind === "edit" ? `edit-${target.entry.id}` : `new-${target.person.user_id}-${target.date}`;

/** A new entry's zone (it is on no shift): its job's own, else the organization's (zoneOfWork). */
function newEntryZone(sheet: TimesheetResponse, jobId: string | null): string {
  const job = jobId ? sheet.jobs.find((item) => item.id === jobId)?.time_zone : null;
  return zoneOfWork({ board: null, job, organization: sheet.time_zone });
}

/**
 * The zone an entry's times are read in: the one the timesheet cut its day in
 * (zoneOfWork: its shift's board's, else its job's own, else the
 * organization's), as its row says.
 */
export function entryZone(sheet: TimesheetResponse, entry: Pick<TimeEntry, "id" | "job_id">): string {
  for (const person of sheet.people) {
    const row = person.sheet.entries.find((item) => item.id === entry.id);
    if (row) return row.time_zone;
  }
  return newEntryZone(sheet, entry.job_id);
}

/** The zone the entry editor reads and types wall clocks in. */
export const zoneOf = (sheet: TimesheetResponse, target: EntryEditorTarget): string =>
  target.kind === "edit" ? entryZone(sheet, target.entry) : newEntryZone(sheet, target.jobId);

/** The day an entry sits on, as the timesheet put it (its row's date), else its clock-in's in the zone. */
export function dayOf(entry: TimeEntry, sheet: TimesheetResponse): string {
  for (const person of sheet.people) {
    const row = person.sheet.entries.find((item) => item.id === entry.id);
    if (row) return row.date;
  }
  return entry.clock_in_at.slice(0, 10);
}

/** Whether the timesheet flags the entry (open past the limit). */
export function isFlagged(sheet: TimesheetResponse, entryId: string): boolean {
  return sheet.people.some((person) => person.sheet.entries.some((row) => row.id === entryId && row.flagged));
}
