/**
 * Amounts of leave: the API counts minutes, people read and type hours (and
 * days, by the person's usual day). Hours are typed with at most two decimals;
 * a minute is the smallest amount kept.
 */

/** Hours typed (a number, or text with a dot or comma; "" is nothing) → whole minutes; null when empty, NaN when unreadable. */
export function hoursToMinutes(value: number | string): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 60) : Number.NaN;
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? Math.round(parsed * 60) : Number.NaN;
}

/** Minutes → hours, rounded to two decimals (what an hours field shows). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Minutes → days of `dayMinutes` each, rounded to two decimals. */
export function minutesToDays(minutes: number, dayMinutes: number): number {
  if (dayMinutes <= 0) return 0;
  return Math.round((minutes / dayMinutes) * 100) / 100;
}

/** A number of hours or days in the reader's language (at most two decimals, grouped). */
export function formatAmount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value === 0 ? 0 : value);
}

/** Minutes as hours in the reader's language ("7.5", "٧٫٥"). */
export function formatHours(minutes: number, language: string | undefined): string {
  return formatAmount(minutesToHours(minutes), language);
}

/** Minutes as days of the person's usual day, in the reader's language. */
export function formatDays(minutes: number, dayMinutes: number, language: string | undefined): string {
  return formatAmount(minutesToDays(minutes, dayMinutes), language);
}

/** A signed amount ("+8", "−4"), for ledger entries. */
export function formatSignedHours(minutes: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, signDisplay: "exceptZero" }).format(
    minutesToHours(minutes),
  );
}

/**
 * A number or name set apart from the sentence around it (Unicode first-strong
 * isolate), so "8 h" or a Latin name keeps its place in an Arabic sentence.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
