import { EMAIL_PATTERN, sanitizeText } from "@workshift/contracts";
import { z } from "zod";

/**
 * Field rules shared by the browser's forms (sign-up, account settings),
 * written from the zod-free pieces of the contracts with the same message keys
 * as the contracts' schemas (see features/auth/signup-schema.ts for why the schemas
 * themselves are not imported).
 */
const NAME_MAX = 50;
const EMAIL_MAX = 254;

/** A required person's name: sanitised, trimmed, at most 50 characters (contracts' personNameSchema). */
export const personName = (requiredKey: string) =>
  z
    .string(requiredKey)
    .transform(sanitizeText)
    .pipe(z.string().trim().min(1, requiredKey).max(NAME_MAX, "validation.tooLong"));

/** An email in the spec's format, trimmed and lowercased (contracts' emailSchema). */
export const emailRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "account.invalidEmailFormat")
  .regex(EMAIL_PATTERN, "account.invalidEmailFormat");

/** An optional email: an empty one is no email (null). */
export const optionalEmail = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  emailRule.nullable(),
);
