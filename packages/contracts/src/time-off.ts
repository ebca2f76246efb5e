import { z } from "zod";
import { wallEndSchema, wallTimeSchema } from "./availability.ts";
import { jobColorSchema } from "./jobs.ts";
import { personIdSchema } from "./person-id.ts";
import { scheduleDateSchema } from "./schedule.ts";
import { optionalTypedText, typedText } from "./validation.ts";

/**
 * Time off: leave types (Vacation, Sick, Unpaid…), the policies that grow
 * their balances, a ledger of every change to a balance, and time off asked
 * for (a request of kind `time_off`, decided in the requests inbox and on the
 * team calendar). Every amount is in minutes; the web shows hours, and days
 * using the person's usual day.
 *
 * The balance of a person for a type is the sum of their ledger. Adjustments
 * are written by managers; every other entry follows from the policy, the
 * person's start date, their approved time off and their approved timesheets,
 * and is recomputed whenever one of those changes (time-off-accrual.ts), so
 * balances never drift.
 */

export const LEAVE_TYPE_NAME_MAX = 50;
export const LEAVE_POLICY_NAME_MAX = 50;
export const TIME_OFF_REASON_MAX = 500;
export const TIME_OFF_BLOCK_REASON_MAX = 200;
export const HOLIDAY_NAME_MAX = 100;
/** One request covers at most this many days (a long leave is asked in parts). */
export const TIME_OFF_DAYS_MAX = 62;
/** The largest amount anywhere (a year of minutes). */
export const LEAVE_MINUTES_MAX = 527_040;
/** The team calendar shows at most this many days at once (a month and its edges). */
export const TIME_OFF_CALENDAR_DAYS_MAX = 42;
/** One bulk assignment names at most this many people. */
export const LEAVE_ASSIGN_MAX = 2000;

/** What a new organization starts with (names in the owner's language, from the web's translations at creation). */
export const defaultLeaveTypes = [
  { key: "vacation", color: "#2f9e44", paid: true },
  { key: "sick", color: "#e8590c", paid: true },
  { key: "unpaid", color: "#868e96", paid: false },
] as const;

export const leaveAccruals = ["none", "yearly", "per_period", "per_hours"] as const;
export type LeaveAccrual = (typeof leaveAccruals)[number];

