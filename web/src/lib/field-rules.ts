import { EMAIL_PATTERN, isSafeText, UNSAFE_TEXT_KEY } from "@workshift/contracts";
import { z } from "zod";

/**
 * Field rules shared by the browser's forms (sign-up, account settings),
 * written from the zod-free pieces of the contracts with the same message keys
 * as the contracts' schemas (see features/auth/signup-schema.ts for why the schemas
 * themselves are not imported).
 */
const NAME_MAX = 50;
const EMAIL_MAX = 254;

/**
 * Required typed text (contracts' requiredTypedText): trimmed, refused with
 * UNSAFE_TEXT_KEY when it holds a control or text-direction character, kept
 * as typed otherwise, at least one character and at most `max`.
 */
export const requiredTyped = (requiredKey: string, max: number, tooLongKey: string) =>
  z
    .string(requiredKey)
    .trim()
    .refine((value) => isSafeText(value), UNSAFE_TEXT_KEY)
    .min(1, requiredKey)
    .max(max, tooLongKey);

/** A required person's name: as typed, trimmed, at most 50 characters (contracts' personNameSchema). */
export const personName = (requiredKey: string) => requiredTyped(requiredKey, NAME_MAX, "validation.tooLong");

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
