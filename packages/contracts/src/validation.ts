import { z } from "zod";
import { EMAIL_PATTERN, isSafeText, type TextKind, UNSAFE_TEXT_KEY } from "./text-rules.ts";

/**
 * Field rules of spec §5, written once for the API and the forms. Messages are
 * translation keys (the spec names them); the client shows them translated.
 */

/**
 * Text a person typed: the one way every free-text field of a request is
 * read. Trimmed (a line break pasted at the end is no part of a name), then
 * refused (400 at its field, UNSAFE_TEXT_KEY) when it holds a character of
 * the kind isSafeText turns away; never rewritten otherwise, so what is kept
 * is what was typed. `message` is the field's
 * message for a value that is not a string (and for limits chained on
 * without their own). Chain limits and rules onto it; the API document
 * marks the field `x-text`, which a test holds every request string to.
 */
export function typedText(message?: string, { multiline = false }: { multiline?: boolean } = {}) {
  const kind: TextKind = multiline ? "multi-line" : "single-line";
  return z
    .string(message)
    .trim()
    .refine((value) => isSafeText(value, { multiline }), UNSAFE_TEXT_KEY)
    .meta({ "x-text": kind });
}

/**
 * Optional typed text where an empty one means none (null): a note, a
 * description. `message` is its message when too long (or not a string).
 */
export const optionalTypedText = (max: number, message: string, options: { multiline?: boolean } = {}) =>
  typedText(message, options)
    .max(max, message)
    .transform((value) => value || null)
    .nullable();

/** An email that is lowercased and trimmed, in the spec's format. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "account.invalidEmailFormat")
  .regex(EMAIL_PATTERN, "account.invalidEmailFormat");

/**
 * A required name (a person's, a company's, a job's, a board's): typed text,
 * at least one character and at most `max`. Kept exactly as typed (a "#" or
 * "/" of an address, an apostrophe of a name): spec §5's sanitiser, which
 * stripped every character outside a short list without a word, is not
 * applied (the design notes say why); what is dangerous is refused by
 * typedText, and every output escapes (React, the CSV and XLSX writers, the
 * calendar feed).
 */
export const requiredTypedText = (requiredKey: string, max: number, tooLongKey: string) =>
  typedText(requiredKey).min(1, requiredKey).max(max, tooLongKey);

/** A required person's name: typed text, at most 50 characters. */
export const personNameSchema = (requiredKey: string) => requiredTypedText(requiredKey, 50, "validation.tooLong");
