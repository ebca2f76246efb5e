import { EMAIL_PATTERN } from "@workshift/contracts";

/**
 * The email rule of the contracts (spec §5), without zod so the sign-in page
 * stays light: trimmed, lowercased, then the shared pattern.
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The message key (namespace "validation") of what is wrong with an email, or null. */
export function emailProblem(value: string): "account.emailRequired" | "account.invalidEmailFormat" | null {
  const email = normalizeEmail(value);
  if (email === "") return "account.emailRequired";
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? null : "account.invalidEmailFormat";
}
