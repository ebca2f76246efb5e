import type { InboxItem, RequestImpact, RequestShift, ShiftWarning } from "@workshift/contracts";
import type { TFunction } from "i18next";
import { type Names, nameOf } from "./people-names.ts";
import {
  formatDay,
  formatDayOf,
  formatDuration,
  formatHours,
  formatHoursChange,
  formatMoney,
  formatMoneyChange,
  formatTimeRange,
  isolate,
} from "./request-format.ts";
import { timesText } from "./request-text.ts";

/**
 * The impact of a yes, as a manager reads it: who works each shift after,
 * each person's hours that week before → after against the limit, the rules
 * it would break, the clashes with availability and time off, the coverage
 * left that day, and for a correction the entry and the pay before → after.
 * Pure: the figures are the API's, these only put them into words.
 */
type T = TFunction<"requests">;

export interface AssignmentLine {
  shiftId: string;
  /** The shift it moves, when the request shows it ("Mon, Mar 2 · 09:00–17:00"). */
  shift: string | null;
  /** Who works it now and after; "Open" when nobody. */
  from: string;
  to: string;
}

function shiftLabel(shift: RequestShift, language: string | undefined, t: T): string {
  const range = formatTimeRange(shift.starts_at, shift.ends_at, shift.time_zone, language);
  return t("impact.shiftLabel", {
    day: isolate(formatDayOf(shift.starts_at, shift.time_zone, language)),
    times: timesText({ start: range.start, end: range.end ?? "", plusDays: range.plusDays }, t),
  });
}

export function assignmentLines(item: InboxItem, names: Names, language: string | undefined, t: T): AssignmentLine[] {
  const impact = item.impact;
  if (!impact) return [];
  const shifts = [item.shift, item.other_shift].filter((shift): shift is RequestShift => shift !== null);
  const who = (userId: string | null) => (userId === null ? t("impact.open") : nameOf(names, userId, t("someone")));
  return impact.assignments.map((assignment) => {
    const shift = shifts.find((candidate) => candidate.id === assignment.shift_id);
    return {
      shiftId: assignment.shift_id,
      shift: shift ? shiftLabel(shift, language, t) : null,
      from: who(assignment.from_user_id),
      to: who(assignment.to_user_id),
    };
  });
}

export interface HoursLine {
  userId: string;
  name: string;
  /** The week's first day ("Mar 2"). */
  week: string;
  before: string;
  after: string;
  /** "+8 hr"; empty when nothing changes. */
  change: string;
  /** The board's weekly limit ("40 hr"); null when there is none. */
  limit: string | null;
  /** After the change the person works more than the limit. */
  over: boolean;
  /** …and did not before: the yes makes the overtime. */
  newlyOver: boolean;
  /** By how much the week goes over the limit ("+2 hr"), when it does. */
  overBy: string | null;
}

export function hoursLines(impact: RequestImpact, names: Names, language: string | undefined, t: T): HoursLine[] {
  return impact.hours.map((hours) => {
    const hasLimit = hours.limit_minutes > 0;
    const over = hasLimit && hours.after_minutes > hours.limit_minutes;
    const wasOver = hasLimit && hours.before_minutes > hours.limit_minutes;
    const delta = hours.after_minutes - hours.before_minutes;
    return {
      userId: hours.user_id,
      name: nameOf(names, hours.user_id, t("someone")),
      week: formatDay(hours.week_start, language),
      before: formatHours(hours.before_minutes, language),
      after: formatHours(hours.after_minutes, language),
      change: delta === 0 ? "" : formatHoursChange(delta, language),
      limit: hasLimit ? formatHours(hours.limit_minutes, language) : null,
      over,
      newlyOver: over && !wasOver,
      overBy: over ? formatHoursChange(hours.after_minutes - hours.limit_minutes, language) : null,
    };
  });
}

