import {
  addDays,
  countRepeatDates,
  localDateOf,
  localTimeOf,
  paidMinutes,
  type Shift,
  type ShiftCheck,
  type ShiftCreate,
  type ShiftUpdate,
  scheduleDateSchema,
  shiftCreateSchema,
  shiftInstants,
  shiftMinutes,
  shiftRepeatProblem,
  shiftUpdateSchema,
  type WeekResponse,
  weekdayOf,
} from "@workshift/contracts";
import type { ShiftDraft } from "./schedule-types.ts";

/**
 * The shift editor's values and rules. Times are typed as the board's wall
 * clock (date + HH:mm) and turned into instants only by the shared time
 * module; the API's own schemas then run on the body the form would send, so
 * the form and the server refuse the same things with the same keys.
 */

/** The person select's value for "no one yet" (an open shift; null in the API). */
export const OPEN_SHIFT = "open";
/** A new shift starts as a day shift; the manager changes it in two keystrokes. */
export const DEFAULT_START = "09:00";
export const DEFAULT_END = "17:00";
/** A new shift started from a picked time lasts as long as the default one (8 hours). */
const DEFAULT_LENGTH_MINUTES = 8 * 60;

/** "HH:mm" plus some minutes, around the clock ("20:00" + 8 h = "04:00"). */
function shiftedTime(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

export type RepeatMode = "none" | "daily" | "weekdays";

export interface ShiftFormValues {
  /** Null until chosen (only on "all", where the manager picks the board). */
  board_id: string | null;
  /** YYYY-MM-DD in the board's zone: the day the shift starts. */
  date: string;
  /** HH:mm; an end at or before the start ends the next day. */
  start: string;
  end: string;
  /** NumberInput's value: a number, or "" when cleared (= 0). */
  break_minutes: number | string;
  job_id: string | null;
  /** A person's id or OPEN_SHIFT. */
  user_id: string;
  note: string;
  repeat: RepeatMode;
  /** "0"…"6" (0 = Sunday) as the chip group holds them. */
  repeat_weekdays: string[];
  /** Last day of the repeat, inclusive. */
  repeat_until: string;
}

export type ShiftField = keyof ShiftFormValues;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (value: string) => TIME.test(value);
export const isDate = (value: string) => scheduleDateSchema.safeParse(value).success;

/** The zone a shift's wall clock is read in: its board's, else the week's. */
export function zoneOf(week: WeekResponse, boardId: string | null): string {
  return week.boards.find((board) => board.id === boardId)?.time_zone ?? week.time_zone;
}

/** The board a new shift goes on: the cell's board when shown here, else the only board, else the manager picks. */
function boardFor(week: WeekResponse, boardId: string): string | null {
  if (week.boards.some((board) => board.id === boardId)) return boardId;
  return week.boards.length === 1 ? (week.boards[0]?.id ?? null) : null;
}

/** A new shift's job: the row's, else the person's only job, when it is not archived. */
function jobFor(week: WeekResponse, draft: ShiftDraft): string | null {
  const active = (id: string | null | undefined) =>
    id && week.jobs.some((job) => job.id === id && !job.is_archived) ? id : null;
  const fromRow = active(draft.jobId);
  if (fromRow) return fromRow;
  const person = week.people.find((p) => p.user_id === draft.userId);
  return person?.job_ids.length === 1 ? active(person.job_ids[0]) : null;
}

/** The form's starting values: an existing shift read in its board's zone, or an empty cell's day and row. */
export function shiftFormValues(week: WeekResponse, draft: ShiftDraft): ShiftFormValues {
  const shift = draft.shift;
  if (shift) return valuesOfShift(week, shift);
  const date = draft.date;
  const picked = draft.start !== undefined && isTime(draft.start);
  return {
    board_id: boardFor(week, draft.boardId),
    date,
    start: picked ? (draft.start as string) : DEFAULT_START,
    end: picked ? shiftedTime(draft.start as string, DEFAULT_LENGTH_MINUTES) : DEFAULT_END,
    break_minutes: 0,
    job_id: jobFor(week, draft),
    user_id: draft.userId ?? OPEN_SHIFT,
    note: "",
    repeat: "none",
    repeat_weekdays: isDate(date) ? [String(weekdayOf(date))] : [],
    repeat_until: isDate(date) ? addDays(date, 27) : date,
  };
}

/** An existing shift as the form shows it (also used to load the current version after a 409). */
export function valuesOfShift(week: WeekResponse, shift: Shift): ShiftFormValues {
  const zone = zoneOf(week, shift.board_id);
  const date = localDateOf(shift.starts_at, zone);
  return {
    board_id: shift.board_id,
    date,
    start: localTimeOf(shift.starts_at, zone),
    end: localTimeOf(shift.ends_at, zone),
    break_minutes: shift.break_minutes,
    job_id: shift.job_id,
    user_id: shift.user_id ?? OPEN_SHIFT,
    note: shift.note ?? "",
    repeat: "none",
    repeat_weekdays: [String(weekdayOf(date))],
    repeat_until: date,
  };
}

/** The instants of the typed wall clock in the board's zone, or null while the date or a time is incomplete. */
export function instantsOf(values: ShiftFormValues, zone: string): { startsAt: string; endsAt: string } | null {
  if (!isDate(values.date) || !isTime(values.start) || !isTime(values.end)) return null;
  return shiftInstants(values.date, values.start, values.end, zone);
}

const breakOf = (value: number | string): number => (value === "" ? 0 : Number(value));
const noteOf = (value: string): string | null => value.trim() || null;
const userOf = (value: string): string | null => (value === OPEN_SHIFT || value === "" ? null : value);

/**
 * The weekdays a repeat runs on. The shift's own day is always one of them,
 * so the first shift is the one the manager typed and the count shown is the
 * count made.
 */
export function repeatWeekdays(values: ShiftFormValues): number[] {
  if (values.repeat === "none") return [];
  if (values.repeat === "daily") return [0, 1, 2, 3, 4, 5, 6];
  const days = new Set(values.repeat_weekdays.map(Number).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  if (isDate(values.date)) days.add(weekdayOf(values.date));
  return [...days].sort((a, b) => a - b);
}

/**
 * How many shifts saving makes: 1 without a repeat; with one, the days from
 * the shift's date to the end date on the chosen weekdays (more than
 * SHIFT_REPEAT_MAX is refused). Null while the dates are incomplete or the end
 * is before the start.
 */
export function repeatCount(values: ShiftFormValues): number | null {
  if (values.repeat === "none") return 1;
  if (!isDate(values.date) || !isDate(values.repeat_until)) return null;
  if (values.repeat_until < values.date) return null;
  return countRepeatDates(values.date, repeatWeekdays(values), values.repeat_until);
}

/** POST /api/schedule/shifts's body (instants from the shared module; the repeat when asked for). */
export function shiftCreateBody(values: ShiftFormValues, zone: string): ShiftCreate {
  const times = instantsOf(values, zone);
  const body: ShiftCreate = {
    board_id: values.board_id ?? "",
    user_id: userOf(values.user_id),
    job_id: values.job_id || null,
    starts_at: times?.startsAt ?? "",
    ends_at: times?.endsAt ?? "",
    break_minutes: breakOf(values.break_minutes),
    note: noteOf(values.note),
  };
  if (values.repeat !== "none") body.repeat = { weekdays: repeatWeekdays(values), until: values.repeat_until };
  return body;
}

/**
 * POST /api/schedule/shifts/check's body: the shift as it would be saved (leaving itself out when edited);
 * a new shift's repeat too, so every shift it makes is checked, not only the first.
 */
export function shiftCheckBody(values: ShiftFormValues, zone: string, shiftId?: string): ShiftCheck {
  const { repeat, ...create } = shiftCreateBody(values, zone);
  const body: ShiftCheck = { ...create, user_id: create.user_id ?? null, job_id: create.job_id ?? null };
  if (shiftId) return { id: shiftId, ...body };
  return repeat ? { ...body, repeat } : body;
}

/**
 * PATCH /api/schedule/shifts/:id's body: the version the editor saw and only
 * what changed (both times when either moved, so the server checks them
 * together with the break).
 */
export function shiftUpdateBody(values: ShiftFormValues, zone: string, shift: Shift): ShiftUpdate {
  const next = shiftCreateBody({ ...values, repeat: "none" }, zone);
  const body: ShiftUpdate = { version: shift.version };
  if (next.board_id !== shift.board_id) body.board_id = next.board_id;
  if (next.user_id !== shift.user_id) body.user_id = next.user_id ?? null;
  if (next.job_id !== shift.job_id) body.job_id = next.job_id ?? null;
  const sameInstant = (a: string, b: string) => a !== "" && Date.parse(a) === Date.parse(b);
  if (!sameInstant(next.starts_at, shift.starts_at) || !sameInstant(next.ends_at, shift.ends_at)) {
    body.starts_at = next.starts_at;
    body.ends_at = next.ends_at;
  }
  if (next.break_minutes !== shift.break_minutes) body.break_minutes = next.break_minutes;
  if ((next.note ?? null) !== shift.note) body.note = next.note ?? null;
  return body;
}

/** Whether an update body changes anything beyond naming the version. */
export const updateChangesSomething = (body: ShiftUpdate) => Object.keys(body).some((key) => key !== "version");

const dateKeys = new Set(["schedule.dateInvalid", "schedule.dateOutOfRange"]);

/**
 * Field → message key for the form, from the API's field names ("starts_at",
 * "repeat.until"…). A date problem on an instant is shown under the date.
 */
export function shiftFieldErrors(fields: Record<string, string>): Partial<Record<ShiftField, string>> {
  const out: Partial<Record<ShiftField, string>> = {};
  const put = (field: ShiftField, message: string) => {
    out[field] ??= message;
  };
  for (const [key, message] of Object.entries(fields)) {
    const [head, sub] = key.split(".");
    if (head === "starts_at") put(dateKeys.has(message) ? "date" : "start", message);
    else if (head === "ends_at") put(dateKeys.has(message) ? "date" : "end", message);
    else if (head === "repeat") put(sub === "weekdays" ? "repeat_weekdays" : "repeat_until", message);
    else if (head === "board_id" || head === "user_id" || head === "job_id" || head === "note" || head === "date")
      put(head, message);
    else if (head === "break_minutes") put("break_minutes", message);
  }
  return out;
}

/** The form's own checks, then the API's schema on the body it would send. */
export function validateShift(
  values: ShiftFormValues,
  week: WeekResponse,
  shift: Shift | null,
): Partial<Record<ShiftField, string>> {
  const errors: Partial<Record<ShiftField, string>> = {};
  if (!values.date) errors.date = "schedule.dateRequired";
  else {
    const date = scheduleDateSchema.safeParse(values.date);
    if (!date.success) errors.date = date.error.issues[0]?.message ?? "schedule.dateInvalid";
  }
  if (!isTime(values.start)) errors.start = values.start ? "schedule.timeInvalid" : "schedule.timeRequired";
  if (!isTime(values.end)) errors.end = values.end ? "schedule.timeInvalid" : "schedule.timeRequired";
  if (values.user_id === "") errors.user_id = "schedule.unknownPerson";
  if (!shift && values.repeat !== "none") {
    if (!isDate(values.repeat_until)) errors.repeat_until = "schedule.dateInvalid";
    else if (isDate(values.date)) {
      // The server's own rule (shift-times.ts), on the weekdays the form would send.
      const problem = shiftRepeatProblem(values.date, repeatWeekdays(values), values.repeat_until);
      if (problem) Object.assign(errors, shiftFieldErrors({ [problem.field]: problem.key }));
    }
  }
  if (Object.keys(errors).length > 0) return errors;

  const zone = zoneOf(week, values.board_id);
  const checked = shift
    ? shiftUpdateSchema.safeParse({ ...shiftCreateBody({ ...values, repeat: "none" }, zone), version: shift.version })
    : shiftCreateSchema.safeParse(shiftCreateBody(values, zone));
  if (checked.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return shiftFieldErrors(fields);
}

export interface ShiftLength {
  /** Real elapsed minutes (a DST night makes a 22:00–06:00 shift 7 or 9 hours). */
  minutes: number;
  /** Elapsed minus the unpaid break. */
  paidMinutes: number;
  /** The end is on the next day. */
  overnight: boolean;
  /** What the clock faces say (22:00–06:00 = 480), to tell when a clock change made the shift longer or shorter. */
  clockMinutes: number;
}

/** The length the editor shows under the times, or null while they are incomplete. */
export function shiftLength(values: ShiftFormValues, zone: string): ShiftLength | null {
  const times = instantsOf(values, zone);
  if (!times) return null;
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const clock = toMinutes(values.end) - toMinutes(values.start);
  const breakMinutes = breakOf(values.break_minutes);
  const minutes = shiftMinutes(times.startsAt, times.endsAt);
  return {
    minutes,
    paidMinutes: Number.isFinite(breakMinutes) ? paidMinutes(times.startsAt, times.endsAt, breakMinutes) : minutes,
    overnight: clock <= 0,
    clockMinutes: clock <= 0 ? clock + 24 * 60 : clock,
  };
}

/** A clock change happened inside the shift: its real length differs from the clock faces'. */
export const acrossClockChange = (length: ShiftLength) => length.minutes !== length.clockMinutes;

/**
 * A length in the reader's language, hours and minutes with Intl's unit
 * names ("9 hr", "7 hr 30 min", "٩ س"): no hand-written plurals.
 */
export function formatDuration(minutes: number, language: string | undefined): string {
  const sign = minutes < 0 ? "-" : "";
  const total = Math.abs(Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const unit = (value: number, name: "hour" | "minute") =>
    new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  if (rest === 0) return sign + unit(hours, "hour");
  if (hours === 0) return sign + unit(rest, "minute");
  return `${sign}${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** A person's name as the editor lists it (invited people may lack one half). */
export function personName(person: { first_name: string | null; last_name: string | null }): string {
  return [person.first_name, person.last_name]
    .filter((part) => part?.trim())
    .join(" ")
    .trim();
}
