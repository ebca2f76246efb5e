import { z } from "zod";
import { availabilityChangeSchema } from "./availability.ts";
import { personIdSchema } from "./person-id.ts";
import { instantSchema, SHIFT_NOTE_MAX, scheduleDateSchema, shiftWarningSchema } from "./schedule.ts";
import { requestTimeOffSchema, timeOffAskSchema, timeOffImpactSchema, timeOffShiftActions } from "./time-off.ts";
import { optionalTypedText, typedText } from "./validation.ts";

/**
 * Requests: what an employee asks of a manager (or of a teammate first), in
 * one record whatever the kind, decided in one inbox.
 *
 * - claim: take a published open shift.
 * - cover: give one's published shift away, to every eligible teammate or to
 *   one named; the first who accepts takes it.
 * - swap: trade one's published shift for a teammate's; the teammate accepts first.
 * - availability: a new weekly pattern, or one date's exception.
 * - correction: a missed entry, or a wrong time on one's own entry, with a reason.
 * - time_off: leave of a type, whole days or part of one day (time-off.ts).
 * - time_off_cancel: asking to cancel time off already approved.
 *
 * Statuses: offered (waiting for a teammate), pending (waiting for a
 * manager), approved (applied; `decision.automatic` when no manager was
 * needed), declined (by a manager, with a reason), refused (by the named
 * teammate), cancelled (by its author), expired (it can no longer apply:
 * `closed_code` says why).
 */

export const requestKinds = [
  "claim",
  "cover",
  "swap",
  "availability",
  "correction",
  "time_off",
  "time_off_cancel",
] as const;
export type RequestKind = (typeof requestKinds)[number];
/** Kinds about a published shift (their board and job are the shift's). */
export const shiftRequestKinds = ["claim", "cover", "swap"] as const satisfies readonly RequestKind[];

export const requestStatuses = [
  "offered",
  "pending",
  "approved",
  "declined",
  "refused",
  "cancelled",
  "expired",
] as const;
export type RequestStatus = (typeof requestStatuses)[number];
/** Statuses of a request still waiting for someone (a teammate or a manager): its author may cancel it. */
export const waitingRequestStatuses = ["offered", "pending"] as const satisfies readonly RequestStatus[];
export const isWaitingRequest = (status: RequestStatus): boolean =>
  (waitingRequestStatuses as readonly RequestStatus[]).includes(status);

/** Why a waiting request closed by itself (status expired). */
export const requestClosedCodes = ["shift_started", "shift_taken", "shift_changed", "shift_gone"] as const;
export type RequestClosedCode = (typeof requestClosedCodes)[number];

export const REQUEST_NOTE_MAX = SHIFT_NOTE_MAX;
export const REQUEST_REASON_MAX = 500;
/** One page of the inbox holds at most this many; the default page is 50. */
export const REQUEST_PAGE_MAX = 100;
export const REQUEST_PAGE_DEFAULT = 50;
/** One bulk decision takes at most this many requests. */
export const REQUEST_BULK_MAX = 500;
/** The deadline before a shift, in hours, after which cover and swaps need a manager: 0 to 14 days. */
export const REQUEST_DEADLINE_HOURS_MAX = 14 * 24;

const noteSchema = optionalTypedText(REQUEST_NOTE_MAX, "requests.noteTooLong", { multiline: true });
const reasonSchema = typedText("requests.reasonRequired", { multiline: true })
  .min(1, "requests.reasonRequired")
  .max(REQUEST_REASON_MAX, "requests.reasonTooLong");
const shiftIdSchema = z.string("requests.unknownShift").uuid("requests.unknownShift");

/** A correction's times: the entry as it should be. */
export const correctionTimesSchema = z.object({
  /** The entry corrected; null: a missed entry, to be added. */
  entry_id: z.string().uuid("requests.unknownEntry").nullable(),
  job_id: z.string().uuid("timeClock.unknownJob").nullable(),
  clock_in_at: instantSchema,
  clock_out_at: instantSchema,
  breaks: z.array(z.object({ starts_at: instantSchema, ends_at: instantSchema })).max(20, "timeClock.breaksTooMany"),
});

