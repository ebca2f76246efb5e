import type { CalendarRange, CalendarView } from "./calendar-layout.ts";

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The calendar's heading: "November 2026" for a month, "Nov 23 – 29, 2026" for a week, in the reader's language. */
export function rangeTitle(
  view: CalendarView,
  anchor: string,
  range: CalendarRange,
  language: string | undefined,
): string {
  if (view === "month") {
    return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(noon(anchor));
  }
  return new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).formatRange(noon(range.from), noon(range.to));
}
