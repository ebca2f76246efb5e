import type { AvailabilityChange, InboxItem, RequestShift } from "@workshift/contracts";
import type { TFunction } from "i18next";
import { formatDate, formatDay, formatDayOf, formatTimeRange, isolate, personName } from "./request-format.ts";

/**
 * What a request asks for, in words: the sentence that heads its card, its
 * shift's day and times in the board's zone, an availability change's
 * windows. Pure (the page's `t` and language are passed in), so the words are
 * tested as a manager reads them.
 */
type T = TFunction<"requests">;

/** "Sam Lee asks to take an open shift", "Sam Lee offers their shift to Ana Ruiz"… */
export function requestTitle(item: InboxItem, t: T): string {
  const name = isolate(personName(item.author) || t("someone"));
  const to = item.to_user ? isolate(personName(item.to_user) || t("someone")) : null;
  const taker = item.taker ? isolate(personName(item.taker) || t("someone")) : null;
  switch (item.kind) {
    case "claim":
      return t("what.claim", { name });
    case "cover":
      if (taker) return t("what.coverTaken", { name, taker });
      if (to) return t("what.coverTo", { name, to });
      return t("what.coverAll", { name });
    case "swap":
      return to ? t("what.swap", { name, to }) : t("what.swapAnyone", { name });
    case "availability":
      return item.availability?.type === "exception"
        ? t("what.availabilityException", { name })
        : t("what.availabilityWeekly", { name });
    case "correction":
      return item.correction?.entry_id ? t("what.correctionEdit", { name }) : t("what.correctionMissed", { name });
    case "time_off":
      return t("what.timeOff", { name, type: item.time_off?.leave_type.name ?? "" });
    case "time_off_cancel":
      return t("what.timeOffCancel", { name, type: item.time_off?.leave_type.name ?? "" });
  }
}

/** A shift as a card shows it: its day and times in its board's zone ("Mon, Mar 2", "22:00", "06:00", +1 day). */
export interface ShiftWhen {
  day: string;
  start: string;
  end: string;
  /** The end falls this many days after the start's day (an overnight shift: 1). */
  plusDays: number;
}

export function shiftWhen(shift: Pick<RequestShift, "starts_at" | "ends_at" | "time_zone">, language?: string) {
  const range = formatTimeRange(shift.starts_at, shift.ends_at, shift.time_zone, language);
  return {
    day: formatDayOf(shift.starts_at, shift.time_zone, language),
    start: range.start,
    end: range.end ?? "",
    plusDays: range.plusDays,
  } satisfies ShiftWhen;
}

/** "09:00–17:00", "22:00–06:00 (+1 day)": a span as one piece of text, isolated for a sentence of either direction. */
export function timesText(when: Pick<ShiftWhen, "start" | "end" | "plusDays">, t: T): string {
  const times = t("times", { start: when.start, end: when.end });
  return isolate(when.plusDays > 0 ? t("timesNextDay", { times, count: when.plusDays }) : times);
}

/** The weekday's name (0 = Sunday … 6 = Saturday), as the language writes it. */
export function weekdayName(weekday: number, language: string | undefined): string {
  // 1 January 2023 was a Sunday.
  return new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + weekday, 12)),
  );
}

/** A wall-clock time ("13:30", "24:00") as the language writes it; 24:00 is the day's end. */
export function wallTime(value: string, language: string | undefined, t: T): string {
  if (value === "24:00") return t("availability.endOfDay");
  const [hours, minutes] = value.split(":").map(Number);
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1, hours ?? 0, minutes ?? 0)),
  );
}

/** One window of availability in words: "Unavailable 09:00–12:00", "Prefers to work all day". */
export function windowText(
  window: { kind: "unavailable" | "prefer" | "available"; start?: string | null; end?: string | null },
  language: string | undefined,
  t: T,
): string {
  const start = window.start ?? null;
  const end = window.end ?? null;
  if (start === null || end === null) return t(`availability.allDay.${window.kind}`);
  const times = isolate(t("times", { start: wallTime(start, language, t), end: wallTime(end, language, t) }));
  return t(`availability.during.${window.kind}`, { times });
}

/** An availability change as lines to read: a heading ("From Mar 2, 2026"), then one line per day it names. */
export interface AvailabilityLines {
  heading: string;
  lines: { key: string; label: string; text: string }[];
}

export function availabilityLines(change: AvailabilityChange, language: string | undefined, t: T): AvailabilityLines {
  if (change.type === "exception") {
    return {
      heading: t("availability.on", { date: isolate(formatDay(change.date, language)) }),
      lines: [{ key: "exception", label: formatDay(change.date, language), text: windowText(change, language, t) }],
    };
  }
  const heading = t("availability.from", { date: isolate(formatDate(change.effective_from, language)) });
  if (change.windows.length === 0) {
    return { heading, lines: [{ key: "always", label: "", text: t("availability.always") }] };
  }
  // The week in its order from Monday, as people plan it; windows of a day by their start.
  const order = (weekday: number) => (weekday + 6) % 7;
  const windows = [...change.windows].sort(
    (a, b) => order(a.weekday) - order(b.weekday) || (a.start ?? "").localeCompare(b.start ?? ""),
  );
  return {
    heading,
    lines: windows.map((window, index) => ({
      key: `${window.weekday}-${index}`,
      label: weekdayName(window.weekday, language),
      text: windowText(window, language, t),
    })),
  };
}
