/**
 * The availability editor's model and its way to and from the contracts'
 * shapes (availability.ts). A week is seven days (0 = Sunday), each a list of
 * windows as typed: a kind, the whole day or from–to wall-clock times. A
 * time input cannot say "24:00", so an end typed as 00:00 is the day's end.
 * Pure: the editor, the summary and their tests share it.
 */
import {
  AVAILABILITY_WINDOWS_MAX,
  type AvailabilityChange,
  type AvailabilityKind,
  type AvailabilityRule,
  type AvailabilityWindow,
  compareDates,
} from "@workshift/contracts";

export type WeeklyKind = "unavailable" | "prefer";

export interface WindowDraft<K extends AvailabilityKind = WeeklyKind> {
  kind: K;
  wholeDay: boolean;
  /** "HH:MM" as typed; ignored for the whole day. */
  start: string;
  /** "HH:MM" as typed; "00:00" is the day's end. */
  end: string;
}

/** Seven days, 0 = Sunday … 6 = Saturday. */
export type WeekDraft = WindowDraft[][];

export interface ExceptionDraft extends WindowDraft<AvailabilityKind> {
  date: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_END = "24:00";

export const emptyWeek = (): WeekDraft => Array.from({ length: 7 }, () => []);

export const newWindow = (kind: WeeklyKind = "unavailable"): WindowDraft => ({
  kind,
  wholeDay: true,
  start: "09:00",
  end: "17:00",
});

/** A stored end as a time input shows it: the day's end (24:00) is 00:00. */
export const endForInput = (end: string): string => (end === DAY_END ? "00:00" : end);
/** A typed end as the contracts take it: 00:00 is the day's end (24:00). */
export const endForRule = (end: string): string => (end === "00:00" ? DAY_END : end);

const isWeekly = (rule: AvailabilityRule): boolean => rule.weekday !== null;

/** Whether a weekly rule holds on `date` (YYYY-MM-DD). */
export function holdsOn(rule: AvailabilityRule, date: string): boolean {
  if (!isWeekly(rule)) return false;
  if (rule.effective_from !== null && compareDates(rule.effective_from, date) > 0) return false;
  return rule.effective_until === null || compareDates(rule.effective_until, date) >= 0;
}

function draftOf(rule: AvailabilityRule): WindowDraft<AvailabilityKind> {
  const whole = rule.start === null || rule.end === null;
  return {
    kind: rule.kind,
    wholeDay: whole,
    start: whole ? "09:00" : (rule.start ?? "09:00"),
    end: whole ? "17:00" : endForInput(rule.end ?? "17:00"),
  };
}

const byStart = (a: { start?: string | null }, b: { start?: string | null }) =>
  (a.start ?? "").localeCompare(b.start ?? "");

/** The weekly pattern in force on `date`, as the editor starts from it (an "available" rule is never weekly). */
export function weekFromRules(rules: readonly AvailabilityRule[], date: string): WeekDraft {
  const week = emptyWeek();
  const holding = rules.filter((rule) => holdsOn(rule, date) && rule.kind !== "available").sort(byStart);
  for (const rule of holding) {
    const day = week[rule.weekday ?? -1];
    if (day) day.push(draftOf(rule) as WindowDraft);
  }
  return week;
}

function windowTimes(draft: WindowDraft<AvailabilityKind>): { start?: string; end?: string } {
  return draft.wholeDay ? {} : { start: draft.start, end: endForRule(draft.end) };
}

/** The week as POST /api/my/requests takes it: a weekly change from `effectiveFrom`, days in order, windows by start. */
export function weeklyChange(week: WeekDraft, effectiveFrom: string): AvailabilityChange {
  const windows: AvailabilityWindow[] = week.flatMap((day, weekday) =>
    [...day]
      .sort((a, b) => byStart(windowTimes(a), windowTimes(b)))
      .map((draft) => ({ weekday, kind: draft.kind, ...windowTimes(draft) })),
  );
  return { type: "weekly", effective_from: effectiveFrom, windows };
}

/** One date's exception as POST /api/my/requests takes it. */
export function exceptionChange(draft: ExceptionDraft): AvailabilityChange {
  return { type: "exception", date: draft.date, kind: draft.kind, ...windowTimes(draft) };
}

/** A window's problems, keyed "start"/"end", as validation message keys (the contracts' own). */
export function windowProblems(draft: WindowDraft<AvailabilityKind>): Record<string, string> {
  if (draft.wholeDay) return {};
  const problems: Record<string, string> = {};
  if (!TIME.test(draft.start)) problems.start = "availability.timeInvalid";
  if (!TIME.test(draft.end)) problems.end = "availability.timeInvalid";
  if (Object.keys(problems).length === 0 && endForRule(draft.end) <= draft.start) {
    problems.end = "availability.endBeforeStart";
  }
  return problems;
}

/** The week's problems, keyed "<weekday>.<index>.start|end", and "windows" when it holds too many. */
export function weekProblems(week: WeekDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  week.forEach((day, weekday) => {
    day.forEach((draft, index) => {
      for (const [field, key] of Object.entries(windowProblems(draft))) problems[`${weekday}.${index}.${field}`] = key;
    });
  });
  if (countWindows(week) > AVAILABILITY_WINDOWS_MAX) problems.windows = "availability.tooMany";
  return problems;
}

export const countWindows = (week: WeekDraft): number => week.reduce((sum, day) => sum + day.length, 0);

/** Whether two weeks say the same (the order of windows within a day aside). */
export function sameWeek(a: WeekDraft, b: WeekDraft): boolean {
  const text = (week: WeekDraft) => JSON.stringify(weeklyChange(week, "2000-01-01"));
  return text(a) === text(b);
}

/** A weekly pattern as stored: from when (and until when) it holds, and its windows. */
export interface PatternSummary {
  effectiveFrom: string | null;
  effectiveUntil: string | null;
  /** In force on `today` (else it starts later). */
  current: boolean;
  rules: AvailabilityRule[];
}

/**
 * The weekly patterns of GET /api/my/availability, the one in force first and
 * then those that start later; patterns that ended before today are left out.
 * Rules sharing their dates are one pattern.
 */
export function weeklyPatterns(rules: readonly AvailabilityRule[], today: string): PatternSummary[] {
  const groups = new Map<string, PatternSummary>();
  for (const rule of rules.filter(isWeekly)) {
    if (rule.effective_until !== null && compareDates(rule.effective_until, today) < 0) continue;
    const key = `${rule.effective_from ?? ""}|${rule.effective_until ?? ""}`;
    const group = groups.get(key) ?? {
      effectiveFrom: rule.effective_from,
      effectiveUntil: rule.effective_until,
      current: holdsOn(rule, today),
      rules: [],
    };
    group.rules.push(rule);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.rules.sort((a, b) => (a.weekday ?? 0) - (b.weekday ?? 0) || byStart(a, b));
  }
  return [...groups.values()].sort((a, b) =>
    compareDates(a.effectiveFrom ?? "0000-01-01", b.effectiveFrom ?? "0000-01-01"),
  );
}

/** The exceptions from today on, by date. */
export function upcomingExceptions(rules: readonly AvailabilityRule[], today: string): AvailabilityRule[] {
  return rules
    .filter((rule) => rule.date !== null && compareDates(rule.date, today) >= 0)
    .sort((a, b) => compareDates(a.date ?? "", b.date ?? "") || byStart(a, b));
}

/** The days of a week from its first (weekStart 0 = Sunday; the organization's, as /my/shifts cuts weeks). */
export function orderedWeekdays(weekStart: number): number[] {
  return Array.from({ length: 7 }, (_, index) => (weekStart + index) % 7);
}

/** A pattern's rules as the windows of a week (an "available" rule is an exception's, never a week's). */
export function windowsOf(
  rules: readonly AvailabilityRule[],
): { weekday: number; kind: WeeklyKind; start: string | null; end: string | null }[] {
  return rules.flatMap((rule) =>
    rule.weekday !== null && rule.kind !== "available"
      ? [{ weekday: rule.weekday, kind: rule.kind, start: rule.start, end: rule.end }]
      : [],
  );
}
