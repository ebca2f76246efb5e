import { z } from "zod";
import { typedText } from "./validation.ts";

/**
 * IANA time zones ("Asia/Beirut", "UTC"), checked with the runtime's own
 * Intl data (the same list the browser offers in its time-zone select), and
 * stored in their canonical spelling.
 */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical name of an IANA zone, or null when the runtime does not know it. */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_SHAPE.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (value: string) => canonicalTimeZone(value) !== null;

export const timeZoneSchema = typedText("timeZone.invalid")
  .max(64, "timeZone.invalid")
  .refine(isTimeZone, "timeZone.invalid")
  .transform((value) => canonicalTimeZone(value) ?? value);

/** Day a week starts on: 0 = Sunday … 6 = Saturday (as JavaScript's getDay). */
export const weekStartSchema = z
  .number("boards.weekStartInvalid")
  .int("boards.weekStartInvalid")
  .min(0, "boards.weekStartInvalid")
  .max(6, "boards.weekStartInvalid");

/**
 * The day weeks start on in a country (0 = Sunday … 6 = Saturday), from the
 * runtime's CLDR data: Monday in Lebanon and France, Sunday in the United
 * States and Saudi Arabia. Monday when the country is unknown or the runtime
 * has no week data.
 */
export function regionWeekStart(country: string | undefined): number {
  if (!country || !/^[A-Z]{2}$/.test(country)) return 1;
  try {
    const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
      weekInfo?: { firstDay: number };
      getWeekInfo?: () => { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info ? info.firstDay % 7 : 1;
  } catch {
    return 1;
  }
}
