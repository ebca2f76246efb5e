import type { AvailabilityWindow, DayAvailabilityCell } from "./availability-days.ts";

/** The words a person's day is said with, in the reader's language (use-board-figures.ts). */
export interface AvailabilityWords {
  /** "9:00 AM – 1:00 PM" from wall-clock times. */
  range(start: string, end: string): string;
  /** Short, beside the icon: "Unavailable", "Prefers". */
  unavailable: string;
  prefer: string;
  /** Sentences: "Unavailable all day", "Unavailable 9:00 AM – 1:00 PM", "Prefers to work …". */
  unavailableDay: string;
  unavailableTimes(times: string): string;
  preferDay: string;
  preferTimes(times: string): string;
  /** "Unavailable 9:00 AM – 1:00 PM: Dentist". */
  withNote(text: string, note: string): string;
  /** "a, b and c" as the language lists things. */
  list(items: string[]): string;
}

/** What a cell shows (short, beside its icon) and the sentence that says it all (for screen readers and tooltips). */
export interface AvailabilityText {
  /** The unavailable hours ("Unavailable" for the whole day); null when none. */
  away: string | null;
  /** The preferred hours ("Prefers" for the whole day); null when none. */
  prefer: string | null;
  description: string;
}

const whole = (window: AvailabilityWindow) => window.start === null || window.end === null;

/**
 * A person's day in words. A whole unavailable day says only that (and its
 * note); some hours say each window with its note; preferences follow.
 */
export function availabilityText(cell: DayAvailabilityCell, words: AvailabilityWords): AvailabilityText {
  const rangeOf = (window: AvailabilityWindow) => words.range(window.start ?? "00:00", window.end ?? "24:00");
  const noted = (text: string, window: AvailabilityWindow) => (window.note ? words.withNote(text, window.note) : text);
  const sentences: string[] = [];
  let away: string | null = null;
  if (cell.unavailable === "day") {
    const day = cell.away.find(whole) ?? cell.away[0];
    away = words.unavailable;
    if (day) sentences.push(noted(words.unavailableDay, day));
  } else if (cell.away.length > 0) {
    away = words.list(cell.away.map(rangeOf));
    for (const window of cell.away) sentences.push(noted(words.unavailableTimes(rangeOf(window)), window));
  }
  let prefer: string | null = null;
  if (cell.prefer.length > 0) {
    if (cell.prefer.some(whole)) {
      prefer = words.prefer;
      sentences.push(words.preferDay);
    } else {
      prefer = words.list(cell.prefer.map(rangeOf));
      sentences.push(words.preferTimes(prefer));
    }
  }
  return { away, prefer, description: words.list(sentences) };
}