/** POST /api/my/requests: what one asks for (the author is the signed-in person). */
export const requestCreateSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("claim"), shift_id: shiftIdSchema, note: noteSchema.optional() }),
    z.object({
      kind: z.literal("cover"),
      shift_id: shiftIdSchema,
      /** One named teammate; left out or null: every eligible teammate. */
      to_user_id: personIdSchema("requests.unknownPerson").nullable().optional(),
      note: noteSchema.optional(),
    }),
    z.object({
      kind: z.literal("swap"),
      shift_id: shiftIdSchema,
      /** The teammate's shift asked for in exchange. */
      other_shift_id: shiftIdSchema,
      note: noteSchema.optional(),
    }),
    z.object({ kind: z.literal("availability"), change: availabilityChangeSchema, note: noteSchema.optional() }),
    z.object({
      kind: z.literal("correction"),
      entry_id: correctionTimesSchema.shape.entry_id.optional(),
      job_id: correctionTimesSchema.shape.job_id.optional(),
      clock_in_at: instantSchema,
      clock_out_at: instantSchema,
      breaks: correctionTimesSchema.shape.breaks.optional(),
      /** Why the time is wrong (the manager reads it; the audit log keeps it). */
      reason: reasonSchema,
    }),
    timeOffAskSchema,
    z.object({
      kind: z.literal("time_off_cancel"),
      /** The approved time off to cancel (one's own). */
      request_id: z.string("requests.unknownRequest").uuid("requests.unknownRequest"),
      note: noteSchema.optional(),
    }),
  ],
  "requests.kindInvalid",
);
export type RequestCreate = z.input<typeof requestCreateSchema>;

export const requestParamsSchema = z.object({ id: z.string().max(100) });

/** Deciding names the version one saw: a request changed since (accepted, cancelled) is refused with 409 request_changed. */
export const requestApproveSchema = z.object({
  version: z.number().int().min(1),
  /**
   * Time off overlapping published shifts: what they become (open shifts, kept, or removed).
   * Required when it overlaps any (422 time_off_shifts_choice), ignored otherwise.
   */
  shifts: z.enum(timeOffShiftActions, "timeOff.shiftsChoiceInvalid").optional(),
});
export const requestDeclineSchema = z.object({ version: z.number().int().min(1), reason: reasonSchema });
/** POST /api/my/requests/:id/refuse: the named teammate turns an offer or a swap down (a reason is optional). */
export const requestRefuseSchema = z.object({ reason: noteSchema.optional() });

/** POST /api/requests/decisions: approve or decline many at once; each is decided (or refused) on its own. */
export const requestBulkDecisionSchema = z
  .object({
    ids: z
      .array(z.string().uuid("requests.bulkInvalid"), "requests.bulkInvalid")
      .min(1, "requests.bulkInvalid")
      .max(REQUEST_BULK_MAX, "requests.bulkTooMany")
      .refine((ids) => new Set(ids).size === ids.length, "requests.bulkInvalid"),
    decision: z.enum(["approve", "decline"], "requests.bulkInvalid"),
    /** Required to decline. */
    reason: reasonSchema.optional(),
    /** Approving time off that overlaps published shifts: what they become (else that one is refused with time_off_shifts_choice). */
    shifts: z.enum(timeOffShiftActions, "timeOff.shiftsChoiceInvalid").optional(),
  })
  .refine((body) => body.decision === "approve" || body.reason !== undefined, {
    message: "requests.reasonRequired",
    path: ["reason"],
  });
export type RequestBulkDecision = z.input<typeof requestBulkDecisionSchema>;

/** A person as a request names them. */
export const requestPersonSchema = z.object({
  user_id: personIdSchema(),
  first_name: z.string(),
  last_name: z.string(),
});
export type RequestPerson = z.infer<typeof requestPersonSchema>;

/** A shift as a request shows it: as it is now (`gone` when deleted or its board archived). */
export const requestShiftSchema = z.object({
  id: z.string().uuid(),
  board: z.object({ id: z.string().uuid(), name: z.string() }),
  job: z.object({ id: z.string().uuid(), name: z.string(), color: z.string() }).nullable(),
  /** Who works it now (null: open). */
  user_id: personIdSchema().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number().int(),
  /** The board's zone: its day and times are read there. */
  time_zone: z.string(),
  gone: z.boolean(),
});
export type RequestShift = z.infer<typeof requestShiftSchema>;

