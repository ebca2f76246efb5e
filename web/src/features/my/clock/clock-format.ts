/**
 * The time clock's durations in the reader's language (Intl: digits, unit
 * names and their order come from the locale, no hand-made plurals), and the
 * worked time of an entry as it goes on.
 */
import type { ClockSpan } from "./clock-actions.ts";

const MINUTE_MS = 60_000;

/**
 * Milliseconds worked in `span` within [from, to]: its time less its breaks
 * (a break going on counts to `to`), never below zero. `to` stands for now
 * while the entry is open.
 */
export function workedMs(span: ClockSpan, to: number, from = Number.NEGATIVE_INFINITY): number {
  const start = Math.max(Date.parse(span.clock_in_at), from);
  const end = span.clock_out_at === null ? to : Math.min(Date.parse(span.clock_out_at), to);
  if (!(end > start)) return 0;
  let ms = end - start;
  for (const item of span.breaks) {
    const breakStart = Math.max(Date.parse(item.starts_at), start);
    const breakEnd = item.ends_at === null ? end : Math.min(Date.parse(item.ends_at), end);
    ms -= Math.max(0, breakEnd - breakStart);
  }
  return Math.max(0, ms);
}

/**
 * The status's minutes (counted to `serverTime`) plus what the spans worked
 * since then: the running entry, and punches still waiting to be sent.
 */
export function liveMinutes(minutes: number, spans: readonly ClockSpan[], serverTime: string, now: number): number {
  const from = Date.parse(serverTime);
  const extra = spans.reduce((total, span) => total + workedMs(span, now, from), 0);
  return minutes + Math.floor(extra / MINUTE_MS);
}

function parts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** "2:05:09": a running timer, in the language's digits. */
export function timerText(ms: number, language: string): string {
  const { hours, minutes, seconds } = parts(ms);
  const whole = new Intl.NumberFormat(language, { useGrouping: false });
  const two = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  return `${whole.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`;
}

function unit(value: number, name: "hour" | "minute", language: string, display: "narrow" | "long"): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: name, unitDisplay: display }).format(value);
}

function joinUnits(items: string[], language: string, style: "narrow" | "long"): string {
  if (items.length < 2) return items[0] ?? "";
  return new Intl.ListFormat(language, { type: "unit", style }).format(items);
}

/** "7h 30m" / "7 h 30 min": whole minutes as hours and minutes (hours left out under one hour). */
export function durationText(totalMinutes: number, language: string): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, "minute", language, "narrow");
  const items = [unit(hours, "hour", language, "narrow")];
  if (rest > 0) items.push(unit(rest, "minute", language, "narrow"));
  return joinUnits(items, language, "narrow");
}

/** "2 hours, 5 minutes": the timer read aloud (to the minute). */
export function spokenDuration(ms: number, language: string): string {
  const { hours, minutes } = parts(ms);
  const items = hours > 0 ? [unit(hours, "hour", language, "long")] : [];
  if (minutes > 0 || hours === 0) items.push(unit(minutes, "minute", language, "long"));
  return joinUnits(items, language, "long");
}

/** "350 m": how far a punch was from the job's site. */
export function metersText(meters: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "meter", unitDisplay: "short" }).format(meters);
}
