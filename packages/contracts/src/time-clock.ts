import { z } from "zod";
import { personIdSchema } from "./person-id.ts";
import { instantSchema, scheduleDateSchema } from "./schedule.ts";
import { optionalTypedText, typedText } from "./validation.ts";

/**
 * The time clock: people punch in and out (with breaks) from /my;
 * each punch is kept exactly as it came (`time_punches`), and time entries
 * (one per clock-in, with their breaks) are derived from them. Managers
 * correct entries with a reason (audited), approve pay periods (locking
 * them) and export timesheets. Instants travel as ISO 8601 in UTC; an
 * entry's day is read in the zone zoneOfWork gives (its shift's board's,
 * else its job's, else the organization's).
 */

export const punchKinds = ["clock_in", "break_start", "break_end", "clock_out"] as const;
export type PunchKind = (typeof punchKinds)[number];

export const payPeriodKinds = ["weekly", "biweekly", "semimonthly"] as const;
export type PayPeriodKind = (typeof payPeriodKinds)[number];

/** What happens to a punch outside a job's site, or too early for its shift. */
export const clockPolicies = ["off", "warn", "refuse"] as const;
export type ClockPolicy = (typeof clockPolicies)[number];

/** Punch rounding, to the nearest N minutes (0 = none): never a rule that rounds only one way. */
export const roundingChoices = [0, 5, 10, 15] as const;
export type RoundingMinutes = (typeof roundingChoices)[number];

/** A punch may be this far ahead of the server's clock (a device's clock runs a little fast). */
export const PUNCH_FUTURE_SLACK_MS = 2 * 60 * 1000;
/** A punch kept offline is accepted this long after it was made. */
export const PUNCH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** An entry (clock-in to clock-out) lasts at most this long; longer needs a manager. */
export const ENTRY_MINUTES_MAX = 7 * 24 * 60;
export const CLOCK_REASON_MAX = 500;
export const CLOCK_NOTE_MAX = 500;

/** Organization settings of the time clock, with their defaults. */
export const DEFAULT_TIME_CLOCK_SETTINGS = {
  pay_period: "weekly",
  /** The first day of one two-week period (biweekly periods run on from it, both ways). */
  pay_period_anchor: "2026-01-05",
  /** Overtime past this many minutes in a week (null: no weekly overtime). */
  overtime_weekly_minutes: 40 * 60,
  /** Overtime past this many minutes in a day (null: no daily overtime). */
  overtime_daily_minutes: null,
  overtime_multiplier: 1.5,
  rounding_minutes: 0,
  /** Clocking in more than this many minutes before the shift starts is early. */
  early_minutes: 15,
  early_policy: "warn",
  location_policy: "warn",
  /** An entry open (or lasting) longer than this is flagged and counts nothing until a manager checks it. */
  open_limit_minutes: 16 * 60,
  /** No clock-in this many minutes after a shift started: late (then absent once the shift is over). */
  late_after_minutes: 5,
} as const satisfies TimeClockSettings;

