import { z } from "zod";
import { errorBodySchema } from "./errors.ts";
import { personIdSchema } from "./person-id.ts";
import { SHIFT_MINUTES_MAX, shiftTimesProblem } from "./shift-times.ts";
import { DATE_PATTERN, INSTANT_PATTERN, isCalendarDate, parseInstant } from "./strict-time.ts";
import { optionalTypedText, typedText } from "./validation.ts";

/**
 * Shift scheduling: shifts on a schedule board, drafted and then
 * published. Times travel as instants (ISO 8601 with offset, stored as
 * timestamptz); days and weeks are read in the board's IANA zone by
 * `schedule-time.ts`. A shift with no person is an open shift.
 */

export const SHIFT_NOTE_MAX = 500;
/** Dates the board accepts (a "week outside range" is refused). */
export const SCHEDULE_DATE_MIN = "2000-01-01";
export const SCHEDULE_DATE_MAX = "2099-12-31";
/** One bulk action touches at most this many shifts. */
export const SHIFT_BULK_MAX = 5000;
export const TEMPLATE_NAME_MAX = 60;

/** Defaults of a board's scheduling rules (warnings, not refusals). */
export const DEFAULT_MIN_REST_MINUTES = 10 * 60;
export const DEFAULT_DAILY_LIMIT_MINUTES = 8 * 60;
export const DEFAULT_WEEKLY_LIMIT_MINUTES = 40 * 60;

/** A calendar date, YYYY-MM-DD, a real one (strict-time.ts), within the board's range. */
export const scheduleDateSchema = z
  .string("schedule.dateInvalid")
  .regex(DATE_PATTERN, "schedule.dateInvalid")
  .refine(isCalendarDate, "schedule.dateInvalid")
  .refine((value) => value >= SCHEDULE_DATE_MIN && value <= SCHEDULE_DATE_MAX, "schedule.dateOutOfRange");

/** YYYY-MM for the month overview. */
export const scheduleMonthSchema = z
  .string("schedule.dateInvalid")
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "schedule.dateInvalid")
  .refine(
    (value) => value >= SCHEDULE_DATE_MIN.slice(0, 7) && value <= SCHEDULE_DATE_MAX.slice(0, 7),
    "schedule.dateOutOfRange",
  );

/**
 * An instant with an explicit offset ("2026-03-29T09:00:00+03:00" or "…Z") naming a real time
 * (strict-time.ts: no 30 February, hour 24 or minute 60), normalised to UTC ISO.
 */
export const instantSchema = z
  .string("schedule.timeInvalid")
  .regex(INSTANT_PATTERN, "schedule.timeInvalid")
  .transform((value, ctx) => {
    const instant = parseInstant(value);
    if (instant === null) {
      ctx.addIssue({ code: "custom", message: "schedule.timeInvalid" });
      return z.NEVER;
    }
    return instant;
  })
  .refine(
    (value) => value.slice(0, 10) >= SCHEDULE_DATE_MIN && value.slice(0, 10) <= SCHEDULE_DATE_MAX,
    "schedule.dateOutOfRange",
  );

/** A board id, or "all" for every board the user may see. */
export const boardScopeSchema = z.union(
  [z.literal("all"), z.string().uuid("schedule.unknownBoard")],
  "schedule.unknownBoard",
);

const noteSchema = optionalTypedText(SHIFT_NOTE_MAX, "schedule.noteTooLong", { multiline: true });
const breakSchema = z
  .number("schedule.breakInvalid")
  .int("schedule.breakInvalid")
  .min(0, "schedule.breakInvalid")
  .max(SHIFT_MINUTES_MAX, "schedule.breakTooLong");

/** Repeat a new shift on chosen weekdays (0 = Sunday … 6 = Saturday; all seven = daily) until a date, wall clock kept in the board's zone. */
export const shiftRepeatSchema = z.object({
  weekdays: z
    .array(z.number().int().min(0).max(6), "schedule.repeatDaysRequired")
    .min(1, "schedule.repeatDaysRequired")
    .max(7, "schedule.repeatDaysRequired"),
  until: scheduleDateSchema,
});
export type ShiftRepeat = z.input<typeof shiftRepeatSchema>;

