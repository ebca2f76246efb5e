import { z } from "zod";
import { scheduleDateSchema } from "./schedule.ts";

/**
 * When a person can work: a weekly pattern of "unavailable" and "prefer"
 * windows that holds from an effective date, and one-off exceptions for a
 * date. Times are wall-clock ("HH:MM"), read in the zone of the shift they
 * are held against (its board's), so "not before noon on Mondays" means noon
 * wherever the work is. A window without times is the whole day.
 */

/** unavailable: do not schedule me then; prefer: I would like to work then; available: (exceptions only) I can work that day after all. */
export const availabilityKinds = ["unavailable", "prefer", "available"] as const;
export type AvailabilityKind = (typeof availabilityKinds)[number];
/** A weekly pattern holds unavailable and prefer windows; "available" is only an exception's. */
export const weeklyAvailabilityKinds = ["unavailable", "prefer"] as const;

/** The most windows one weekly pattern holds. */
export const AVAILABILITY_WINDOWS_MAX = 28;

/** "HH:MM", 00:00–23:59; "24:00" only as an end (the day's end). */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const wallTimeSchema = z.string("availability.timeInvalid").regex(TIME_PATTERN, "availability.timeInvalid");
/** One pattern, not a refinement, so the API document shows the shape (a request's every string is shaped). */
export const wallEndSchema = z
  .string("availability.timeInvalid")
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "availability.timeInvalid");

/** A window of one day: both times, or neither (the whole day). The end is after the start. */
const windowTimes = {
  start: wallTimeSchema.nullable().optional(),
  end: wallEndSchema.nullable().optional(),
};
function timesFit(window: { start?: string | null | undefined; end?: string | null | undefined }): boolean {
  const start = window.start ?? null;
  const end = window.end ?? null;
  if ((start === null) !== (end === null)) return false;
  return start === null || end === null || end > start;
}

export const availabilityWindowSchema = z
  .object({
    /** 0 = Sunday … 6 = Saturday. */
    weekday: z.number("availability.weekdayInvalid").int().min(0).max(6),
    kind: z.enum(weeklyAvailabilityKinds, "availability.kindInvalid"),
    ...windowTimes,
  })
  .refine(timesFit, { message: "availability.endBeforeStart", path: ["end"] });
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

/** A weekly pattern that replaces the person's pattern from `effective_from` on. Empty: always available. */
export const weeklyAvailabilitySchema = z.object({
  type: z.literal("weekly"),
  effective_from: scheduleDateSchema,
  windows: z.array(availabilityWindowSchema).max(AVAILABILITY_WINDOWS_MAX, "availability.tooMany"),
});

/** One date's exception, replacing any earlier exception of that date. */
export const availabilityExceptionSchema = z
  .object({
    type: z.literal("exception"),
    date: scheduleDateSchema,
    kind: z.enum(availabilityKinds, "availability.kindInvalid"),
    ...windowTimes,
  })
  .refine(timesFit, { message: "availability.endBeforeStart", path: ["end"] });

/** What an availability request asks for. */
export const availabilityChangeSchema = z.discriminatedUnion("type", [
  weeklyAvailabilitySchema,
  availabilityExceptionSchema,
]);
export type AvailabilityChange = z.input<typeof availabilityChangeSchema>;

/** A window in force (GET /api/my/availability, the board's shading). */
export const availabilityRuleSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(availabilityKinds),
  /** Weekly: the weekday (0 = Sunday); null for an exception. */
  weekday: z.number().int().nullable(),
  /** Exception: its date; null for a weekly window. */
  date: z.string().nullable(),
  /** Both null: the whole day. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** Weekly: the first day it holds, and the last (null: until changed). */
  effective_from: z.string().nullable(),
  effective_until: z.string().nullable(),
});
export type AvailabilityRule = z.infer<typeof availabilityRuleSchema>;

/** GET /api/my/availability: my weekly pattern(s) now and ahead, my exceptions from today on. */
export const myAvailabilityResponseSchema = z.object({
  rules: z.array(availabilityRuleSchema),
  /** The organization's zone (today is read there). */
  time_zone: z.string(),
});
export type MyAvailabilityResponse = z.infer<typeof myAvailabilityResponseSchema>;
