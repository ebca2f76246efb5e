import { apiFieldErrors } from "./api-error.ts";
import { authErrorMessages } from "./auth-errors.ts";

/** What went wrong with a code request, a verification or a registration, as the screens tell it. */
export type AuthFailure =
  | "network"
  | "rateLimited"
  | "otpInvalid"
  | "accountNotFound"
  | "accountExists"
  /** 409 conflict: another account already proved this email (the settings' email verification). */
  | "emailTaken"
  | "smsCountryNotAllowed"
  | "signatureInvalid"
  | "invalidInput"
  | "generic";

/** Maps an API answer (status and `code`, see the contracts' errors.ts) or a thrown error to one of those. */
export function classifyAuthFailure(
  status: number | undefined,
  code: string | undefined,
  error?: unknown,
): AuthFailure {
  if (code === "rate_limited" || status === 429) return "rateLimited";
  if (code === "otp_invalid") return "otpInvalid";
  if (code === "account_not_found") return "accountNotFound";
  if (code === "account_exists") return "accountExists";
  if (code === "conflict" && apiFieldErrors(error).email === "account.emailTaken") return "emailTaken";
  if (code === "sms_country_not_allowed") return "smsCountryNotAllowed";
  if (code === "signature_invalid") return "signatureInvalid";
  if (code === "validation_failed" || status === 400 || status === 422) return "invalidInput";
  if (status === undefined && error instanceof Error && error.message === authErrorMessages.network) return "network";
  return "generic";
}