export const requestDecisionSchema = z.object({
  /** Who decided; null when it was approved at once by the organization's settings. */
  by: requestPersonSchema.nullable(),
  at: z.string(),
  reason: z.string().nullable(),
  automatic: z.boolean(),
});

export const requestSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(requestKinds),
  status: z.enum(requestStatuses),
  author: requestPersonSchema,
  /** claim: the open shift; cover and swap: the author's shift. */
  shift: requestShiftSchema.nullable(),
  /** swap: the teammate's shift. */
  other_shift: requestShiftSchema.nullable(),
  /** cover: the one teammate it was offered to (null: everyone eligible); swap: the teammate. */
  to_user: requestPersonSchema.nullable(),
  /** cover: who accepted it (and takes the shift once approved). */
  taker: requestPersonSchema.nullable(),
  availability: availabilityChangeSchema.nullable(),
  correction: correctionTimesSchema
    .extend({ clock_in_at: z.string(), clock_out_at: z.string() })
    .extend({ breaks: z.array(z.object({ starts_at: z.string(), ends_at: z.string() })) })
    .extend({
      /** The zone its day and times are read in: its entry's shift's board's, else the organization's. */
      time_zone: z.string().optional(),
    })
    .nullable(),
  /** time_off and time_off_cancel: the leave (for a cancellation, the leave it cancels). */
  time_off: requestTimeOffSchema.nullable(),
  /** The author's note (a correction's reason). */
  note: z.string().nullable(),
  /** The board it concerns (a shift's board; a correction's entry's board), if any. */
  board_id: z.string().uuid().nullable(),
  /** The day it concerns, YYYY-MM-DD: a shift's day in its board's zone, an availability's first day, a correction's day. */
  date: z.string(),
  decision: requestDecisionSchema.nullable(),
  /** The teammate who refused it said why (status refused), if they did. */
  refusal_reason: z.string().nullable(),
  closed_code: z.enum(requestClosedCodes).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Request = z.infer<typeof requestSchema>;

/** A correction's entry, before or after: its times and the minutes they make. */
export const entryTimesSchema = z.object({
  clock_in_at: z.string(),
  clock_out_at: z.string().nullable(),
  break_minutes: z.number().int(),
  worked_minutes: z.number().int(),
  job_id: z.string().uuid().nullable(),
});

/**
 * What saying yes would do, computed when shown (never stored): the inbox
 * shows it on every item. Figures are the board's week (its zone and week
 * start) of the shift or entry.
 */
export const requestImpactSchema = z.object({
  /**
   * Why approving now would be refused (refusal codes, e.g. shift_overlap,
   * request_shift_changed, timesheet_period_approved); empty: it would apply.
   */
  blockers: z.array(z.string()),
  /** Who works each shift after (from → to; null: open). */
  assignments: z.array(
    z.object({
      shift_id: z.string().uuid(),
      from_user_id: personIdSchema().nullable(),
      to_user_id: personIdSchema().nullable(),
    }),
  ),
  /** The scheduled (or, for corrections, worked) minutes of each person concerned that week, before → after, and the board's weekly limit. */
  hours: z.array(
    z.object({
      user_id: personIdSchema(),
      week_start: z.string(),
      before_minutes: z.number().int(),
      after_minutes: z.number().int(),
      limit_minutes: z.number().int(),
    }),
  ),
  /** The rules the change would break for the people taking shifts: overtime (daily, weekly), short rest, not on the job, unavailable. */
  warnings: z.array(shiftWarningSchema),
  /** Shifts that fall in unavailability: the taker's for shift kinds; the author's published shifts ahead for an availability change. */
  availability_conflicts: z.array(
    z.object({
      user_id: personIdSchema(),
      shift_id: z.string().uuid(),
      starts_at: z.string(),
      ends_at: z.string(),
      time_zone: z.string(),
    }),
  ),
  /** Approved time off it meets (the taker's, for shift kinds). */
  time_off_conflicts: z.array(z.object({ user_id: personIdSchema(), date: z.string() })),
  /** The shift's job that day on its board: people scheduled and shifts left open, before → after. */
  coverage: z
    .object({
      board_id: z.string().uuid(),
      job_id: z.string().uuid().nullable(),
      date: z.string(),
      assigned_before: z.number().int(),
      assigned_after: z.number().int(),
      open_before: z.number().int(),
      open_after: z.number().int(),
    })
    .nullable(),
  /** A correction: the entry before (null: a missed entry) and after, and the pay it makes at the person's rate. */
  entry: z
    .object({
      before: entryTimesSchema.nullable(),
      after: entryTimesSchema,
      /** At the person's hourly rate; null when they have none. */
      pay_before: z.number().nullable(),
      pay_after: z.number().nullable(),
      currency: z.string(),
    })
    .nullable(),
  /** time_off (and time_off_cancel): the balance, the shifts it overlaps, who else is off. */
  time_off: timeOffImpactSchema.nullable(),
});
export type RequestImpact = z.infer<typeof requestImpactSchema>;

