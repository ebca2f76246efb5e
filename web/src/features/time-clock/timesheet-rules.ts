import type { SheetEntryRow, TimesheetPerson } from "@workshift/contracts";
import { can } from "@workshift/contracts";

/**
 * What a person's timesheet asks of a manager, read off the API's figures
 * (never counted again here): flagged entries (they count nothing until
 * checked), entries still open, and whether the period can be approved.
 */
export function flaggedRows(person: TimesheetPerson): SheetEntryRow[] {
  return person.sheet.entries.filter((row) => row.flagged);
}

export function openRows(person: TimesheetPerson): SheetEntryRow[] {
  return person.sheet.entries.filter((row) => row.open);
}

/** Flagged or open entries: the server refuses to approve the period until they are settled. */
export function needsAttention(person: TimesheetPerson): boolean {
  return person.sheet.entries.some((row) => row.flagged || row.open);
}

/** Whether the person has anything in the period: time, shifts or entries (others are shown folded). */
export function hasAnything(person: TimesheetPerson): boolean {
  return (
    person.sheet.entries.length > 0 ||
    person.sheet.totals.scheduled_minutes > 0 ||
    person.sheet.totals.worked_minutes > 0
  );
}

/** The date a forgotten day is added on by default: today when the period holds it, else the period's first day. */
export function defaultEntryDate(period: { start: string; end: string }, today: string): string {
  return today >= period.start && today <= period.end ? today : period.start;
}

/** The job a new entry starts on: the one of the person's latest entry in the period, if any. */
export function defaultEntryJob(
  person: TimesheetPerson,
  entriesById: ReadonlyMap<string, { job_id: string | null }>,
): string | null {
  for (const row of [...person.sheet.entries].reverse()) {
    const jobId = entriesById.get(row.id)?.job_id;
    if (jobId) return jobId;
  }
  return null;
}

/**
 * Whether the signed-in manager (`me.person_id`: their person id in this
 * organization, as the timesheets name people) may change and approve this person's time:
 * the server leaves a supervisor's own time to another manager (an owner may
 * change theirs), so their own sheet is read-only here too.
 */
export function canManagePerson(
  canManage: boolean,
  me: { person_id: string | null; role: string | null | undefined } | null | undefined,
  personId: string,
): boolean {
  if (!canManage) return false;
  return !(me && me.person_id === personId && !can(me, "timesheets.own"));
}

/**
 * The people "Approve all ready" approves: not approved yet, with time in the
 * period, nothing open or flagged, and theirs to approve (canManagePerson).
 * The server checks each again and skips, with why, whoever changed meanwhile.
 */
export function readyToApprove(
  people: readonly TimesheetPerson[],
  canManage: boolean,
  me: { person_id: string | null; role: string | null | undefined } | null | undefined,
): TimesheetPerson[] {
  return people.filter(
    (person) =>
      person.approval === null &&
      person.sheet.entries.length > 0 &&
      !needsAttention(person) &&
      canManagePerson(canManage, me, person.user_id),
  );
}
