import {
  addDays,
  datesBetween,
  type InboxItem,
  type TimeOffCalendarResponse,
  weekdayOf,
  weekStartDate,
} from "@workshift/contracts";

/**
 * The team calendar's layout (pure, so it is tested without a browser): the
 * days a view shows and asks the API for, stepping a view back and forth, the
 * leave of each day and of each person, what a crowded day shows before its
 * "+3 more", and the holidays and blocked dates of a day.
 */

export type CalendarView = "month" | "week";

export interface CalendarRange {
  from: string;
  to: string;
  /** Every day shown, in order. */
  dates: string[];
}

/** The last day of the month holding `date`. */
export function lastOfMonth(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The days a view shows around `anchor`: the week holding it, or the whole
 * weeks covering its month (4 to 6 rows, so at most 42 days, the API's most),
 * each week from `weekStart` (0 = Sunday … 6 = Saturday).
 */
export function calendarRange(view: CalendarView, anchor: string, weekStart: number): CalendarRange {
  const from =
    view === "week" ? weekStartDate(anchor, weekStart) : weekStartDate(`${anchor.slice(0, 7)}-01`, weekStart);
  const to = view === "week" ? addDays(from, 6) : addDays(weekStartDate(lastOfMonth(anchor), weekStart), 6);
  return { from, to, dates: datesBetween(from, to) };
}

/** The month's days in rows of seven. */
export function weeksOf(dates: readonly string[]): string[][] {
  const weeks: string[][] = [];
  for (let i = 0; i < dates.length; i += 7) weeks.push(dates.slice(i, i + 7));
  return weeks;
}

/** Previous or next: a week, or a month (to the 1st, so a short month is never skipped). */
export function stepAnchor(anchor: string, view: CalendarView, direction: -1 | 1): string {
  if (view === "week") return addDays(anchor, 7 * direction);
  const [y, m] = anchor.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + direction, 1)).toISOString().slice(0, 10);
}

/** Whether a date is a weekend day (0 = Sunday … 6 = Saturday) — the grid dims them. */
export function isWeekday(date: string, weekdays: readonly number[]): boolean {
  return weekdays.includes(weekdayOf(date));
}

type CalendarDay = TimeOffCalendarResponse["days"][number];
type LeaveType = TimeOffCalendarResponse["leave_types"][number];

/** One person's leave on one day, with what the calendar writes on it. */
export interface LeaveItem {
  requestId: string;
  userId: string;
  /** "Sam Lee" */
  name: string;
  day: string;
  status: CalendarDay["status"];
  minutes: number;
  part: CalendarDay["part"];
  /** Approved leave whose cancellation waits: the cancellation's request (what a click opens). */
  cancelRequestId: string | null;
  leaveType: Pick<LeaveType, "id" | "name" | "color">;
}

const unknownType = (id: string): LeaveItem["leaveType"] => ({ id, name: "", color: "#868e96" });

export function personName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
}

/**
 * Every day of leave as an item, in the order a day lists them: approved
 * before pending, then by name. `cancellations`: the waiting cancellation of
 * approved leave, by the leave's request (when the answer does not say it).
 */
export function leaveItems(
  data: TimeOffCalendarResponse,
  language?: string,
  cancellations: ReadonlyMap<string, string> = new Map(),
): LeaveItem[] {
  const people = new Map(data.people.map((person) => [person.user_id, personName(person)]));
  const types = new Map(data.leave_types.map((type) => [type.id, type]));
  const collator = new Intl.Collator(language);
  return data.days
    .map((day) => ({
      requestId: day.request_id,
      userId: day.user_id,
      name: people.get(day.user_id) ?? "",
      day: day.day,
      status: day.status,
      minutes: day.minutes,
      part: day.part,
      cancelRequestId:
        day.cancel_request_id ?? (day.status === "approved" ? cancellations.get(day.request_id) : undefined) ?? null,
      leaveType: types.get(day.leave_type_id) ?? unknownType(day.leave_type_id),
    }))
    .sort(
      (a, b) =>
        (a.status === b.status ? 0 : a.status === "approved" ? -1 : 1) ||
        collator.compare(a.name, b.name) ||
        a.requestId.localeCompare(b.requestId),
    );
}

/** The items of each day. */
export function byDay(items: readonly LeaveItem[]): Map<string, LeaveItem[]> {
  const days = new Map<string, LeaveItem[]>();
  for (const item of items) {
    const list = days.get(item.day);
    if (list) list.push(item);
    else days.set(item.day, [item]);
  }
  return days;
}

export interface PersonRow {
  userId: string;
  name: string;
  /** Their items by day. */
  days: Map<string, LeaveItem[]>;
}

/** The week's rows: the people off (or asking to be) on any of its days, by name. */
export function personRows(items: readonly LeaveItem[], dates: readonly string[], language?: string): PersonRow[] {
  const shown = new Set(dates);
  const rows = new Map<string, PersonRow>();
  for (const item of items) {
    if (!shown.has(item.day)) continue;
    let row = rows.get(item.userId);
    if (!row) {
      row = { userId: item.userId, name: item.name, days: new Map() };
      rows.set(item.userId, row);
    }
    const list = row.days.get(item.day);
    if (list) list.push(item);
    else row.days.set(item.day, [item]);
  }
  // People with nothing shown are left out: the calendar is of who is off.
  const collator = new Intl.Collator(language);
  return [...rows.values()].sort((a, b) => collator.compare(a.name, b.name) || a.userId.localeCompare(b.userId));
}

/** What a crowded day shows: the first `max` items, and how many more hide behind "+N more". */
export function splitShown<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  if (items.length <= max) return { shown: [...items], more: 0 };
  // "+1 more" takes the place of an item: show one fewer, so the line it needs is not wasted on a single name.
  const keep = Math.max(0, max - 1);
  return { shown: items.slice(0, keep), more: items.length - keep };
}

/** The public holidays of each day (a day may have two). */
export function holidaysByDay(data: TimeOffCalendarResponse): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const holiday of data.holidays) days.set(holiday.day, [...(days.get(holiday.day) ?? []), holiday.name]);
  return days;
}

export type CalendarBlock = TimeOffCalendarResponse["blocks"][number];

/** The blocked periods that cover a day. */
export function blocksOn(blocks: readonly CalendarBlock[], day: string): CalendarBlock[] {
  return blocks.filter((block) => block.starts_on <= day && day <= block.ends_on);
}

/** Whether nothing at all is off on the days shown (the empty state; holidays alone do not count). */
export function nobodyOff(items: readonly LeaveItem[], range: CalendarRange, onlyMonth: string | null): boolean {
  return !items.some(
    (item) => item.day >= range.from && item.day <= range.to && (onlyMonth === null || item.day.startsWith(onlyMonth)),
  );
}

/** Each waiting cancellation's id by the id of the time off it cancels. */
export function cancellationsByLeave(
  requests: readonly Pick<InboxItem, "id" | "kind" | "status" | "time_off">[],
): Map<string, string> {
  const byLeave = new Map<string, string>();
  for (const request of requests) {
    const cancels = request.time_off?.cancels_request_id;
    if (request.kind === "time_off_cancel" && request.status === "pending" && cancels) byLeave.set(cancels, request.id);
  }
  return byLeave;
}
