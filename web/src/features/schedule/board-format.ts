import { localDateOf } from "@workshift/contracts";

/**
 * The board's numbers and times in the reader's language, with each Intl
 * formatter made once per language and zone (a week of 3,000 shifts must not
 * build 3,000 formatters). Times are read in the board's zone, never the
 * browser's.
 */

const cache = new Map<string, unknown>();
/** Formatted times kept per language and zone; past this many (weeks of browsing) they start again. */
const SAID_TIMES_MAX = 20_000;

function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** "09:00" / "9:00 AM": an instant's wall clock in the zone (luxon's TIME_SIMPLE options). */
export function timeFormat(language: string | undefined, zone: string): (instant: string) => string {
  return cached(`time|${language}|${zone}`, () => {
    const format = new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: zone });
    return (instant: string) => format.format(new Date(instant));
  });
}

/**
 * "9:00 AM – 5:30 PM": two times, not Intl's formatRange, which adds the
 * dates as soon as the end is on the next day (an overnight shift; the
 * card marks that with "+1" instead). Thin spaces around the dash let a
 * narrow column break the range there.
 */
export function timeRangeFormat(language: string | undefined, zone: string): (from: string, to: string) => string {
  return cached(`range|${language}|${zone}`, () => {
    const format = timeFormat(language, zone);
    // A week's shifts start and end at a few hundred instants, and every card that scrolls in writes
    // two: each is formatted once (Intl's format is the dearest part of a card's text).
    const said = new Map<string, string>();
    const time = (instant: string) => {
      let out = said.get(instant);
      if (out === undefined) {
        if (said.size >= SAID_TIMES_MAX) said.clear();
        // A narrow card breaks at the dash, never between "5:00" and its "PM" (or "م").
        out = format(instant).replace(/\s/g, "\u00a0");
        said.set(instant, out);
      }
      return out;
    };
    return (from: string, to: string) => `${time(from)}\u2009–\u2009${time(to)}`;
  });
}

/**
 * A window of wall-clock times ("09:00", "13:00"; "24:00" for the day's
 * end) as the reader's language writes times: "9:00 AM – 1:00 PM". No zone:
 * they are the same clock times wherever they are read.
 */
export function wallRangeFormat(language: string | undefined): (start: string, end: string) => string {
  return cached(`wall|${language}`, () => {
    const range = timeRangeFormat(language, "UTC");
    const at = (time: string) => (time === "24:00" ? "2000-01-02T00:00:00Z" : `2000-01-01T${time}:00Z`);
    return (start: string, end: string) => range(at(start), at(end));
  });
}

/**
 * "GMT+3" / "EEST" / "UTC+3" as the reader's language writes the zone's
 * short name at an instant (Intl; it changes with daylight saving time).
 */
export function zoneNameFormat(language: string | undefined, zone: string): (instant: string) => string {
  return cached(`zone|${language}|${zone}`, () => {
    const format = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "short" });
    return (instant: string) =>
      format.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? zone;
  });
}

/** A shift's times on its board's clock, and its zone's short name when that is not the week's zone (else null). */
export interface ShiftClock {
  range: string;
  zone: string | null;
}

/**
 * A shift's times on its board's wall clock ("00:30 – 08:30") and, when the
 * board's zone is not the one the week is laid out in (a Beirut board on a
 * Paris organization's "all"), the zone's short name: each board keeps its
 * own clock, and says so.
 */
export function shiftClockFormat(
  language: string | undefined,
  weekZone: string,
  zoneOf: (boardId: string) => string,
): (shift: { board_id: string; starts_at: string; ends_at: string }) => ShiftClock {
  return (shift) => {
    const zone = zoneOf(shift.board_id);
    const range = timeRangeFormat(language, zone)(shift.starts_at, shift.ends_at);
    return { range, zone: zone === weekZone ? null : zoneNameFormat(language, zone)(shift.starts_at) };
  };
}

