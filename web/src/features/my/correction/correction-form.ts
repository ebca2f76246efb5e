/**
 * "Correct my time": the form's values and rules. Times are typed as the wall
 * clock of the entry's zone (GET /api/my/entries gives each entry's, and the
 * organization's for a missed one) and turned into instants by the
 * contracts' instantAt; each break's times fall on the first such time from
 * the clock-in on (a break after midnight is on the next day). The entry's
 * shape rules and the API's own schema then run on the body the form would
 * send, so the form and the server refuse the same things with the same keys.
 */
import {
  addDays,
  instantAt,
  localDateOf,
  localTimeOf,
  type MyEntry,
  type RequestCreate,
  requestCreateSchema,
  timeEntryProblems,
} from "@workshift/contracts";
import { isBoardDate } from "../../../lib/board-url.ts";

export interface BreakValues {
  start: string;
  end: string;
}

export interface CorrectionValues {
  /** The entry corrected; null: a missed entry, to be added. */
  entry_id: string | null;
  job_id: string | null;
  in_date: string;
  in_time: string;
  out_date: string;
  out_time: string;
  breaks: BreakValues[];
  reason: string;
}

/** Whether an entry can be corrected: not in an approved period, and no correction of it waiting. */
export type EntryState = "open" | "locked" | "waiting";

export const entryState = (entry: MyEntry): EntryState =>
  entry.locked ? "locked" : entry.pending_request_id !== null ? "waiting" : "open";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTime = (value: string) => TIME.test(value);

/** The entry as it is, to be corrected; a clock-out not made yet is left to type. */
export function correctionValues(entry: MyEntry): CorrectionValues {
  const zone = entry.time_zone;
  return {
    entry_id: entry.id,
    job_id: entry.job_id,
    in_date: localDateOf(entry.clock_in_at, zone),
    in_time: localTimeOf(entry.clock_in_at, zone),
    out_date: entry.clock_out_at ? localDateOf(entry.clock_out_at, zone) : localDateOf(entry.clock_in_at, zone),
    out_time: entry.clock_out_at ? localTimeOf(entry.clock_out_at, zone) : "",
    breaks: entry.breaks.map((item) => ({
      start: localTimeOf(item.starts_at, zone),
      end: item.ends_at ? localTimeOf(item.ends_at, zone) : "",
    })),
    reason: "",
  };
}

/** A missed entry ("I forgot to clock in"): the date's 09:00–17:00 on the only job, to be set right. */
export function missedValues(date: string, jobId: string | null): CorrectionValues {
  return {
    entry_id: null,
    job_id: jobId,
    in_date: date,
    in_time: "09:00",
    out_date: date,
    out_time: "17:00",
    breaks: [],
    reason: "",
  };
}

/** The instant of a wall-clock time on the first day from `date` on where it is not before `notBefore`. */
function timeFrom(date: string, time: string, zone: string, notBefore: string): string {
  const same = instantAt(date, time, zone);
  return Date.parse(same) >= Date.parse(notBefore) ? same : instantAt(addDays(date, 1), time, zone);
}

interface Instants {
  clockIn: string | null;
  clockOut: string | null;
  breaks: { starts_at: string | null; ends_at: string | null }[];
}

function instantsOf(values: CorrectionValues, zone: string): Instants {
  const clockIn =
    isBoardDate(values.in_date) && isTime(values.in_time) ? instantAt(values.in_date, values.in_time, zone) : null;
  const clockOut =
    isBoardDate(values.out_date) && isTime(values.out_time) ? instantAt(values.out_date, values.out_time, zone) : null;
  const breaks = values.breaks.map((item) => {
    if (!clockIn || !isTime(item.start)) return { starts_at: null, ends_at: null };
    const startsAt = timeFrom(values.in_date, item.start, zone, clockIn);
    const endsAt = isTime(item.end) ? timeFrom(localDateOf(startsAt, zone), item.end, zone, startsAt) : null;
    return { starts_at: startsAt, ends_at: endsAt };
  });
  return { clockIn, clockOut, breaks };
}

/** POST /api/my/requests's body for the correction. */
export function correctionBody(values: CorrectionValues, zone: string): RequestCreate {
  const times = instantsOf(values, zone);
  return {
    kind: "correction",
    entry_id: values.entry_id,
    job_id: values.job_id,
    clock_in_at: times.clockIn ?? "",
    clock_out_at: times.clockOut ?? "",
    breaks: times.breaks.map((item) => ({ starts_at: item.starts_at ?? "", ends_at: item.ends_at ?? "" })),
    reason: values.reason.trim(),
  };
}

/** The API's field names → the form's (`breaks.2` is that break's start). */
export function correctionFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) {
    const breakAt = /^breaks\.(\d+)(?:\.(starts_at|ends_at))?$/.exec(field);
    if (breakAt) out[`breaks.${breakAt[1]}.${breakAt[2] === "ends_at" ? "end" : "start"}`] = key;
    else if (field === "clock_in_at") out.in_time = key;
    else if (field === "clock_out_at") out.out_time = key;
    else if (field === "breaks" || field === "job_id" || field === "reason") out[field] = key;
  }
  return out;
}

/**
 * The form's problems (validation message keys by field): complete times,
 * the entry's shape rules (time-entry-rules.ts), then the API's schema on the
 * body (reason required, its length). Whether a time is in the future is the
 * server's clock's to say.
 */
export function correctionProblems(values: CorrectionValues, zone: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const times = instantsOf(values, zone);
  if (!isBoardDate(values.in_date)) errors.in_date = "timeClock.timeRequired";
  if (!isTime(values.in_time)) errors.in_time = "timeClock.timeRequired";
  if (!isBoardDate(values.out_date)) errors.out_date = "timeClock.timeRequired";
  if (!isTime(values.out_time))
    errors.out_time = values.out_time === "" ? "timeClock.outRequired" : "timeClock.timeRequired";

  const complete: { index: number; starts_at: string; ends_at: string }[] = [];
  values.breaks.forEach((item, index) => {
    const at = times.breaks[index];
    if (!isTime(item.start) || !at?.starts_at) errors[`breaks.${index}.start`] = "timeClock.timeRequired";
    else if (!isTime(item.end) || !at.ends_at) {
      errors[`breaks.${index}.end`] = item.end === "" ? "timeClock.breakEndRequired" : "timeClock.timeRequired";
    } else complete.push({ index, starts_at: at.starts_at, ends_at: at.ends_at });
  });
  if (times.clockIn) {
    const problems = timeEntryProblems({ clock_in_at: times.clockIn, clock_out_at: times.clockOut, breaks: complete });
    for (const problem of problems) {
      const breakAt = /^breaks\.(\d+)$/.exec(problem.field);
      const field = breakAt ? `breaks.${complete[Number(breakAt[1])]?.index}` : problem.field;
      for (const [name, key] of Object.entries(correctionFieldErrors({ [field]: problem.key }))) errors[name] ??= key;
    }
  }
  if (Object.keys(errors).length === 0) {
    const parsed = requestCreateSchema.safeParse(correctionBody(values, zone));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        Object.assign(errors, correctionFieldErrors({ [issue.path.join(".")]: issue.message }));
      }
    }
  }
  return errors;
}

/** Whether the typed times say what the entry already says (a correction that changes nothing). */
export function changesNothing(values: CorrectionValues, initial: CorrectionValues | null): boolean {
  if (initial === null) return false;
  const times = (v: CorrectionValues) =>
    JSON.stringify([v.job_id, v.in_date, v.in_time, v.out_date, v.out_time, v.breaks]);
  return times(values) === times(initial);
}
