/** Weekday names in a language, 0 = Sunday … 6 = Saturday (7 January 2024 was a Sunday). */
export function weekdayNames(language: string | undefined): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 7 + day))));
}

/** A week-start select's options: value "0" (Sunday) … "6" (Saturday), labelled in a language. */
export function weekdayOptions(language: string | undefined): { value: string; label: string }[] {
  return weekdayNames(language).map((label, day) => ({ value: String(day), label }));
}