/** Rules every written shift passes (shift-times.ts); the refinement names the field it faults. */
function shiftTimesRule<T extends { starts_at?: string; ends_at?: string; break_minutes?: number }>(
  shift: T,
  ctx: z.RefinementCtx,
) {
  if (shift.starts_at === undefined || shift.ends_at === undefined) return;
  const problem = shiftTimesProblem({
    starts_at: shift.starts_at,
    ends_at: shift.ends_at,
    break_minutes: shift.break_minutes,
  });
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.key });
}

const shiftFields = {
  /** null = an open shift anyone may be given. */
  user_id: personIdSchema("schedule.unknownPerson").nullable(),
  job_id: z.string().uuid("schedule.unknownJob").nullable(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  break_minutes: breakSchema,
  note: noteSchema,
};

/** POST /api/schedule/shifts */
export const shiftCreateSchema = z
  .object({
    board_id: z.string("schedule.unknownBoard").uuid("schedule.unknownBoard"),
    ...shiftFields,
    user_id: shiftFields.user_id.default(null),
    job_id: shiftFields.job_id.default(null),
    break_minutes: breakSchema.default(0),
    note: noteSchema.default(null),
    repeat: shiftRepeatSchema.optional(),
  })
  .superRefine(shiftTimesRule);
export type ShiftCreate = z.input<typeof shiftCreateSchema>;

/**
 * PATCH /api/schedule/shifts/:id: any subset of the fields, plus the version
 * the editor saw (409 shift_changed, with the current shift, when it moved on).
 * A move to another board is given as board_id.
 */
export const shiftUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    board_id: z.string().uuid("schedule.unknownBoard").optional(),
    user_id: shiftFields.user_id.optional(),
    job_id: shiftFields.job_id.optional(),
    starts_at: instantSchema.optional(),
    ends_at: instantSchema.optional(),
    break_minutes: breakSchema.optional(),
    note: noteSchema.optional(),
  })
  .superRefine(shiftTimesRule);
export type ShiftUpdate = z.input<typeof shiftUpdateSchema>;

/**
 * POST /api/schedule/shifts/check: what saving this shift would meet (before saving);
 * with `repeat` (a new shift only), what every shift the repeat makes would meet.
 */
export const shiftCheckSchema = z
  .object({
    /** The shift being edited (left out of its own conflicts). */
    id: z.string().uuid().optional(),
    board_id: z.string("schedule.unknownBoard").uuid("schedule.unknownBoard"),
    ...shiftFields,
    break_minutes: breakSchema.default(0),
    note: noteSchema.default(null),
    repeat: shiftRepeatSchema.optional(),
  })
  .superRefine(shiftTimesRule);
export type ShiftCheck = z.input<typeof shiftCheckSchema>;

export const shiftParamsSchema = z.object({ id: z.string().max(100) });
export const shiftDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });
/**
 * POST /api/schedule/shifts/:id/restore: takes back the removal of a published shift still waiting for the
 * next publish (the board's Undo), naming the version the board saw once it was marked.
 */
export const shiftRestoreSchema = z.object({ version: z.number().int().min(1) });
export type ShiftRestore = z.input<typeof shiftRestoreSchema>;

/**
 * draft: never published; published: people see exactly this; changed: published,
 * with unpublished changes (people still see `published`); deleted: published,
 * removal waits for the next publish.
 */
export const shiftStatuses = ["draft", "published", "changed", "deleted"] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

/** What the assigned people last saw of a shift. */
export const publishedShiftSchema = z.object({
  user_id: personIdSchema().nullable(),
  job_id: z.string().uuid().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number().int(),
  note: z.string().nullable(),
  published_at: z.string(),
});
export type PublishedShift = z.infer<typeof publishedShiftSchema>;

