import {
  addDays,
  type EntryCreate,
  type EntryUpdate,
  entryCreateSchema,
  entryUpdateSchema,
  instantAt,
  localDateOf,
  localTimeOf,
  type TimeEntry,
  timeEntryProblems,
} from "@workshift/contracts";
import { isBoardDate } from "../../lib/board-url.ts";

/**
 * The entry editor's values and rules (a manager adds or corrects a time
 * entry, with a reason). Times are typed as the wall clock of the entry's
 * zone (zoneOfWork, entry-target.ts's zoneOf) and turned into instants by the
 * contracts' instantAt; the clock-in and clock-out carry their dates, each
 * break its times, on the first such time from the clock-in on (a break
 * after midnight is on the next day). The API's own schemas then run on the
 * body the form would send, so the form and the server refuse the same
 * things with the same message keys.
 */

export interface BreakValues {
  /** "HH:mm". */
  start: string;
  /** "HH:mm"; "" while the break goes on (only the last one of an open entry). */
  end: string;
}

export interface EntryFormValues {
  job_id: string | null;
  in_date: string;
  in_time: string;
  /** "" while clocked in (an open entry left open). */
  out_date: string;
  out_time: string;
  breaks: BreakValues[];
  note: string;
  reason: string;
}

/** The parts of an entry a save may change, each sent only when it changed. */
export type EntryPart = "job" | "in" | "out" | "breaks" | "note";

const MINUTE = 60_000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (value: string) => TIME.test(value);
export const isDate = (value: string) => isBoardDate(value);

export function entryFormValues(entry: TimeEntry, zone: string): EntryFormValues {
  return {
    job_id: entry.job_id,
    in_date: localDateOf(entry.clock_in_at, zone),
    in_time: localTimeOf(entry.clock_in_at, zone),
    out_date: entry.clock_out_at ? localDateOf(entry.clock_out_at, zone) : "",
    out_time: entry.clock_out_at ? localTimeOf(entry.clock_out_at, zone) : "",
    breaks: entry.breaks.map((item) => ({
      start: localTimeOf(item.starts_at, zone),
      end: item.ends_at ? localTimeOf(item.ends_at, zone) : "",
    })),
    note: entry.note ?? "",
    reason: "",
  };
}

/** A forgotten day: 09:00–17:00 on the date, on the person's job when they have one. */
export function newEntryValues(date: string, jobId: string | null): EntryFormValues {
  return {
    job_id: jobId,
    in_date: date,
    in_time: "09:00",
    out_date: date,
    out_time: "17:00",
    breaks: [],
    note: "",
    reason: "",
  };
}

/** The instant of a wall-clock time on the first day from `date` on where it is not before `notBefore`. */
export function timeFrom(date: string, time: string, zone: string, notBefore: string): string {
  const same = instantAt(date, time, zone);
  return Date.parse(same) >= Date.parse(notBefore) ? same : instantAt(addDays(date, 1), time, zone);
}

export interface EntryInstants {
  clockIn: string | null;
  /** null: left open (or not readable yet: see outGiven). */
  clockOut: string | null;
  outGiven: boolean;
  /** Each break's instants; null where a time is not readable yet (an end "" is an open break). */
  breaks: { starts_at: string | null; ends_at: string | null }[];
}

/** The typed times as instants, where they are complete. */
export function instantsOf(values: EntryFormValues, zone: string): EntryInstants {
  const clockIn =
    isDate(values.in_date) && isTime(values.in_time) ? instantAt(values.in_date, values.in_time, zone) : null;
  const outGiven = values.out_date !== "" || values.out_time !== "";
  const clockOut =
    isDate(values.out_date) && isTime(values.out_time) ? instantAt(values.out_date, values.out_time, zone) : null;
  const breaks = values.breaks.map((item) => {
    if (!clockIn || !isDate(values.in_date) || !isTime(item.start)) return { starts_at: null, ends_at: null };
    const startsAt = timeFrom(values.in_date, item.start, zone, clockIn);
    const endsAt = isTime(item.end) ? timeFrom(localDateOf(startsAt, zone), item.end, zone, startsAt) : null;
    return { starts_at: startsAt, ends_at: endsAt };
  });
  return { clockIn, clockOut, outGiven, breaks };
}

const sameBreaks = (a: readonly BreakValues[], b: readonly BreakValues[]) =>
  a.length === b.length && a.every((item, index) => item.start === b[index]?.start && item.end === b[index]?.end);