/** The same as one text ("00:30 – 08:30 GMT+3"), for labels and tooltips. */
export function shiftTimeFormat(
  language: string | undefined,
  weekZone: string,
  zoneOf: (boardId: string) => string,
): (shift: { board_id: string; starts_at: string; ends_at: string }) => string {
  const clock = shiftClockFormat(language, weekZone, zoneOf);
  return (shift) => {
    const { range, zone } = clock(shift);
    return zone === null ? range : `${range} ${zone}`;
  };
}

/** A calendar date's parts for the column headings ("Mon" and "Mar 2"); dates are read at UTC noon, no zone shift. */
export function dayHeadingFormat(
  language: string | undefined,
): (date: string) => { weekday: string; day: string; full: string } {
  return cached(`day|${language}`, () => {
    const weekday = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
    const day = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
    const full = new Intl.DateTimeFormat(language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    return (date: string) => {
      const at = new Date(`${date}T12:00:00Z`);
      return { weekday: weekday.format(at), day: day.format(at), full: full.format(at) };
    };
  });
}

/** "Mar 2 – 8, 2026": the week in the toolbar. */
export function dateRangeFormat(language: string | undefined): (from: string, to: string) => string {
  return cached(`dates|${language}`, () => {
    const format = new Intl.DateTimeFormat(language, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    return (from: string, to: string) => format.formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
  });
}

/** "March 2026". */
export function monthFormat(language: string | undefined): (date: string) => string {
  return cached(`month|${language}`, () => {
    const format = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
    return (date: string) => format.format(new Date(`${date.slice(0, 7)}-15T12:00:00Z`));
  });
}

/** Paid minutes as hours, to a tenth ("38.5 h", "٣٨٫٥ س"): Intl's unit names, no hand-made plurals. */
export function hoursFormat(language: string | undefined): (minutes: number) => string {
  return cached(`hours|${language}`, () => {
    const format = new Intl.NumberFormat(language, {
      style: "unit",
      unit: "hour",
      unitDisplay: "narrow",
      maximumFractionDigits: 1,
    });
    return (minutes: number) => format.format(Math.round(minutes / 6) / 10);
  });
}

/** Minutes as "30 min" (a break). */
export function minutesFormat(language: string | undefined): (minutes: number) => string {
  return cached(`minutes|${language}`, () => {
    const format = new Intl.NumberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short" });
    return (minutes: number) => format.format(minutes);
  });
}

/**
 * Money in the organization's currency (ISO 4217), to the cent, in the
 * reader's language ("$1,234.50", "1 234,50 €", "‏1,234.50 US$").
 */
export function moneyFormat(language: string | undefined, currency: string): (amount: number) => string {
  return cached(`money|${language}|${currency}`, () => {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(language, {
        style: "currency",
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // A code this browser does not know: the number alone, rather than no board.
      format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    return (amount: number) => format.format(amount);
  });
}

/** A count in the reader's digits ("12", "١٢"). */
export function countFormat(language: string | undefined): (value: number) => string {
  return cached(`count|${language}`, () => {
    const format = new Intl.NumberFormat(language);
    return (value: number) => format.format(value);
  });
}

/**
 * Where a shift is, for what is said about it (a move, an undo): its day on
 * its board's calendar, written out ("Tuesday, 24 March 2026"), and its time
 * ("09:00 – 17:00", with the zone when not the week's).
 */
export function shiftWhenFormat(
  language: string | undefined,
  weekZone: string,
  zoneOf: (boardId: string) => string,
): (shift: { board_id: string; starts_at: string; ends_at: string }) => { day: string; time: string } {
  const time = shiftTimeFormat(language, weekZone, zoneOf);
  const heading = dayHeadingFormat(language);
  return (shift) => ({
    day: heading(localDateOf(shift.starts_at, zoneOf(shift.board_id))).full,
    time: time(shift),
  });
}
