import { z } from "zod";

/**
 * Every refusal the API answers, by code, with the one status it always has:
 * 400 the request is malformed (its shape), 403 not allowed, 404 not found or
 * not yours, 409 a conflict with the current state, 410 gone, 422 a rule
 * broken, 429 too many, 5xx the server's trouble. A code is stable and
 * machine-readable, so clients choose what to say by code (the web has a
 * message for each in all four languages), never by status.
 *
 * Codes are snake_case and start with their subject (shift_…, timesheet_…);
 * the first ones, from signing in, keep their original names.
 */
export const refusals = {
  // Any route.
  validation_failed: 400,
  token_invalid: 403,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
  /** Readiness: the database lacks a migration this server's code expects (or one differs). */
  migrations_pending: 503,
  /** Readiness: the server is stopping; it finishes what it has, and takes nothing new. */
  shutting_down: 503,
  /** The operations port (metrics) needs its bearer token. */
  ops_token_required: 401,
  // Signing in and invitations.
  otp_invalid: 400,
  signature_invalid: 400,
  sms_country_not_allowed: 400,
  account_not_found: 404,
  account_exists: 409,
  account_email_missing: 409,
  account_email_already_verified: 409,
  account_email_changed: 409,
  account_phone_unverified: 422,
  /** Another account already uses this phone (changing one's own). */
  account_phone_taken: 409,
  /** Another account already proved this email. */
  account_email_taken: 409,
  invitation_invalid: 404,
  invitation_expired: 410,
  // The team.
  last_owner: 409,
  // Jobs.
  job_name_taken: 409,
  job_position_incomplete: 422,
  // Schedule boards.
  board_name_taken: 409,
  board_job_not_active: 422,
  board_member_not_active: 422,
  /** The person is already in the organization (or was added at the same moment). */
  person_already_member: 409,
  /** Someone else changed the team at the same moment; trying again works. */
  person_invite_conflict: 409,
  /** An invitation to someone with a phone goes by SMS, never by email. */
  person_invite_by_sms: 422,
  /** A job or schedule given is not one of the organization's active ones. */
  person_reference_unknown: 422,
  /** The person has signed in: their name is theirs to change. */
  person_profile_theirs: 422,
  /** Resending or revoking a link of someone no longer waiting for one. */
  person_not_invited: 409,
  /** No phone or verified email leads to the person: no link can be sent. */
  person_contact_missing: 409,
  /** Another person of the organization has this employee id. */
  person_employee_id_taken: 409,
  /** A CSV with problems: nothing imported (the body carries the preview). */
  people_import_invalid: 422,
  // One's own shifts.
  /** A week and a from/to range asked for at once. */
  my_shifts_week_or_range: 422,
  /** The range ends before it starts. */
  my_shifts_end_before_start: 422,
  /** More days than one request may ask for. */
  my_shifts_range_too_long: 422,
  // One's own time entries (to ask for corrections).
  /** The range ends before it starts. */
  my_entries_end_before_start: 422,
  /** More days than one request may ask for (62). */
  my_entries_range_too_long: 422,
  // The schedule.
  shift_overlap: 409,
  shift_changed: 409,
  shift_end_before_start: 422,
  shift_too_long: 422,
  shift_break_too_long: 422,
  shift_repeat_ends_before_start: 422,
  shift_repeat_over_limit: 422,
  shift_repeat_no_days: 422,
  shift_unschedulable: 422,
  shift_published_board_move: 422,
  schedule_copy_same_week: 422,
  template_name_taken: 409,
  // The time clock: punches.
  time_punch_id_reused: 409,
  time_punch_future: 422,
  time_punch_too_old: 422,
  time_punch_already_in: 409,
  time_punch_not_in: 409,
  time_punch_already_on_break: 409,
  time_punch_not_on_break: 409,
  time_punch_out_of_order: 409,
  time_punch_entry_too_long: 422,
  time_punch_shift_unknown: 422,
  time_punch_too_early: 422,
  time_punch_location_required: 422,
  time_punch_outside_site: 422,
  // The time clock: entries, and what punches and entries share.
  time_clock_job_unknown: 422,
  time_clock_person_unknown: 422,
  time_entry_future: 422,
  time_entry_out_before_in: 422,
  time_entry_too_long: 422,
  time_entry_break_outside: 422,
  time_entry_overlap: 409,
  time_entry_changed: 409,
  // Timesheets and their approval.
  timesheet_period_approved: 409,
  timesheet_period_start_invalid: 422,
  timesheet_entries_unresolved: 409,
  timesheet_already_approved: 409,
  timesheet_not_approved: 409,
  // Requests.
  /** Deciding, accepting or cancelling a request that changed since it was read (its version). */
  request_changed: 409,
  /** The request was already decided, cancelled, refused or taken: nothing waits any more. */
  request_not_waiting: 409,
  /** One's own request cannot be decided (or accepted) by oneself. */
  request_own: 422,
  /** A claim, cover or swap of a shift that is not (or no longer) published as it is. */
  request_shift_unpublished: 422,
  /** The shift has started (or is over): it can no longer be claimed, given away or swapped. */
  request_shift_started: 422,
  /** A claim of a shift that has someone on it. */
  request_shift_not_open: 422,
  /** Giving away or swapping a shift that is not one's own. */
  request_shift_not_yours: 422,
  /** The shift changed since it was asked for (its times, board or person), or was deleted. */
  request_shift_changed: 409,
  /** Someone else took the open shift (or the offer) first. */
  request_shift_taken: 409,
  /** The person cannot work the shift: not on its job, archived, or not on its board. */
  request_not_eligible: 422,
  /** The same request already waits (a claim of that shift, an offer or swap of it, a correction of that entry). */
  request_already_asked: 409,
  /** A swap of a shift for another of one's own. */
  request_swap_own_shift: 422,
  /** An availability change that starts before today. */
  request_availability_past: 422,
  // Time off.
  /** A leave type, policy or holiday whose name is already taken in the organization. */
  time_off_name_taken: 409,
  /** Asking for time off of an archived type, or a policy of another type. */
  time_off_type_archived: 422,
  /** Time off that starts before today (a manager records the past with an adjustment). */
  time_off_past: 422,
  /** The balance after would go further below zero than the policy allows. */
  time_off_balance_short: 422,
  /** The days asked for count no time at all (weekends and holidays only). */
  time_off_nothing_to_take: 422,
  /** A day asked for is blocked (and the organization refuses requests on blocked dates). */
  time_off_blocked: 422,
  /** The person already has time off waiting or approved on one of these days. */
  time_off_overlap: 409,
  /** Approving time off that overlaps published shifts needs a choice of what they become. */
  time_off_shifts_choice: 422,
  /** Cancelling time off that is not approved (or not one's own), or whose days are over. */
  time_off_not_cancellable: 409,
  /** Scheduling someone on approved leave, where the organization refuses it. */
  shift_on_leave: 409,
  /** The company has no country to load public holidays from, or the library knows none for it. */
  time_off_no_holidays: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof refusals;
export const errorCodes = Object.keys(refusals) as ErrorCode[];

/** The status a refusal answers with. */
export function statusOfRefusal(code: ErrorCode): number {
  return refusals[code];
}

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