export const shiftSchema = z.object({
  id: z.string().uuid(),
  board_id: z.string().uuid(),
  user_id: personIdSchema().nullable(),
  job_id: z.string().uuid().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(shiftStatuses),
  /** When it was last published; null for a draft that never was. */
  published_at: z.string().nullable(),
  /**
   * What people were told, while it differs from the shift (status changed or
   * deleted); null otherwise: a draft was never told, and a published shift is
   * exactly what was told (a week of 3,000 need not say everything twice).
   */
  published: publishedShiftSchema.nullable(),
  /** Rises by one with every change; PATCH and DELETE name the version they saw. */
  version: z.number().int(),
  updated_at: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** A board's scheduling rules (minutes), used for warnings. */
export const scheduleRulesSchema = z.object({
  min_rest_minutes: z
    .number("schedule.restInvalid")
    .int("schedule.restInvalid")
    .min(0, "schedule.restInvalid")
    .max(48 * 60, "schedule.restInvalid"),
  daily_limit_minutes: z
    .number("schedule.dailyLimitInvalid")
    .int("schedule.dailyLimitInvalid")
    .min(60, "schedule.dailyLimitInvalid")
    .max(SHIFT_MINUTES_MAX, "schedule.dailyLimitInvalid"),
  weekly_limit_minutes: z
    .number("schedule.weeklyLimitInvalid")
    .int("schedule.weeklyLimitInvalid")
    .min(60, "schedule.weeklyLimitInvalid")
    .max(7 * SHIFT_MINUTES_MAX, "schedule.weeklyLimitInvalid"),
});
export type ScheduleRules = z.infer<typeof scheduleRulesSchema>;
export const defaultScheduleRules: ScheduleRules = {
  min_rest_minutes: DEFAULT_MIN_REST_MINUTES,
  daily_limit_minutes: DEFAULT_DAILY_LIMIT_MINUTES,
  weekly_limit_minutes: DEFAULT_WEEKLY_LIMIT_MINUTES,
};
/** PATCH /api/schedule/boards/:id/rules (manage_scheduler). */
export const scheduleRulesUpdateSchema = scheduleRulesSchema.partial();
/** PATCH /api/schedule/boards/:id/rules answers the board's rules, all of them. */
export const scheduleRulesResponseSchema = z.object({ rules: scheduleRulesSchema });

/** Warnings (never refusals) a shift meets; the refusal (same person twice at once) is `overlap`. */
export const shiftWarningKinds = [
  "short_rest",
  "daily_overtime",
  "weekly_overtime",
  "not_on_job",
  "unavailable",
  "on_leave",
] as const;
export type ShiftWarningKind = (typeof shiftWarningKinds)[number];
export const shiftWarningSchema = z.object({
  kind: z.enum(shiftWarningKinds),
  shift_id: z.string().nullable(),
  user_id: personIdSchema(),
  /** short_rest: the rest in minutes; daily/weekly_overtime: the scheduled minutes; not_on_job: 0. */
  minutes: z.number().int(),
  /** short_rest: the rule; overtime: the limit. */
  limit_minutes: z.number().int(),
  /**
   * The other shift (short_rest), or the day (daily_overtime: YYYY-MM-DD in the board's zone;
   * weekly_overtime: the week's first day). Always present (null when it does not apply) from schedule-rules.ts.
   */
  other_shift_id: z.string().nullable().optional(),
  date: z.string().nullable().optional(),
  /** unavailable: what the person said when they gave the time (their note), if anything; on_leave: the leave type's name. */
  note: z.string().nullable().optional(),
});
export type ShiftWarning = z.infer<typeof shiftWarningSchema>;

export const shiftCheckResponseSchema = z.object({
  /** The person's shift this one would overlap (saving is refused), or null. */
  overlap: shiftSchema.nullable(),
  warnings: z.array(shiftWarningSchema),
});
export type ShiftCheckResponse = z.infer<typeof shiftCheckResponseSchema>;

/**
 * A 409 about one shift: shift_overlap (`overlap`: the person's shift at that
 * time, when the server could name it), shift_changed (`shift`: the current
 * version, absent when it is gone) or shift_on_leave (`warnings`: the
 * on_leave warnings met, where the organization refuses scheduling people on
 * approved leave; copies and templates answer it too).
 */
export const shiftConflictBodySchema = errorBodySchema.extend({
  shift: shiftSchema.optional(),
  overlap: shiftSchema.optional(),
  warnings: z.array(shiftWarningSchema).optional(),
});
export type ShiftConflictBody = z.infer<typeof shiftConflictBodySchema>;

export const shiftResponseSchema = z.object({ shift: shiftSchema, warnings: z.array(shiftWarningSchema) });
export const shiftsResponseSchema = z.object({ shifts: z.array(shiftSchema), warnings: z.array(shiftWarningSchema) });

/** GET /api/schedule/boards/:board/week?date=YYYY-MM-DD (any day of the week; today when left out). */
export const weekQuerySchema = z.object({ date: scheduleDateSchema.optional() });
/** A board's id or "all", in a path or the live streams' query: looked up, and not found when it is neither. */
export const boardScopeParamsSchema = z.object({ board: typedText().max(100) });

export const scheduleBoardSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  time_zone: z.string(),
  week_start: z.number().int(),
  rules: scheduleRulesSchema,
});
export type ScheduleBoard = z.infer<typeof scheduleBoardSchema>;