export const timeClockSettingsSchema = z.object({
  pay_period: z.enum(payPeriodKinds, "timeClock.payPeriodInvalid"),
  pay_period_anchor: scheduleDateSchema,
  overtime_weekly_minutes: z
    .number("timeClock.overtimeInvalid")
    .int("timeClock.overtimeInvalid")
    .min(60, "timeClock.overtimeInvalid")
    .max(7 * 24 * 60, "timeClock.overtimeInvalid")
    .nullable(),
  overtime_daily_minutes: z
    .number("timeClock.overtimeInvalid")
    .int("timeClock.overtimeInvalid")
    .min(60, "timeClock.overtimeInvalid")
    .max(24 * 60, "timeClock.overtimeInvalid")
    .nullable(),
  overtime_multiplier: z
    .number("timeClock.multiplierInvalid")
    .min(1, "timeClock.multiplierInvalid")
    .max(3, "timeClock.multiplierInvalid"),
  rounding_minutes: z.union(
    roundingChoices.map((n) => z.literal(n)),
    "timeClock.roundingInvalid",
  ),
  early_minutes: z
    .number("timeClock.minutesInvalid")
    .int("timeClock.minutesInvalid")
    .min(0, "timeClock.minutesInvalid")
    .max(240, "timeClock.minutesInvalid"),
  early_policy: z.enum(["warn", "refuse"], "timeClock.policyInvalid"),
  location_policy: z.enum(clockPolicies, "timeClock.policyInvalid"),
  open_limit_minutes: z
    .number("timeClock.minutesInvalid")
    .int("timeClock.minutesInvalid")
    .min(60, "timeClock.minutesInvalid")
    .max(48 * 60, "timeClock.minutesInvalid"),
  late_after_minutes: z
    .number("timeClock.minutesInvalid")
    .int("timeClock.minutesInvalid")
    .min(0, "timeClock.minutesInvalid")
    .max(120, "timeClock.minutesInvalid"),
});
export type TimeClockSettings = z.infer<typeof timeClockSettingsSchema>;
/** PUT /api/time-clock/settings: any subset; what is not given stays. */
export const timeClockSettingsUpdateSchema = timeClockSettingsSchema.partial();
export type TimeClockSettingsUpdate = z.input<typeof timeClockSettingsUpdateSchema>;

/** Where the device was, with the person's consent (browser geolocation). */
export const punchLocationSchema = z.object({
  latitude: z
    .number("timeClock.locationInvalid")
    .min(-90, "timeClock.locationInvalid")
    .max(90, "timeClock.locationInvalid"),
  longitude: z
    .number("timeClock.locationInvalid")
    .min(-180, "timeClock.locationInvalid")
    .max(180, "timeClock.locationInvalid"),
  /** Metres, as the browser reports it. */
  accuracy: z.number("timeClock.locationInvalid").min(0, "timeClock.locationInvalid").max(100_000).nullable(),
});
export type PunchLocation = z.infer<typeof punchLocationSchema>;

/**
 * POST /api/my/punches: one punch, made on the device at `at` (possibly
 * offline, sent later). `id` is the device's own id for it: the server
 * keeps each id once, so resending (a retry, a double tap) never makes a
 * second punch. A clock-in may name the shift or the job it is for;
 * without either, it goes to the person's current (or next) shift.
 */
export const punchRequestSchema = z.object({
  id: z.string("timeClock.punchIdInvalid").uuid("timeClock.punchIdInvalid"),
  kind: z.enum(punchKinds, "timeClock.kindInvalid"),
  at: instantSchema,
  shift_id: z.string().uuid("timeClock.unknownShift").nullable().optional(),
  job_id: z.string().uuid("timeClock.unknownJob").nullable().optional(),
  location: punchLocationSchema.nullable().optional(),
  /**
   * Whose punch it is, as the device recorded it: sent with another person's
   * (or organization's) session, it is refused with 403 and stays on the
   * device for its owner, instead of being recorded as someone else's. The
   * account's own id (the session's user.id), not a person id: the device
   * keeps its queue per account, and only the account itself sends it.
   */
  organization_id: z.string().uuid().optional(),
  user_id: z.string().uuid().optional(),
});
export type PunchRequest = z.input<typeof punchRequestSchema>;

/** Why a punch was accepted with a remark (it is refused instead when the setting says so). */
export const punchWarningCodes = [
  "early",
  "outside_site",
  "no_location",
  "no_shift",
  "not_on_job",
  "late_sync",
] as const;
export type PunchWarningCode = (typeof punchWarningCodes)[number];
export const punchWarningSchema = z.object({
  code: z.enum(punchWarningCodes),
  /** early: minutes before the shift; outside_site: metres from the site; late_sync: minutes between made and received. */
  minutes: z.number().int().optional(),
  meters: z.number().int().optional(),
});
export type PunchWarning = z.infer<typeof punchWarningSchema>;