export const inboxItemSchema = requestSchema.extend({
  /** Null for a request already decided (its impact was what it was). */
  impact: requestImpactSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /api/requests/:id: one request the manager may decide, with its impact when it waits (the calendar opens it). */
export const inboxItemResponseSchema = z.object({ request: inboxItemSchema });
export type InboxItemResponse = z.infer<typeof inboxItemResponseSchema>;

/** What the inbox lists: waiting (offered and pending, the default), decided (the history), or one status. */
export const inboxStates = ["waiting", "decided", ...requestStatuses] as const;

/** GET /api/requests: a page of the requests the signed-in manager may decide, newest first. */
export const inboxQuerySchema = z.object({
  state: z.enum(inboxStates, "requests.filterInvalid").optional(),
  kind: z.enum(requestKinds, "requests.filterInvalid").optional(),
  board_id: z.string().uuid("requests.filterInvalid").optional(),
  user_id: personIdSchema("requests.filterInvalid").optional(),
  /** The days the requests concern (`date`), inclusive. */
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
  /** The previous page's next_cursor. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, "requests.filterInvalid")
    .optional(),
  limit: z.coerce.number().int().min(1).max(REQUEST_PAGE_MAX).optional(),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxResponseSchema = z.object({
  requests: z.array(inboxItemSchema),
  next_cursor: z.string().nullable(),
  /** The kinds this manager may decide (the filter offers these). */
  kinds: z.array(z.enum(requestKinds)),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/** GET /api/requests/count: how many wait for this manager's yes (pending, of the kinds they decide); the sidebar shows it. */
export const inboxCountSchema = z.object({
  pending: z.number().int(),
  by_kind: z.record(z.enum(requestKinds), z.number().int()),
});
export type InboxCount = z.infer<typeof inboxCountSchema>;

export const requestResponseSchema = z.object({ request: requestSchema });
export type RequestResponse = z.infer<typeof requestResponseSchema>;

export const bulkDecisionResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string().uuid(),
      outcome: z.enum(["approved", "declined", "refused"]),
      /** Why it was refused (a refusal code), else null. */
      code: z.string().nullable(),
    }),
  ),
});
export type BulkDecisionResult = z.infer<typeof bulkDecisionResultSchema>;

/** GET /api/my/requests: what I asked for, what teammates ask of me, and what of theirs I said yes to. */
export const myRequestsResponseSchema = z.object({
  requests: z.array(requestSchema),
  /** Still waiting for my answer: covers I may take, swaps naming me. */
  offers: z.array(requestSchema),
  /** Covers I took and swaps I accepted, waiting for a manager or decided in the last 90 days, newest first. */
  accepted: z.array(requestSchema),
});
export type MyRequestsResponse = z.infer<typeof myRequestsResponseSchema>;

