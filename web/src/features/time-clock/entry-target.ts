import type { TimeEntry, TimesheetPerson, TimesheetResponse } from "@workshift/contracts";

/** What the entry editor is opened on: an entry to correct, or a person's day to add one to. */
export type EntryEditorTarget =
  | { kind: "edit"; entry: TimeEntry; person: TimesheetPerson }
  | { kind: "create"; person: TimesheetPerson; date: string; jobId: string | null };

/** A new form for each target (its state is not carried from one entry to another). */
export const targetKey = (target: EntryEditorTarget) =>
  target.kind === "edit" ? `edit-${target.entry.id}` : `new-${target.person.user_id}-${target.date}`;

/** The zone an entry's wall clock is typed in: its job's, else the organization's. */
export function zoneOf(sheet: TimesheetResponse, jobId: string | null): string {
  return (jobId ? sheet.jobs.find((job) => job.id === jobId)?.time_zone : null) ?? sheet.time_zone;
}

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