export const schedulePersonSchema = z.object({
  user_id: personIdSchema(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: z.enum(["active", "invited", "archived"]),
  hourly_rate: z.number().nullable(),
  /** Jobs the person may work. */
  job_ids: z.array(z.string().uuid()),
  /** Boards (of those shown) the person is on; empty when only their shifts are here. */
  board_ids: z.array(z.string().uuid()),
});
export type SchedulePerson = z.infer<typeof schedulePersonSchema>;

export const scheduleJobSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  color: z.string(),
  hourly_rate: z.number().nullable(),
  is_archived: z.boolean(),
});
export type ScheduleJob = z.infer<typeof scheduleJobSchema>;

/**
 * Other shifts of the people shown (other boards, the days around the week)
 * that rules need, with their board's zone: a shift's day is its board's
 * (zoneOfWork), whichever board it is looked at from.
 */
export const nearbyShiftSchema = shiftSchema
  .pick({
    id: true,
    board_id: true,
    user_id: true,
    starts_at: true,
    ends_at: true,
    break_minutes: true,
  })
  .extend({ time_zone: z.string() });
export type NearbyShift = z.infer<typeof nearbyShiftSchema>;

/** A waiting claim, cover or swap on a shift of the week (the board marks the shift). */
export const shiftRequestMarkSchema = z.object({
  shift_id: z.string().uuid(),
  request_id: z.string().uuid(),
  kind: z.enum(["claim", "cover", "swap"]),
  status: z.enum(["offered", "pending"]),
});
export type ShiftRequestMark = z.infer<typeof shiftRequestMarkSchema>;

/**
 * A person's availability on one day of the week, in the board's zone (the
 * week answer's `availability`): what their weekly pattern and exceptions
 * (availability.ts) give for that date. No entry: nothing said (available).
 */
