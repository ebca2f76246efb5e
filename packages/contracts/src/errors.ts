import { z } from "zod";

/**
 * Every failure the API answers has this one shape. `code` is stable and
 * machine-readable so the client can translate it; `error` is English text for
 * logs and API users; `fields` maps a request field path to a message key.
 */
export const errorCodes = [
  "validation_failed",
  "not_found",
  "token_invalid",
  "forbidden",
  "conflict",
  "rate_limited",
  "database_unavailable",
  "internal",
  "otp_invalid",
  "account_not_found",
  "account_exists",
  "signature_invalid",
  "sms_country_not_allowed",
  "invitation_invalid",
  "invitation_expired",
  "last_owner",
  "shift_overlap",
  "shift_changed",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