/** What the manager changed, part by part (the reason is not a change of the entry). */
export function changedParts(initial: EntryFormValues, values: EntryFormValues): Set<EntryPart> {
  const parts = new Set<EntryPart>();
  if ((initial.job_id ?? null) !== (values.job_id ?? null)) parts.add("job");
  if (initial.in_date !== values.in_date || initial.in_time !== values.in_time) parts.add("in");
  if (initial.out_date !== values.out_date || initial.out_time !== values.out_time) parts.add("out");
  if (!sameBreaks(initial.breaks, values.breaks)) parts.add("breaks");
  if (initial.note.trim() !== values.note.trim()) parts.add("note");
  return parts;
}

/**
 * Whether the breaks go with a save: when they changed, or when the
 * clock-in moved to another day (breaks are typed from the clock-in's day,
 * so they move with it).
 */
function sendsBreaks(initial: EntryFormValues, values: EntryFormValues, parts: Set<EntryPart>): boolean {
  return parts.has("breaks") || (parts.has("in") && initial.in_date !== values.in_date && values.breaks.length > 0);
}

const noteOf = (value: string): string | null => value.trim() || null;

/**
 * PATCH /api/time-clock/entries/:id's body: the version the editor saw, the
 * reason, and only what changed (an unchanged clock-out of a forgotten
 * entry, say, is left as it is).
 */
export function entryUpdateBody(
  initial: EntryFormValues,
  values: EntryFormValues,
  base: Pick<TimeEntry, "version">,
  zone: string,
): EntryUpdate {
  const parts = changedParts(initial, values);
  const times = instantsOf(values, zone);
  const body: EntryUpdate = { version: base.version, reason: values.reason.trim() };
  if (parts.has("job")) body.job_id = values.job_id;
  if (parts.has("in") && times.clockIn) body.clock_in_at = times.clockIn;
  if (parts.has("out") && times.clockOut) body.clock_out_at = times.clockOut;
  if (sendsBreaks(initial, values, parts)) {
    body.breaks = times.breaks.map((item) => ({ starts_at: item.starts_at ?? "", ends_at: item.ends_at ?? "" }));
  }
  if (parts.has("note")) body.note = noteOf(values.note);
  return body;
}

/** POST /api/time-clock/entries's body: the whole entry for the person, with the reason. */
export function entryCreateBody(values: EntryFormValues, userId: string, zone: string): EntryCreate {
  const times = instantsOf(values, zone);
  return {
    user_id: userId,
    job_id: values.job_id,
    clock_in_at: times.clockIn ?? "",
    clock_out_at: times.clockOut ?? "",
    breaks: times.breaks.map((item) => ({ starts_at: item.starts_at ?? "", ends_at: item.ends_at ?? "" })),
    note: noteOf(values.note),
    reason: values.reason.trim(),
  };
}

/** A save changes nothing but marks the entry reviewed (a flagged entry checked and found right). */
export function onlyReviews(body: EntryUpdate): boolean {
  return Object.keys(body).every((key) => key === "version" || key === "reason");
}

/**
 * The API's field names → the form's (`breaks.2` is that break's start), and
 * the server's employee-worded "over a week" key → the managers' 24-hour one.
 */
