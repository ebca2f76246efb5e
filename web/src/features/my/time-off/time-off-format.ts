/**
 * Time off's amounts and days in the reader's language: the API counts
 * minutes, people read hours and days (days by their usual day's length).
 * Intl names the units, so no plural is made by hand. Dates ("YYYY-MM-DD")
 * are calendar days, read at UTC so no zone moves them.
 */
import type { LedgerEntry, TimeOffDay } from "@workshift/contracts";

/** Hours to a tenth ("7.5 h", "-8 h"). */
export function hoursAmount(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "hour",
    unitDisplay: "narrow",
    maximumFractionDigits: 1,
  }).format(Math.round(minutes / 6) / 10);
}

/** Hours with their sign, for a change to a balance ("+8 h", "−4 h"; nothing for zero). */
export function signedHours(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "hour",
    unitDisplay: "narrow",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(Math.round(minutes / 6) / 10);
}

const DIGIT = /\p{Nd}/u;

/**
 * Days of the person's usual length, to a hundredth ("2 days", "0.5 days");
 * null when no day length is known. Arabic says one and two days in a word
 * ("يوم", "يومان"), with no digit and so no sign: a negative amount is then
 * said with its number ("-2 يوم"), never as if it were positive.
 */
export function daysAmount(minutes: number, dayMinutes: number, language: string): string | null {
  if (!(dayMinutes > 0)) return null;
  const days = Math.round((minutes / dayMinutes) * 100) / 100;
  const format = new Intl.NumberFormat(language, {
    style: "unit",
    unit: "day",
    unitDisplay: "long",
    maximumFractionDigits: 2,
  });
  const text = format.format(days);
  if (days >= 0 || DIGIT.test(text)) return text;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(days)} ${format.format(1)}`;
}

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Tue, Jun 16": one calendar day. */
export function dayText(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(utcNoon(date));
}

/** "Jun 16, 2026": a day with its year (the history). */
export function dateText(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    utcNoon(date),
  );
}

/** "Tue, Jun 16" for one day, "Mon, Jun 15 – Fri, Jun 19" for several (the language's own range). */
export function rangeText(from: string, to: string, language: string): string {
  if (from === to) return dayText(from, language);
  return new Intl.DateTimeFormat(language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).formatRange(utcNoon(from), utcNoon(to));
}

/** "09:00" / "9:00 AM" from a wall-clock "HH:MM" ("24:00": the day's end, said as midnight). */
export function wallTimeText(time: string, language: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, 0, 1, hours % 24, minutes)),
  );
}

/** A text key of the `my` namespace and its values. */
export interface Said<K extends string> {
  key: K;
  values: { name?: string; date?: string; range?: string; reason?: string };
}

export type ReasonKey =
  | "timeOff.basis.shifts"
  | "timeOff.basis.day"
  | "timeOff.basis.weekend"
  | "timeOff.basis.holiday"
  | "timeOff.basis.holidayNamed"
  | "timeOff.basis.part";

export type LedgerKey =
  | "timeOff.ledger.grant"
  | "timeOff.ledger.accrual"
  | "timeOff.ledger.accrualWorked"
  | "timeOff.ledger.taken"
  | "timeOff.ledger.adjustment"
  | "timeOff.ledger.adjustmentReason"
  | "timeOff.ledger.carryover"
  | "timeOff.ledger.expiry";

/** Why a day of a request counts what it counts (the preview's lines). */
export function dayReason(day: TimeOffDay): Said<ReasonKey> {
  switch (day.basis) {
    case "shifts":
      return { key: "timeOff.basis.shifts", values: {} };
    case "day":
      return { key: "timeOff.basis.day", values: {} };
    case "weekend":
      return { key: "timeOff.basis.weekend", values: {} };
    case "holiday":
      return day.holiday
        ? { key: "timeOff.basis.holidayNamed", values: { name: day.holiday } }
        : { key: "timeOff.basis.holiday", values: {} };
    case "part":
      return { key: "timeOff.basis.part", values: {} };
  }
}

/** What a line of my history is, in words (its date and amount are shown beside it). */
export function ledgerWhat(entry: LedgerEntry, language: string): Said<LedgerKey> {
  switch (entry.kind) {
    case "grant":
      return { key: "timeOff.ledger.grant", values: {} };
    case "accrual":
      return entry.period_start
        ? // Dated at its pay period's last day.
          {
            key: "timeOff.ledger.accrualWorked",
            values: { range: rangeText(entry.period_start, entry.effective_on, language) },
          }
        : { key: "timeOff.ledger.accrual", values: {} };
    case "taken":
      return { key: "timeOff.ledger.taken", values: {} };
    case "adjustment":
      return entry.reason
        ? { key: "timeOff.ledger.adjustmentReason", values: { reason: entry.reason } }
        : { key: "timeOff.ledger.adjustment", values: {} };
    case "carryover":
      return { key: "timeOff.ledger.carryover", values: {} };
    case "expiry":
      return { key: "timeOff.ledger.expiry", values: {} };
  }
}