export interface WarningLine {
  key: string;
  kind: ShiftWarning["kind"];
  text: string;
  /** Overtime costs money: it stands out more than the other rules. */
  tone: "overtime" | "rule";
}

/** A rule the yes would break, in the schedule's own words with the person's name. */
export function warningText(warning: ShiftWarning, names: Names, language: string | undefined, t: T): string {
  const name = isolate(nameOf(names, warning.user_id, t("someone")));
  switch (warning.kind) {
    case "short_rest":
      return t("warning.shortRest", {
        name,
        rest: isolate(formatDuration(warning.minutes, language)),
        rule: isolate(formatDuration(warning.limit_minutes, language)),
      });
    case "daily_overtime":
      return t("warning.dailyOvertime", {
        name,
        hours: isolate(formatHours(warning.minutes, language)),
        day: isolate(warning.date ? formatDay(warning.date, language) : t("warning.thatDay")),
        limit: isolate(formatHours(warning.limit_minutes, language)),
      });
    case "weekly_overtime":
      return t("warning.weeklyOvertime", {
        name,
        hours: isolate(formatHours(warning.minutes, language)),
        limit: isolate(formatHours(warning.limit_minutes, language)),
      });
    case "not_on_job":
      return t("warning.notOnJob", { name });
    case "unavailable":
      return warning.note?.trim()
        ? t("warning.unavailableNote", { name, note: isolate(warning.note.trim()) })
        : t("warning.unavailable", { name });
    default:
      return t("warning.other", { name });
  }
}

export function warningLines(impact: RequestImpact, names: Names, language: string | undefined, t: T): WarningLine[] {
  return impact.warnings.map((warning, index) => ({
    key: `${warning.kind}-${warning.user_id}-${warning.shift_id ?? ""}-${index}`,
    kind: warning.kind,
    text: warningText(warning, names, language, t),
    tone: warning.kind === "daily_overtime" || warning.kind === "weekly_overtime" ? "overtime" : "rule",
  }));
}

/**
 * Clashes with availability and time off, in words. A shift that already
 * has an "unavailable" warning for the same person is said once (the warning
 * carries their note).
 */
export function conflictLines(item: InboxItem, names: Names, language: string | undefined, t: T): string[] {
  const impact = item.impact;
  if (!impact) return [];
  const warned = new Set(
    impact.warnings.filter((w) => w.kind === "unavailable").map((w) => `${w.user_id}|${w.shift_id ?? ""}`),
  );
  const lines: string[] = [];
  for (const conflict of impact.availability_conflicts) {
    if (warned.has(`${conflict.user_id}|${conflict.shift_id}`)) continue;
    const range = formatTimeRange(conflict.starts_at, conflict.ends_at, conflict.time_zone, language);
    const values = {
      name: isolate(nameOf(names, conflict.user_id, t("someone"))),
      day: isolate(formatDayOf(conflict.starts_at, conflict.time_zone, language)),
      times: timesText({ start: range.start, end: range.end ?? "", plusDays: range.plusDays }, t),
    };
    lines.push(item.kind === "availability" ? t("conflict.publishedShift", values) : t("conflict.unavailable", values));
  }
  for (const conflict of impact.time_off_conflicts) {
    lines.push(
      t("conflict.timeOff", {
        name: isolate(nameOf(names, conflict.user_id, t("someone"))),
        day: isolate(formatDay(conflict.date, language)),
      }),
    );
  }
  return lines;
}

export interface CoverageView {
  /** "Barista on Mon, Mar 2". */
  title: string;
  assigned: { before: string; after: string; change: number };
  open: { before: string; after: string; change: number };
  /** The yes leaves more of the day open than before (a shift given back, a swap away). */
  opensGap: boolean;
}