export const ledgerKinds = ["grant", "accrual", "taken", "adjustment", "carryover", "expiry"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

const minutesSchema = z
  .number("timeOff.minutesInvalid")
  .int("timeOff.minutesInvalid")
  .min(0, "timeOff.minutesInvalid")
  .max(LEAVE_MINUTES_MAX, "timeOff.minutesInvalid");

// ---------------------------------------------------------------- leave types

export const leaveTypeSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  color: z.string(),
  paid: z.boolean(),
  archived: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const leaveTypeInputSchema = z.object({
  name: typedText("timeOff.typeNameRequired")
    .min(1, "timeOff.typeNameRequired")
    .max(LEAVE_TYPE_NAME_MAX, "timeOff.typeNameTooLong"),
  color: jobColorSchema,
  paid: z.boolean("timeOff.paidInvalid"),
});
export type LeaveTypeInput = z.input<typeof leaveTypeInputSchema>;
export const leaveTypePatchSchema = leaveTypeInputSchema.partial().extend({
  /** true archives it (its balances and history stay); false restores it. */
  archived: z.boolean().optional(),
});

// ---------------------------------------------------------------- policies

const policyFields = z.object({
  leave_type_id: z.string("timeOff.unknownType").uuid("timeOff.unknownType"),
  name: typedText("timeOff.policyNameRequired")
    .min(1, "timeOff.policyNameRequired")
    .max(LEAVE_POLICY_NAME_MAX, "timeOff.policyNameTooLong"),
  accrual: z.enum(leaveAccruals, "timeOff.accrualInvalid"),
  /** yearly: the year's grant; per_period: each pay period's amount; per_hours: what each `per_worked_minutes` earns. */
  amount_minutes: minutesSchema,
  /** per_hours only: the worked minutes that earn `amount_minutes` (e.g. 1800 for "every 30 h"). */
  per_worked_minutes: z
    .number("timeOff.perWorkedInvalid")
    .int("timeOff.perWorkedInvalid")
    .min(60, "timeOff.perWorkedInvalid")
    .max(60_000, "timeOff.perWorkedInvalid")
    .nullable(),
  /** The yearly reset (month 1–12, day 1–31; the 29th of February falls to the 28th in other years). */
  reset_month: z.number("timeOff.resetInvalid").int().min(1, "timeOff.resetInvalid").max(12, "timeOff.resetInvalid"),
  reset_day: z.number("timeOff.resetInvalid").int().min(1, "timeOff.resetInvalid").max(31, "timeOff.resetInvalid"),
  /** yearly: someone who starts mid-year gets the part of the grant left in that year. */
  prorate: z.boolean(),
  /** Accrual stops at this balance; null: no cap. */
  max_balance_minutes: minutesSchema.nullable(),
  /** At the reset, at most this much carries over (the rest expires); null: all of it. */
  carryover_max_minutes: minutesSchema.nullable(),
  /** Nothing accrues for this many days after the start date. */
  waiting_days: z
    .number("timeOff.waitingInvalid")
    .int()
    .min(0, "timeOff.waitingInvalid")
    .max(730, "timeOff.waitingInvalid"),
  /** How far below zero the balance may go by time off asked for. */
  negative_allowance_minutes: minutesSchema,
});

function policyFits(policy: { accrual?: LeaveAccrual | undefined; per_worked_minutes?: number | null | undefined }) {
  if (policy.accrual === undefined) return true;
  return (policy.accrual === "per_hours") === (policy.per_worked_minutes != null);
}

export const leavePolicyInputSchema = policyFields.refine(policyFits, {
  message: "timeOff.perWorkedInvalid",
  path: ["per_worked_minutes"],
});
export type LeavePolicyInput = z.input<typeof leavePolicyInputSchema>;
/** A policy's leave type never changes; anything else may (the balances of everyone on it follow). */
export const leavePolicyPatchSchema = policyFields
  .omit({ leave_type_id: true })
  .partial()
  .extend({ archived: z.boolean().optional() });

export const leavePolicySchema = policyFields.extend({
  id: z.string().uuid(),
  name: z.string(),
  archived: z.boolean(),
  /** How many people are on it. */
  people: z.number().int(),
});
export type LeavePolicy = z.infer<typeof leavePolicySchema>;

/** POST /api/time-off/assignments: put people on a policy (its type), or take them off (policy_id null). */
export const leaveAssignSchema = z.object({
  user_ids: z
    .array(personIdSchema("timeOff.unknownPerson"), "timeOff.unknownPerson")
    .min(1, "timeOff.unknownPerson")
    .max(LEAVE_ASSIGN_MAX, "timeOff.assignTooMany"),
  leave_type_id: z.string("timeOff.unknownType").uuid("timeOff.unknownType"),
  policy_id: z.string("timeOff.unknownPolicy").uuid("timeOff.unknownPolicy").nullable(),
});
export type LeaveAssign = z.input<typeof leaveAssignSchema>;

// ---------------------------------------------------------------- ledger and balances

export const ledgerEntrySchema = z.object({
  /** Null for an entry computed but not stored (none are today; kept for a preview). */
  id: z.string().uuid().nullable(),
  leave_type_id: z.string().uuid(),
  kind: z.enum(ledgerKinds),
  /** Signed: added (+) or taken (−). */
  minutes: z.number().int(),
  effective_on: z.string(),
  /** taken: the time-off request. */
  request_id: z.string().uuid().nullable(),
  /** accrual from hours worked: the approved pay period's first day. */
  period_start: z.string().nullable(),
  /** adjustment: why (required). */
  reason: z.string().nullable(),
  /** adjustment: who wrote it. */
  created_by: z.object({ user_id: personIdSchema(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
  /** The balance after this entry (entries in date order). */
  balance_minutes: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const leaveBalanceSchema = z.object({
  leave_type: leaveTypeSchema,
  /** The policy the person is on for this type; null: none (the balance is only adjustments and time off taken). */
  policy: z.object({ id: z.string().uuid(), name: z.string(), accrual: z.enum(leaveAccruals) }).nullable(),
  /** The ledger's sum today (approved time off ahead already taken out). */
  balance_minutes: z.number().int(),
  /** Asked for and still waiting. */
  pending_minutes: z.number().int(),
  /** How far below zero asking may take it. */
  negative_allowance_minutes: z.number().int(),
  /** The person's usual day (to show days): theirs, else the organization's. */
  day_minutes: z.number().int(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

/** GET /api/time-off/people/:user/balances and GET /api/my/time-off: a person's balances, one per active type. */
export const balancesResponseSchema = z.object({
  balances: z.array(leaveBalanceSchema),
  started_on: z.string().nullable(),
  day_minutes: z.number().int(),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

/** GET …/ledger?leave_type_id=&from=&to=: a person's entries for one type, in date order, each with the balance after it. */
export const ledgerQuerySchema = z.object({
  leave_type_id: z.string("timeOff.unknownType").uuid("timeOff.unknownType"),
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
});
export const ledgerResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  /** The balance before the first entry listed. */
  opening_minutes: z.number().int(),
  balance_minutes: z.number().int(),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** POST /api/time-off/adjustments: a manager changes a balance, with a reason (audited). */
export const ledgerAdjustSchema = z.object({
  user_id: personIdSchema("timeOff.unknownPerson"),
  leave_type_id: z.string("timeOff.unknownType").uuid("timeOff.unknownType"),
  minutes: z
    .number("timeOff.adjustInvalid")
    .int("timeOff.adjustInvalid")
    .min(-LEAVE_MINUTES_MAX, "timeOff.adjustInvalid")
    .max(LEAVE_MINUTES_MAX, "timeOff.adjustInvalid")
    .refine((value) => value !== 0, "timeOff.adjustInvalid"),
  effective_on: scheduleDateSchema,
  reason: typedText("timeOff.reasonRequired", { multiline: true })
    .min(1, "timeOff.reasonRequired")
    .max(TIME_OFF_REASON_MAX, "timeOff.reasonTooLong"),
});
export type LedgerAdjust = z.input<typeof ledgerAdjustSchema>;

/** PATCH /api/time-off/people/:user: the start date policies accrue from, and the person's usual day. */
export const leavePersonPatchSchema = z.object({
  started_on: scheduleDateSchema.nullable().optional(),
  day_minutes: z
    .number("timeOff.dayMinutesInvalid")
    .int()
    .min(60, "timeOff.dayMinutesInvalid")
    .max(1440, "timeOff.dayMinutesInvalid")
    .nullable()
    .optional(),
});

/** GET /api/time-off/balances?leave_type_id=: everyone's balance for one type (the balances table). */
export const teamBalancesResponseSchema = z.object({
  people: z.array(
    z.object({
      user_id: personIdSchema(),
      first_name: z.string(),
      last_name: z.string(),
      started_on: z.string().nullable(),
      day_minutes: z.number().int(),
      policy_id: z.string().uuid().nullable(),
      balance_minutes: z.number().int(),
      pending_minutes: z.number().int(),
    }),
  ),
});
export type TeamBalancesResponse = z.infer<typeof teamBalancesResponseSchema>;

// ---------------------------------------------------------------- asking

export const timeOffNoteSchema = optionalTypedText(500, "requests.noteTooLong", { multiline: true });

/** A part of one day, wall-clock in the person's zone. */
export const timeOffPartSchema = z
  .object({ start: wallTimeSchema, end: wallEndSchema })
  .refine((part) => part.end > part.start, { message: "timeOff.partInvalid", path: ["end"] });

/** What one asks for (POST /api/my/requests with kind time_off, and the preview). */
export const timeOffAskFields = {
  leave_type_id: z.string("timeOff.unknownType").uuid("timeOff.unknownType"),
  /** First and last day, inclusive, in the person's zone. */
  from: scheduleDateSchema,
  to: scheduleDateSchema,
  /** A part of the day (from and to the same day); null or left out: whole days. */
  part: timeOffPartSchema.nullable().optional(),
};

function askFits(ask: { from: string; to: string; part?: unknown }): boolean {
  return ask.to >= ask.from;
}
function partFits(ask: { from: string; to: string; part?: unknown }): boolean {
  return ask.part == null || ask.from === ask.to;
}
/** The rules of an ask beyond its fields' shapes: the range runs forward, a part is of one day. */
export const timeOffPreviewSchema = z
  .object(timeOffAskFields)
  .refine(askFits, { message: "timeOff.rangeInvalid", path: ["to"] })
  .refine(partFits, { message: "timeOff.partOneDay", path: ["part"] });
/** POST /api/my/requests, kind time_off. */
export const timeOffAskSchema = z
  .object({ kind: z.literal("time_off"), ...timeOffAskFields, note: timeOffNoteSchema.optional() })
  .refine(askFits, { message: "timeOff.rangeInvalid", path: ["to"] })
  .refine(partFits, { message: "timeOff.partOneDay", path: ["part"] });
export type TimeOffPreviewInput = z.input<typeof timeOffPreviewSchema>;

/** Why a day counts what it counts. */
export const timeOffDayBases = ["shifts", "day", "weekend", "holiday", "part"] as const;
export type TimeOffDayBasis = (typeof timeOffDayBases)[number];

export const timeOffDaySchema = z.object({
  day: z.string(),
  minutes: z.number().int(),
  basis: z.enum(timeOffDayBases),
  /** holiday: its name. */
  holiday: z.string().nullable(),
});
export type TimeOffDay = z.infer<typeof timeOffDaySchema>;

export const timeOffBlockHitSchema = z.object({
  starts_on: z.string(),
  ends_on: z.string(),
  reason: z.string(),
  board_id: z.string().uuid().nullable(),
});

/** POST /api/my/time-off/preview: what asking would take, before asking. */
export const timeOffPreviewResponseSchema = z.object({
  days: z.array(timeOffDaySchema),
  minutes: z.number().int(),
  balance_minutes: z.number().int(),
  pending_minutes: z.number().int(),
  /** balance − pending − this. */
  balance_after_minutes: z.number().int(),
  negative_allowance_minutes: z.number().int(),
  day_minutes: z.number().int(),
  time_zone: z.string(),
  /** Blocked dates it meets (refused or warned, by the organization's setting). */
  blocked: z.array(timeOffBlockHitSchema),
  blocked_policy: z.enum(["refuse", "warn"]),
  /** Refusal codes asking would meet now (e.g. time_off_balance_short); empty: it can be asked. */
  blockers: z.array(z.string()),
});
export type TimeOffPreviewResponse = z.infer<typeof timeOffPreviewResponseSchema>;

/** What shifts overlapping approved time off become: open shifts, kept as they are, or removed. */
export const timeOffShiftActions = ["open", "keep", "remove"] as const;
export type TimeOffShiftAction = (typeof timeOffShiftActions)[number];

/** The time off a request holds (kinds time_off and time_off_cancel). */
export const requestTimeOffSchema = z.object({
  leave_type: leaveTypeSchema,
  from: z.string(),
  to: z.string(),
  part: z.object({ start: z.string(), end: z.string() }).nullable(),
  minutes: z.number().int(),
  days: z.array(timeOffDaySchema),
  time_zone: z.string(),
  /** time_off_cancel: the approved time off it asks to cancel. */
  cancels_request_id: z.string().uuid().nullable(),
  /** approved: what was done with the shifts it overlapped. */
  shifts_action: z.enum(timeOffShiftActions).nullable(),
});
export type RequestTimeOff = z.infer<typeof requestTimeOffSchema>;

/** What a yes to time off would do (the inbox and the calendar show it). */
export const timeOffImpactSchema = z.object({
  balance_before_minutes: z.number().int(),
  balance_after_minutes: z.number().int(),
  negative_allowance_minutes: z.number().int(),
  /** Published shifts of the person it overlaps (approving asks what to do with them). */
  shifts: z.array(
    z.object({
      id: z.string().uuid(),
      board: z.object({ id: z.string().uuid(), name: z.string() }),
      job: z.object({ id: z.string().uuid(), name: z.string(), color: z.string() }).nullable(),
      starts_at: z.string(),
      ends_at: z.string(),
      time_zone: z.string(),
    }),
  ),
  /** Per day and job of the person: who else is off (approved or pending), and the job's limit. */
  others_off: z.array(
    z.object({
      day: z.string(),
      job_id: z.string().uuid().nullable(),
      people: z.array(
        z.object({ user_id: personIdSchema(), first_name: z.string(), last_name: z.string(), status: z.string() }),
      ),
      total: z.number().int(),
      limit: z.number().int().nullable(),
    }),
  ),
  blocked: z.array(timeOffBlockHitSchema),
  /** The person's usual day (to show the balance in days too); left out: the web shows hours only. */
  day_minutes: z.number().int().optional(),
});
export type TimeOffImpact = z.infer<typeof timeOffImpactSchema>;

// ---------------------------------------------------------------- the team calendar

/** GET /api/time-off/calendar/:board?from=&to= (board: a board's id or "all"). */
export const timeOffCalendarQuerySchema = z
  .object({ from: scheduleDateSchema, to: scheduleDateSchema })
  .refine((q) => q.to >= q.from, { message: "timeOff.rangeInvalid", path: ["to"] });

export const timeOffCalendarResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  people: z.array(
    z.object({
      user_id: personIdSchema(),
      first_name: z.string(),
      last_name: z.string(),
      color: z.string().nullable(),
      job_ids: z.array(z.string().uuid()),
    }),
  ),
  leave_types: z.array(leaveTypeSchema),
  jobs: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      color: z.string(),
      people: z.number().int(),
      limit: z.number().int().nullable(),
    }),
  ),
  /** One per person, day and request (pending and approved). */
  days: z.array(
    z.object({
      request_id: z.string().uuid(),
      user_id: personIdSchema(),
      leave_type_id: z.string().uuid(),
      status: z.enum(["pending", "approved"]),
      day: z.string(),
      minutes: z.number().int(),
      /** A part of the day: its wall-clock times; null: the whole day. */
      part: z.object({ start: z.string(), end: z.string() }).nullable(),
      /** Approved leave whose cancellation waits (a time_off_cancel request): that request's id, which the calendar opens. */
      cancel_request_id: z.string().uuid().nullable().optional(),
    }),
  ),
  /** Per day and job: how many of its people are off (approved; pending apart), and whether that is above its limit. */
  counts: z.array(
    z.object({
      day: z.string(),
      job_id: z.string().uuid(),
      approved: z.number().int(),
      pending: z.number().int(),
      over_limit: z.boolean(),
    }),
  ),
  holidays: z.array(z.object({ day: z.string(), name: z.string() })),
  blocks: z.array(timeOffBlockHitSchema.extend({ id: z.string().uuid() })),
  time_zone: z.string(),
  week_start: z.number().int(),
});
export type TimeOffCalendarResponse = z.infer<typeof timeOffCalendarResponseSchema>;

// ---------------------------------------------------------------- holidays, blocked dates, limits, settings

export const holidaySchema = z.object({ id: z.string().uuid(), day: z.string(), name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;
export const holidayInputSchema = z.object({
  day: scheduleDateSchema,
  name: typedText("timeOff.holidayNameRequired")
    .min(1, "timeOff.holidayNameRequired")
    .max(HOLIDAY_NAME_MAX, "timeOff.holidayNameTooLong"),
});
/** POST /api/time-off/holidays/load: add the public holidays of the company's country for a year (the library's, in the reader's language); existing days are kept. */
export const holidayLoadSchema = z.object({
  year: z.number("timeOff.yearInvalid").int().min(2000, "timeOff.yearInvalid").max(2100, "timeOff.yearInvalid"),
});
export const holidaysQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const holidaysResponseSchema = z.object({
  holidays: z.array(holidaySchema),
  /** The company's country (ISO 3166-1 alpha-2) the library loads from; null: none set. */
  country: z.string().nullable(),
});

export const timeOffBlockInputSchema = z
  .object({
    /** null: the whole organization. */
    board_id: z.string("timeOff.unknownBoard").uuid("timeOff.unknownBoard").nullable(),
    starts_on: scheduleDateSchema,
    ends_on: scheduleDateSchema,
    reason: typedText("timeOff.blockReasonRequired")
      .min(1, "timeOff.blockReasonRequired")
      .max(TIME_OFF_BLOCK_REASON_MAX, "timeOff.blockReasonTooLong"),
  })
  .refine((b) => b.ends_on >= b.starts_on, { message: "timeOff.rangeInvalid", path: ["ends_on"] });
export const timeOffBlockSchema = timeOffBlockHitSchema.extend({ id: z.string().uuid() });

export const timeOffSettingsSchema = z.object({
  day_minutes: z
    .number("timeOff.dayMinutesInvalid")
    .int()
    .min(60, "timeOff.dayMinutesInvalid")
    .max(1440, "timeOff.dayMinutesInvalid"),
  /** 0 = Sunday … 6 = Saturday. */
  weekend_days: z
    .array(z.number("timeOff.weekendInvalid").int().min(0, "timeOff.weekendInvalid").max(6, "timeOff.weekendInvalid"))
    .max(6, "timeOff.weekendInvalid")
    .refine((days) => new Set(days).size === days.length, "timeOff.weekendInvalid"),
  blocked_dates_policy: z.enum(["refuse", "warn"], "timeOff.policyInvalid"),
  /** Scheduling someone on approved leave: warn, or refuse. */
  leave_scheduling_policy: z.enum(["warn", "refuse"], "timeOff.policyInvalid"),
  /** Per job: the most people off on one day before the calendar warns; null: no limit. */
  job_limits: z.array(
    z.object({ job_id: z.string().uuid("timeOff.unknownJob"), max_off: z.number().int().min(0).max(10000).nullable() }),
  ),
});
export type TimeOffSettings = z.infer<typeof timeOffSettingsSchema>;
export const timeOffSettingsPatchSchema = timeOffSettingsSchema.partial();

/** GET /api/time-off/setup: everything the time-off settings show, in one answer. */
export const timeOffSetupResponseSchema = z.object({
  leave_types: z.array(leaveTypeSchema),
  policies: z.array(leavePolicySchema),
  settings: timeOffSettingsSchema,
  blocks: z.array(timeOffBlockSchema),
});
export type TimeOffSetupResponse = z.infer<typeof timeOffSetupResponseSchema>;

/** GET /api/my/time-off: my balances, types I can ask for, my zone. */
export const myTimeOffResponseSchema = balancesResponseSchema.extend({
  leave_types: z.array(leaveTypeSchema),
  time_zone: z.string(),
  weekend_days: z.array(z.number().int()),
});
export type MyTimeOffResponse = z.infer<typeof myTimeOffResponseSchema>;