export function entryFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, rawKey] of Object.entries(fields)) {
    const key = rawKey === "timeClock.entryTooLong" ? "timeClock.entryOverDay" : rawKey;
    const breakIndex = /^breaks\.(\d+)(?:\.(starts_at|ends_at))?$/.exec(field);
    if (breakIndex) {
      out[`breaks.${breakIndex[1]}.${breakIndex[2] === "ends_at" ? "end" : "start"}`] = key;
      continue;
    }
    switch (field) {
      case "clock_in_at":
        out.in_time = key;
        break;
      case "clock_out_at":
        out.out_time = key;
        break;
      case "breaks":
        out.breaks = key;
        break;
      case "job_id":
        out.job_id = key;
        break;
      case "note":
        out.note = key;
        break;
      case "reason":
        out.reason = key;
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * The form's rules, run before saving: complete times (every break typed
 * with its end), the entry's shape rules shared with the server
 * (time-entry-rules.ts) on the times that are, then the API's own schema on
 * the body (reason required, note length). Whether a time is in the future
 * is left to the server's clock.
 */
export function validateEntry(
  values: EntryFormValues,
  zone: string,
  mode: { kind: "create"; userId: string } | { kind: "edit"; initial: EntryFormValues; base: TimeEntry },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const times = instantsOf(values, zone);
  if (!isDate(values.in_date)) errors.in_date = "timeClock.timeRequired";
  if (!isTime(values.in_time)) errors.in_time = "timeClock.timeRequired";

  const wasOpen = mode.kind === "edit" && mode.base.clock_out_at === null;
  if (times.outGiven || !wasOpen) {
    if (!isDate(values.out_date)) errors.out_date = "timeClock.timeRequired";
    if (!isTime(values.out_time)) errors.out_time = times.outGiven ? "timeClock.timeRequired" : "timeClock.outRequired";
  }

  const parts = mode.kind === "edit" ? changedParts(mode.initial, values) : null;
  const breaksSent = mode.kind === "create" || (parts !== null && sendsBreaks(mode.initial, values, parts));
  /** The breaks the shape rules check: the complete ones, each with its place in the form. */
  const complete: { index: number; starts_at: string; ends_at: string }[] = [];
  if (breaksSent) {
    values.breaks.forEach((item, index) => {
      const at = times.breaks[index];
      if (!isTime(item.start) || !at?.starts_at) errors[`breaks.${index}.start`] = "timeClock.timeRequired";
      else if (!isTime(item.end) || !at.ends_at) {
        errors[`breaks.${index}.end`] = item.end === "" ? "timeClock.breakEndRequired" : "timeClock.timeRequired";
      } else complete.push({ index, starts_at: at.starts_at, ends_at: at.ends_at });
    });
  }
  if (times.clockIn) {
    const problems = timeEntryProblems({ clock_in_at: times.clockIn, clock_out_at: times.clockOut, breaks: complete });
    for (const problem of problems) {
      const breakAt = /^breaks\.(\d+)$/.exec(problem.field);
      const field = breakAt ? `breaks.${complete[Number(breakAt[1])]?.index}` : problem.field;
      Object.assign(errors, entryFieldErrors({ [field]: problem.key }));
    }
  }

  if (Object.keys(errors).length === 0) {
    const parsed =
      mode.kind === "create"
        ? entryCreateSchema.safeParse(entryCreateBody(values, mode.userId, zone))
        : entryUpdateSchema.safeParse(entryUpdateBody(mode.initial, values, mode.base, zone));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".");
        Object.assign(errors, entryFieldErrors({ [field]: issue.message }));
      }
    }
  }
  return errors;
}

/**
 * After a 409 (someone changed the entry meanwhile): the current version
 * where the manager changed nothing, their own changes kept where they did.
 * The form then shows exactly what saving again would make of it.
 */
export function rebaseValues(
  initial: EntryFormValues,
  values: EntryFormValues,
  current: EntryFormValues,
): EntryFormValues {
  const parts = changedParts(initial, values);
  return {
    job_id: parts.has("job") ? values.job_id : current.job_id,
    in_date: parts.has("in") ? values.in_date : current.in_date,
    in_time: parts.has("in") ? values.in_time : current.in_time,
    out_date: parts.has("out") ? values.out_date : current.out_date,
    out_time: parts.has("out") ? values.out_time : current.out_time,
    breaks: parts.has("breaks") ? values.breaks : current.breaks,
    note: parts.has("note") ? values.note : current.note,
    reason: values.reason,
  };
}

/**
 * The entry's length as typed, for the line under the times: elapsed
 * minutes, breaks (the ones with both ends) and what is left, or null while
 * incomplete. The timesheet's own figures (rounding, flags) come from the API.
 */
export function typedLength(
  values: EntryFormValues,
  zone: string,
): { minutes: number; breakMinutes: number; workedMinutes: number } | null {
  const times = instantsOf(values, zone);
  if (!times.clockIn || !times.clockOut) return null;
  const minutes = Math.round((Date.parse(times.clockOut) - Date.parse(times.clockIn)) / MINUTE);
  if (minutes <= 0) return null;
  const breakMinutes = times.breaks.reduce(
    (sum, item) =>
      item.starts_at && item.ends_at
        ? sum + Math.max(0, Math.round((Date.parse(item.ends_at) - Date.parse(item.starts_at)) / MINUTE))
        : sum,
    0,
  );
  return { minutes, breakMinutes, workedMinutes: Math.max(0, minutes - breakMinutes) };
}
