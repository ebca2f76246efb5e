import { z } from "zod";
import { personIdSchema } from "./person-id.ts";
import { scheduleDateSchema } from "./schedule.ts";
import { timeClockSettingsSchema, timeEntrySchema } from "./time-clock.ts";
import { personTimesheetSchema, sheetTotalsSchema } from "./timesheet.ts";

/** The most people one page of timesheets holds. */
export const TIMESHEET_PAGE_MAX = 200;

/** GET …/timesheets.csv and .xlsx: the period holding `date` (default today). */
const periodQuerySchema = z.object({ date: scheduleDateSchema.optional() });

/**
 * GET /api/time-clock/boards/:scope/timesheets?date=: the pay period holding
 * the date (default today). With `limit`, only `limit` people's sheets from
 * `offset` on (in the list's order) and their entries, while the totals and
 * `page` still count everyone: a long list's first screen need not wait for
 * every sheet. `offset` alone is refused.
 */
export const timesheetQuerySchema = periodQuerySchema
  .extend({
    offset: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(TIMESHEET_PAGE_MAX).optional(),
  })
  .refine((query) => query.offset === undefined || query.limit !== undefined, {
    message: "offset needs a limit",
    path: ["offset"],
  });
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

/**
 * GET …/timesheets.csv and .xlsx: the period holding `date`; `by_day=true`
 * adds one column per day of the period (the hours worked that day).
 */
export const timesheetExportQuerySchema = periodQuerySchema.extend({
  by_day: z.enum(["true", "false"]).optional(),
});

export const approvalSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  approved_at: z.string(),
  approved_by: z.object({ user_id: personIdSchema(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** A day of approved leave on a timesheet (the day in the person's zone), with its type. */
export const timesheetLeaveSchema = z.object({
  request_id: z.string().uuid(),
  date: z.string(),
  minutes: z.number().int(),
  /** A part of the day (else the whole day). */
  part: z.boolean(),
  leave_type: z.object({ id: z.string().uuid(), name: z.string(), color: z.string(), paid: z.boolean() }),
});
export type TimesheetLeave = z.infer<typeof timesheetLeaveSchema>;

export const timesheetPersonSchema = z.object({
  user_id: personIdSchema(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.string(),
  hourly_rate: z.number().nullable(),
  /** The person's employee (payroll) id, null when none. Always sent by the server. */
  employee_id: z.string().nullable().optional(),
  /** The approval of this period (its entries are locked), or null. */
  approval: approvalSchema.nullable(),
  /**
   * The days of approved leave in the period, paid and unpaid (the sheet's days and totals add
   * them up as leave_minutes and unpaid_leave_minutes, never as worked time). Always sent by the server.
   */
  leave: z.array(timesheetLeaveSchema).optional(),
  sheet: personTimesheetSchema,
});
export type TimesheetPerson = z.infer<typeof timesheetPersonSchema>;

/**
 * A board's (or every board's) timesheets for one pay period: per person,
 * each day scheduled vs worked, breaks, regular and overtime, cost; the
 * period's entries (to correct them); and the totals. The same numbers as the
 * payroll export.
 */
export const timesheetResponseSchema = z.object({
  boards: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  all: z.boolean(),
  period: z.object({ start: z.string(), end: z.string() }),
  today: z.string(),
  time_zone: z.string(),
  week_start: z.number().int(),
  currency: z.string(),
  settings: timeClockSettingsSchema,
  can_manage: z.boolean(),
  jobs: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      color: z.string(),
      hourly_rate: z.number().nullable(),
      time_zone: z.string().nullable(),
      is_archived: z.boolean(),
    }),
  ),
  people: z.array(timesheetPersonSchema),
  entries: z.array(timeEntrySchema),
  totals: sheetTotalsSchema,
  /**
   * Sent when a page was asked for (`limit`): where `people` starts, and the
   * whole period's counts of people listed, of those approved and of entries
   * (the totals always count everyone).
   */
  page: z
    .object({
      offset: z.number().int().min(0),
      limit: z.number().int().min(1),
      people: z.number().int().min(0),
      approved: z.number().int().min(0),
      entries: z.number().int().min(0),
    })
    .optional(),
});
export type TimesheetResponse = z.infer<typeof timesheetResponseSchema>;