export function coverageView(item: InboxItem, language: string | undefined, t: T): CoverageView | null {
  const coverage = item.impact?.coverage;
  if (!coverage) return null;
  const shiftJob = [item.shift, item.other_shift].find((shift) => shift?.job?.id === coverage.job_id)?.job ?? null;
  const day = isolate(formatDay(coverage.date, language));
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  return {
    title: shiftJob
      ? t("coverage.titleJob", { job: isolate(shiftJob.name), day })
      : coverage.job_id === null
        ? t("coverage.titleNoJob", { day })
        : t("coverage.title", { day }),
    assigned: {
      before: count(coverage.assigned_before),
      after: count(coverage.assigned_after),
      change: coverage.assigned_after - coverage.assigned_before,
    },
    open: {
      before: count(coverage.open_before),
      after: count(coverage.open_after),
      change: coverage.open_after - coverage.open_before,
    },
    opensGap: coverage.open_after > coverage.open_before,
  };
}

export interface EntrySide {
  day: string;
  times: string;
  breaks: string | null;
  worked: string;
}

export interface EntryView {
  /** Null: a missed entry (nothing before). */
  before: EntrySide | null;
  after: EntrySide;
  /** Worked time added or taken away ("+45 min"); empty when the same. */
  workedChange: string;
  /** The pay before (nothing for a missed entry) → after, in the organization's currency; null when the person has no rate. */
  pay: { before: string; after: string } | null;
  /** The pay difference ("+$12.50"); null when the person has no rate. */
  payChange: string | null;
  /** The pay goes up, down or stays. */
  payDirection: "up" | "down" | "same" | null;
}

type EntryTimes = NonNullable<NonNullable<RequestImpact["entry"]>["after"]>;

function entrySide(entry: EntryTimes, zone: string, language: string | undefined, t: T): EntrySide {
  const range = formatTimeRange(entry.clock_in_at, entry.clock_out_at, zone, language);
  return {
    day: formatDayOf(entry.clock_in_at, zone, language),
    times:
      range.end === null
        ? isolate(t("entry.stillIn", { start: range.start }))
        : timesText({ start: range.start, end: range.end, plusDays: range.plusDays }, t),
    breaks:
      entry.break_minutes > 0 ? t("entry.breaks", { duration: formatDuration(entry.break_minutes, language) }) : null,
    worked: formatDuration(entry.worked_minutes, language),
  };
}

/** A correction's entry before → after and what it changes in time and pay, in the zone its day is read in. */
export function entryView(impact: RequestImpact, zone: string, language: string | undefined, t: T): EntryView | null {
  const entry = impact.entry;
  if (!entry) return null;
  const before = entry.before ? entrySide(entry.before, zone, language, t) : null;
  const after = entrySide(entry.after, zone, language, t);
  const workedDelta = entry.after.worked_minutes - (entry.before?.worked_minutes ?? 0);
  const payDelta = entry.pay_after === null ? null : entry.pay_after - (entry.pay_before ?? 0);
  return {
    before,
    after,
    pay:
      entry.pay_after === null
        ? null
        : {
            before: formatMoney(entry.pay_before ?? 0, entry.currency, language),
            after: formatMoney(entry.pay_after, entry.currency, language),
          },
    workedChange: workedDelta === 0 ? "" : `${workedDelta > 0 ? "+" : ""}${formatDuration(workedDelta, language)}`,
    payChange: payDelta === null ? null : formatMoneyChange(payDelta, entry.currency, language),
    payDirection: payDelta === null ? null : payDelta > 0.004 ? "up" : payDelta < -0.004 ? "down" : "same",
  };
}

/** Whether the impact has anything to say beyond the assignments (a quiet "no warnings" otherwise). */
export function hasConcerns(impact: RequestImpact): boolean {
  return (
    impact.blockers.length > 0 ||
    impact.warnings.length > 0 ||
    impact.availability_conflicts.length > 0 ||
    impact.time_off_conflicts.length > 0 ||
    // Time off's own panel says its balance, shifts and others off; "no problems" would read as a verdict on them.
    impact.time_off !== null ||
    impact.hours.some((hours) => hours.limit_minutes > 0 && hours.after_minutes > hours.limit_minutes)
  );
}