/** A published open shift I may claim (GET /api/my/open-shifts). */
export const openShiftSchema = requestShiftSchema.omit({ user_id: true, gone: true }).extend({
  note: z.string().nullable(),
  /** My waiting claim on it, if I made one. */
  my_claim_id: z.string().uuid().nullable(),
});
export type OpenShift = z.infer<typeof openShiftSchema>;
export const openShiftsResponseSchema = z.object({ shifts: z.array(openShiftSchema) });

/** GET /api/my/requests/options?shift_id=: for one of my shifts, who could cover it and which shifts I could swap it for. */
export const requestOptionsQuerySchema = z.object({ shift_id: shiftIdSchema });
export const requestOptionsResponseSchema = z.object({
  teammates: z.array(requestPersonSchema),
  swaps: z.array(z.object({ shift: requestShiftSchema, user: requestPersonSchema })),
});
export type RequestOptions = z.infer<typeof requestOptionsResponseSchema>;

/** GET /api/my/entries?from=&to=: my own time entries (to ask for corrections), newest first; the last 14 days by default. */
export const myEntriesQuerySchema = z.object({
  from: scheduleDateSchema.optional(),
  to: scheduleDateSchema.optional(),
});
export const myEntrySchema = z.object({
  id: z.string().uuid(),
  job_id: z.string().uuid().nullable(),
  clock_in_at: z.string(),
  clock_out_at: z.string().nullable(),
  breaks: z.array(z.object({ starts_at: z.string(), ends_at: z.string().nullable() })),
  time_zone: z.string(),
  version: z.number().int(),
  /** A correction of it waits for a manager. */
  pending_request_id: z.string().uuid().nullable(),
  /** Its pay period is approved: a correction needs it unlocked first. */
  locked: z.boolean(),
});
export type MyEntry = z.infer<typeof myEntrySchema>;
export const myEntriesResponseSchema = z.object({
  entries: z.array(myEntrySchema),
  jobs: z.array(z.object({ id: z.string().uuid(), name: z.string(), color: z.string() })),
  time_zone: z.string(),
});
export type MyEntriesResponse = z.infer<typeof myEntriesResponseSchema>;

/** The organization's request settings (GET and PUT /api/requests/settings). */
export const requestSettingsSchema = z.object({
  /** Claims of open shifts wait for a manager; false: first come, first served. */
  claim_needs_approval: z.boolean(),
  /** A cover, once a teammate accepts, waits for a manager. */
  cover_needs_approval: z.boolean(),
  /** A swap, once the teammate accepts, waits for a manager. */
  swap_needs_approval: z.boolean(),
  /** Even when swaps need a manager: a swap between two people of the same job that makes no overtime applies at once. */
  swap_same_job_auto: z.boolean(),
  /** Within this many hours of a shift's start, cover and swaps always need a manager. */
  deadline_hours: z
    .number("requests.deadlineInvalid")
    .int("requests.deadlineInvalid")
    .min(0, "requests.deadlineInvalid")
    .max(REQUEST_DEADLINE_HOURS_MAX, "requests.deadlineInvalid"),
  /** Availability changes wait for a manager; false: they hold at once. */
  availability_needs_approval: z.boolean(),
});
export type RequestSettings = z.infer<typeof requestSettingsSchema>;
export const requestSettingsUpdateSchema = requestSettingsSchema.partial();
export const requestSettingsResponseSchema = z.object({ settings: requestSettingsSchema });

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  claim_needs_approval: true,
  cover_needs_approval: true,
  swap_needs_approval: true,
  swap_same_job_auto: false,
  deadline_hours: 24,
  availability_needs_approval: false,
};

/**
 * Live events. GET /api/requests/events (a manager's inbox) and
 * GET /api/my/events (the employee's app) answer text/event-stream like the
 * board's stream (`ready`, keepalives): `event: requests` with this data when
 * requests that concern the reader changed; /api/my/events also sends
 * `event: shifts` (myEventSchema) when the reader's shifts or the open shifts
 * they may claim changed.
 */
export const requestEventSchema = z.object({
  request_ids: z.array(z.string().uuid()),
  kinds: z.array(z.enum(requestKinds)),
  actor_id: personIdSchema().nullable(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;
export const myEventSchema = z.object({ what: z.enum(["requests", "shifts"]) });
export type MyEvent = z.infer<typeof myEventSchema>;