export const dayAvailabilitySchema = z.object({
  user_id: personIdSchema(),
  date: z.string(),
  kind: z.enum(["unavailable", "prefer", "available"]),
  /** Both null: the whole day. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string().nullable(),
});
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;

/** Approved time off on the board (the week answer's `time_off`): shaded on the person's row, one per day. */
export const boardTimeOffSchema = z.object({
  request_id: z.string().uuid(),
  user_id: personIdSchema(),
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** A part of the day (else the whole day). */
  part: z.boolean(),
  leave_type: z.object({ id: z.string().uuid(), name: z.string(), color: z.string() }),
});
export type BoardTimeOff = z.infer<typeof boardTimeOffSchema>;

export const weekResponseSchema = z.object({
  /** The boards shown (one, or every board the user may see for "all"). */
  boards: z.array(scheduleBoardSchema),
  /**
   * The zone and week start the week is laid out in (the board's; the
   * organization's for "all"). Each shift is still on its own board's day and
   * wall clock (zoneOfWork): on "all", a board in another zone keeps its own.
   */
  time_zone: z.string(),
  week_start: z.number().int(),
  /** First and last day (YYYY-MM-DD) and the instants bounding the week. */
  start_date: z.string(),
  end_date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  people: z.array(schedulePersonSchema),
  jobs: z.array(scheduleJobSchema),
  /** Shifts on the shown boards whose day, in their board's zone, is one of the week's. */
  shifts: z.array(shiftSchema),
  nearby_shifts: z.array(nearbyShiftSchema),
  can_manage: z.boolean(),
  /** The organization's currency (ISO 4217): hourly rates and costs are in it. */
  currency: z.string(),
  /** Waiting claims, covers and swaps on the week's shifts. */
  requests: z.array(shiftRequestMarkSchema).optional(),
  /** The people's availability on the week's days (each window a row). */
  availability: z.array(dayAvailabilitySchema).optional(),
  /** Approved time off of the people on the week's days. */
  time_off: z.array(boardTimeOffSchema).optional(),
});
export type WeekResponse = z.infer<typeof weekResponseSchema>;

/** GET /api/schedule/boards/:board/month?month=YYYY-MM: a summary per day. */
export const monthQuerySchema = z.object({ month: scheduleMonthSchema.optional() });
export const monthDaySchema = z.object({
  date: z.string(),
  shifts: z.number().int(),
  open_shifts: z.number().int(),
  unpublished: z.number().int(),
  headcount: z.number().int(),
  /** Paid minutes (breaks taken off). */
  minutes: z.number().int(),
  cost: z.number(),
});
export const monthResponseSchema = z.object({
  month: z.string(),
  time_zone: z.string(),
  week_start: z.number().int(),
  /** The organization's currency (ISO 4217) of the days' costs. */
  currency: z.string(),
  days: z.array(monthDaySchema),
});
export type MonthResponse = z.infer<typeof monthResponseSchema>;

/** POST /api/schedule/shifts/bulk-delete */
export const shiftBulkSchema = z.object({
  ids: z.array(z.string().uuid("schedule.unknownShift")).min(1, "schedule.nothingSelected").max(SHIFT_BULK_MAX),
});
export const bulkResultSchema = z.object({ count: z.number().int() });

/**
 * POST /api/schedule/publish: the week of a board (or all) or the chosen
 * shifts. All or nothing; each affected person is told once.
 */
export const publishSchema = z.union([
  z.object({ board: boardScopeSchema, date: scheduleDateSchema }),
  z.object({
    ids: z.array(z.string().uuid("schedule.unknownShift")).min(1, "schedule.nothingSelected").max(SHIFT_BULK_MAX),
  }),
]);
export type PublishRequest = z.input<typeof publishSchema>;
export const publishResponseSchema = z.object({
  published: z.number().int(),
  removed: z.number().int(),
  notified: z.number().int(),
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

/** POST /api/schedule/copy-week: every shift of `from` (any day of that week) into the week of `to`, as drafts, wall clock kept. */
export const copyWeekSchema = z.object({
  board_id: z.string("schedule.unknownBoard").uuid("schedule.unknownBoard"),
  from: scheduleDateSchema,
  to: scheduleDateSchema,
});
/**
 * Shifts that would overlap one the person already has are skipped and counted.
 * `warnings`: the shifts made that fall on their person's approved leave (on_leave).
 */
export const copyResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  warnings: z.array(shiftWarningSchema).optional(),
});
export type CopyResult = z.infer<typeof copyResultSchema>;

/** POST /api/schedule/clear-drafts: removes the week's never-published shifts on a board. */
export const clearDraftsSchema = z.object({
  board_id: z.string("schedule.unknownBoard").uuid("schedule.unknownBoard"),
  date: scheduleDateSchema,
});

/** Templates: a week saved by name, applied to any week of the same board. */
export const templateNameSchema = typedText("schedule.templateNameRequired")
  .min(1, "schedule.templateNameRequired")
  .max(TEMPLATE_NAME_MAX, "schedule.templateNameTooLong");
export const templateCreateSchema = z.object({
  board_id: z.string("schedule.unknownBoard").uuid("schedule.unknownBoard"),
  name: templateNameSchema,
  /** Any day of the week to save. */
  date: scheduleDateSchema,
});
export const templateApplySchema = z.object({ date: scheduleDateSchema });
export const templatesQuerySchema = z.object({ board_id: z.string().uuid("schedule.unknownBoard") });
export const templateSchema = z.object({
  id: z.string().uuid(),
  board_id: z.string().uuid(),
  name: z.string(),
  shift_count: z.number().int(),
  created_at: z.string(),
});
export type ScheduleTemplate = z.infer<typeof templateSchema>;
export const templatesResponseSchema = z.object({ templates: z.array(templateSchema) });
/** POST /api/schedule/templates answers 201 with the saved template. */
export const templateResponseSchema = z.object({ template: templateSchema });
export const templateParamsSchema = z.object({ id: z.string().max(100) });

/**
 * GET /api/schedule/events?board=<id|all> answers text/event-stream (Bearer
 * header, so read it with fetch streaming). Frames:
 * - `event: ready`, data scheduleStreamReadySchema: the stream is listening;
 *   changes from now on arrive. Sent first, and again with resync: true when
 *   the server may have missed changes (its database listener reconnected):
 *   reload what the board shows on a resync, and after every reconnect.
 * - `event: schedule`, data scheduleEventSchema: something on these boards changed.
 * - `: keepalive` comments every 25 s.
 * 403 without view access, 404 for a board that is not the organization's
 * active board, 429 past 10 open streams per person, 503 when the server
 * cannot listen. The server ends the stream when access is withdrawn (checked
 * every 5 minutes, the session included) or when it stops.
 */
export const scheduleStreamReadySchema = z.object({ resync: z.boolean() });

/** Server-sent events on GET /api/schedule/events: something on these boards changed. */
export const scheduleEventSchema = z.object({
  board_ids: z.array(z.string().uuid()),
  /** Shifts touched (empty for whole-week actions: publish, copy, templates). */
  shift_ids: z.array(z.string().uuid()),
  /** The user who made the change (a board ignores its own echoes). */
  actor_id: personIdSchema(),
  kind: z.enum(["changed", "published"]),
  /**
   * "requests": made by asking or deciding a request, not on a board, so every
   * board reloads, its author's own too (a board skips only the echoes of
   * what it did itself). Absent: a change made on a board.
   */
  source: z.enum(["requests"]).optional(),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

/** The employee's side: published shifts of the signed-in person in this organization. */
/**
 * Either a range of days (from…to) or `week`: the organization's week (its zone and
 * week start) holding that date, so the client needs no calendar settings of its own.
 */
export const myShiftsQuerySchema = z.object({
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
  week: scheduleDateSchema.optional(),
});
export const myShiftSchema = z.object({
  id: z.string().uuid(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number().int(),
  note: z.string().nullable(),
  time_zone: z.string(),
  board: z.object({ id: z.string().uuid(), name: z.string() }),
  job: z.object({ id: z.string().uuid(), name: z.string(), color: z.string() }).nullable(),
});
export type MyShift = z.infer<typeof myShiftSchema>;
export const myShiftsResponseSchema = z.object({
  shifts: z.array(myShiftSchema),
  /** The organization's zone and week start (0 = Sunday), and the days answered (inclusive). */
  time_zone: z.string(),
  week_start: z.number().int(),
  // Plain dates: the week of 2000-01-01 may start in 1999.
  from: z.string(),
  to: z.string(),
});
export type MyShiftsResponse = z.infer<typeof myShiftsResponseSchema>;

/** The personal calendar feed (iCal); the token is shown once on creation. */
export const calendarFeedResponseSchema = z.object({
  /** Absolute https URL of the .ics feed, or null when there is none. Full URL only right after creating it. */
  url: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;