export const punchSchema = z.object({
  id: z.string().uuid(),
  user_id: personIdSchema(),
  kind: z.enum(punchKinds),
  /** When it was made on the device. */
  at: z.string(),
  /** When the server got it. */
  received_at: z.string(),
  time_entry_id: z.string().uuid().nullable(),
  job_id: z.string().uuid().nullable(),
  shift_id: z.string().uuid().nullable(),
  location: punchLocationSchema.nullable(),
  warnings: z.array(punchWarningSchema),
});
export type Punch = z.infer<typeof punchSchema>;

export const entryBreakSchema = z.object({
  starts_at: z.string(),
  /** null while the break goes on. */
  ends_at: z.string().nullable(),
});
export type EntryBreak = z.infer<typeof entryBreakSchema>;

/** A time entry: one clock-in to its clock-out, with the breaks in between. */
export const timeEntrySchema = z.object({
  id: z.string().uuid(),
  user_id: personIdSchema(),
  job_id: z.string().uuid().nullable(),
  shift_id: z.string().uuid().nullable(),
  clock_in_at: z.string(),
  /** null while clocked in. */
  clock_out_at: z.string().nullable(),
  breaks: z.array(entryBreakSchema),
  /** "punch": made by clocking in; "manager": added by a manager. */
  source: z.enum(["punch", "manager"]),
  note: z.string().nullable(),
  /** A manager looked at it after it was flagged (or changed it). */
  reviewed: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const clockStates = ["out", "in", "break"] as const;
export type ClockState = (typeof clockStates)[number];

export const clockShiftSchema = z.object({
  id: z.string().uuid(),
  job_id: z.string().uuid().nullable(),
  board_id: z.string().uuid(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number().int(),
});
export type ClockShift = z.infer<typeof clockShiftSchema>;

/** GET /api/my/clock (and every punch's answer): where I stand now. */
export const clockStatusSchema = z.object({
  state: z.enum(clockStates),
  entry: timeEntrySchema.nullable(),
  /** My published shift going on now, or the next one today. */
  shift: clockShiftSchema.nullable(),
  /** Jobs I may clock in to. */
  jobs: z.array(z.object({ id: z.string().uuid(), name: z.string(), color: z.string(), has_site: z.boolean() })),
  /** Worked minutes today and this week (the organization's week, in its zone), the open entry counted to now. */
  today_minutes: z.number().int(),
  week_minutes: z.number().int(),
  time_zone: z.string(),
  /**
   * Whether punches should carry the device's position: the organization's
   * setting, but "off" while no job in `sites` has a site (nothing to check a
   * position against, so nobody is asked and nothing is kept).
   */
  location_policy: z.enum(clockPolicies),
  /**
   * The jobs with a site (a position and radius) my clock-ins and clock-outs
   * may be checked against: my jobs, my shift's and my open entry's. A punch
   * carries the position only when its job is one of them (breaks never).
   */
  sites: z.array(z.object({ job_id: z.string().uuid(), name: z.string() })),
  server_time: z.string(),
});
export type ClockStatus = z.infer<typeof clockStatusSchema>;

export const punchResponseSchema = z.object({
  punch: punchSchema,
  /** The punch was already here (sent before): nothing new was made. */
  replayed: z.boolean(),
  status: clockStatusSchema,
});
export type PunchResponse = z.infer<typeof punchResponseSchema>;

const reasonSchema = typedText("timeClock.reasonRequired", { multiline: true })
  .min(1, "timeClock.reasonRequired")
  .max(CLOCK_REASON_MAX, "timeClock.reasonTooLong");
const entryNoteSchema = optionalTypedText(CLOCK_NOTE_MAX, "timeClock.noteTooLong", { multiline: true });
const entryBreakInputSchema = z.object({ starts_at: instantSchema, ends_at: instantSchema });

/** POST /api/time-clock/entries: a manager adds a whole entry (a forgotten shift), with a reason. */
export const entryCreateSchema = z.object({
  user_id: personIdSchema("timeClock.unknownPerson"),
  job_id: z.string().uuid("timeClock.unknownJob").nullable().optional(),
  clock_in_at: instantSchema,
  clock_out_at: instantSchema,
  breaks: z.array(entryBreakInputSchema).max(20, "timeClock.breaksTooMany").optional(),
  note: entryNoteSchema.optional(),
  reason: reasonSchema,
});
export type EntryCreate = z.input<typeof entryCreateSchema>;

/** PATCH /api/time-clock/entries/:id: what changes, the version it was read at, and why. */
export const entryUpdateSchema = z.object({
  version: z.number().int().min(1),
  job_id: z.string().uuid("timeClock.unknownJob").nullable().optional(),
  clock_in_at: instantSchema.optional(),
  /** null reopens nothing: only a clock-in makes an open entry. */
  clock_out_at: instantSchema.optional(),
  breaks: z.array(entryBreakInputSchema).max(20, "timeClock.breaksTooMany").optional(),
  note: entryNoteSchema.optional(),
  reason: reasonSchema,
});
export type EntryUpdate = z.input<typeof entryUpdateSchema>;

/** DELETE /api/time-clock/entries/:id (a body: the reason is required). */
export const entryDeleteSchema = z.object({ version: z.number().int().min(1), reason: reasonSchema });
export type EntryDelete = z.input<typeof entryDeleteSchema>;

/** One record of an entry's history (the audit log). */
export const entryAuditSchema = z.object({
  id: z.string().uuid(),
  action: z.enum(["created", "updated", "deleted", "punched"]),
  actor: z.object({ user_id: personIdSchema(), first_name: z.string(), last_name: z.string() }).nullable(),
  reason: z.string().nullable(),
  before: timeEntrySchema.partial().nullable(),
  after: timeEntrySchema.partial().nullable(),
  at: z.string(),
});
export type EntryAudit = z.infer<typeof entryAuditSchema>;

/** GET /api/time-clock/entries/:id/history: the punches an entry came from and every change since. */
export const entryHistorySchema = z.object({
  entry: timeEntrySchema,
  deleted: z.boolean(),
  punches: z.array(punchSchema),
  audit: z.array(entryAuditSchema),
});
export type EntryHistory = z.infer<typeof entryHistorySchema>;

/** POST /api/time-clock/approvals (approve) and /approvals/unlock (with a reason). */
export const approvalRequestSchema = z.object({
  user_id: personIdSchema("timeClock.unknownPerson"),
  period_start: scheduleDateSchema,
});
export const unlockRequestSchema = approvalRequestSchema.extend({ reason: reasonSchema });
export type ApprovalRequest = z.input<typeof approvalRequestSchema>;
export type UnlockRequest = z.input<typeof unlockRequestSchema>;

/** The most people one bulk approval takes: a 300-person company's period fits three times over. */
export const MAX_BULK_APPROVAL = 1000;

/**
 * POST /api/time-clock/approvals/bulk: approve the period of each person
 * named (those ready: the rest are skipped, each with why).
 */
export const bulkApprovalRequestSchema = z.object({
  user_ids: z
    .array(personIdSchema("timeClock.unknownPerson"), "timeClock.bulkInvalid")
    .min(1, "timeClock.bulkInvalid")
    .max(MAX_BULK_APPROVAL, "timeClock.bulkTooMany")
    .refine((ids) => new Set(ids).size === ids.length, "timeClock.bulkInvalid"),
  period_start: scheduleDateSchema,
});
export type BulkApprovalRequest = z.input<typeof bulkApprovalRequestSchema>;

/** Why a person's period was left as it was by a bulk approval (each an i18n key under validation). */
export const approvalSkipReasons = [
  "timeClock.unresolvedEntries",
  "timeClock.alreadyApproved",
  "timeClock.ownTime",
  "timeClock.unknownPerson",
] as const;
export type ApprovalSkipReason = (typeof approvalSkipReasons)[number];

export const bulkApprovalResponseSchema = z.object({
  approved: z.array(personIdSchema()),
  skipped: z.array(z.object({ user_id: personIdSchema(), reason: z.enum(approvalSkipReasons) })),
});
export type BulkApprovalResponse = z.infer<typeof bulkApprovalResponseSchema>;

/**
 * Where someone stands today in the live view:
 * - working: clocked in (on a shift, or `unscheduled`: with no shift now);
 * - on_break: clocked in, on a break;
 * - late: a shift started more than late_after_minutes ago and no clock-in;
 * - absent: a shift of today ended without a clock-in;
 * - scheduled: a shift later today;
 * - done: clocked out today.
 */
export const liveStatuses = ["working", "unscheduled", "on_break", "late", "absent", "scheduled", "done"] as const;
export type LiveStatus = (typeof liveStatuses)[number];

export const livePersonSchema = z.object({
  user_id: personIdSchema(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(liveStatuses),
  /** The open entry, or today's last one. */
  entry: timeEntrySchema.nullable(),
  /** Today's shift that matters now (going on, next, or the one missed). */
  shift: clockShiftSchema.nullable(),
  /** Clocked in, on a break, or late since then. */
  since: z.string().nullable(),
  worked_minutes_today: z.number().int(),
  /** The open entry has run past the open-entry limit (a forgotten clock-out?). */
  flagged: z.boolean(),
  /** The last punch's remarks (early, off site…), for the manager's eye. */
  warnings: z.array(punchWarningSchema),
});
export type LivePerson = z.infer<typeof livePersonSchema>;

/**
 * Why the server refuses a punch (each a key of the validation namespace,
 * the person's message; managers read their own words for it): the
 * refusals kept for the manager are these.
 */
export const punchRefusalReasons = [
  "timeClock.alreadyIn",
  "timeClock.notIn",
  "timeClock.outOfOrder",
  "timeClock.alreadyOnBreak",
  "timeClock.notOnBreak",
  "timeClock.periodApproved",
  "timeClock.overlaps",
  "timeClock.entryTooLong",
  "timeClock.unknownShift",
  "timeClock.unknownJob",
  "timeClock.locationRequired",
  "timeClock.outsideSite",
  "timeClock.tooEarly",
  "timeClock.future",
  "timeClock.tooOld",
] as const;
export type PunchRefusalReason = (typeof punchRefusalReasons)[number];

/** A punch the server refused today (the person was told why on their phone), for the manager's eye. */
export const liveRefusalSchema = z.object({
  id: z.string().uuid(),
  user_id: personIdSchema(),
  first_name: z.string(),
  last_name: z.string(),
  kind: z.enum(punchKinds),
  /** When it was made on the device, and when it reached the server. */
  at: z.string(),
  received_at: z.string(),
  /** The message key the person was answered with (punchRefusalReasons). */
  reason: z.enum(punchRefusalReasons),
});
export type LiveRefusal = z.infer<typeof liveRefusalSchema>;

/** GET /api/time-clock/boards/:scope/live: today's picture, updated by GET /api/time-clock/events?board=. */
export const liveResponseSchema = z.object({
  boards: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  all: z.boolean(),
  today: z.string(),
  time_zone: z.string(),
  server_time: z.string(),
  late_after_minutes: z.number().int(),
  /** Everyone with a shift or time today, or clocked in now. */
  people: z.array(livePersonSchema),
  counts: z.record(z.enum(liveStatuses), z.number().int()),
  /** Today's refused punches of the people in scope, newest first (the latest 50), and how many in all. */
  refused: z.array(liveRefusalSchema),
  refused_total: z.number().int(),
  can_manage: z.boolean(),
});
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/**
 * What the time clock's event stream sends (`event: clock`): whose time
 * changed, or (`refused: true`) only that a punch of theirs was refused,
 * which changes the live view's list and nothing a timesheet counts.
 */
export const clockEventSchema = z.object({ user_id: personIdSchema(), refused: z.boolean().optional() });
export type ClockEvent = z.infer<typeof clockEventSchema>;
