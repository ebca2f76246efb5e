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
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
  // Signing in and invitations.
  otp_invalid: 400,
  signature_invalid: 400,
  sms_country_not_allowed: 400,
  account_not_found: 404,
  account_exists: 409,
  /** Another account already uses this phone (changing one's own). */
  account_phone_taken: 409,
  /** Another account already proved this email. */
  account_email_taken: 409,
  invitation_invalid: 404,
  invitation_expired: 410,
  // The team.
  last_owner: 409,
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
  /** A CSV with problems: nothing imported (the body carries the preview). */
  people_import_invalid: 422,
  // One's own shifts.
  /** A week and a from/to range asked for at once. */
  my_shifts_week_or_range: 422,
  /** The range ends before it starts. */
  my_shifts_end_before_start: 422,
  /** More days than one request may ask for. */
  my_shifts_range_too_long: 422,
  // The schedule.
  shift_overlap: 409,
  shift_changed: 409,
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
