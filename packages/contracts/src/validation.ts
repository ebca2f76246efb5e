import { z } from "zod";

/**
 * Field rules of spec §5, written once for the API and the forms. Messages are
 * translation keys (the spec names them); the client shows them translated.
 */

/** Local part of letters, digits and some symbols, an at-sign, a domain, a dot and 2–6 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

/** 1 to 16 digits. */
export const DIGITS_PATTERN = /^\d{1,16}$/;

/**
 * What no typed text holds: control characters (C0, DEL and C1: a NUL the
 * database cannot store, escapes a terminal or a CSV reader acts on), the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make a text display other than it reads ("exe.txt"
 * shown for "txt.exe"), and lone surrogates, which are no character at all.
 * Multi-line text may hold tabs and line breaks; a single line none.
 */
const UNSAFE_IN_LINE = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_IN_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;

/** The message (validation namespace) of text refused for one of those characters. */
export const UNSAFE_TEXT_KEY = "validation.unsafeCharacters";

/** Whether text holds none of the characters typed text never holds. */
export function isSafeText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? UNSAFE_IN_LINES : UNSAFE_IN_LINE).test(value);
}

/** How the API document marks a field read by `typedText` (`x-text` on its schema). */
export type TextKind = "single-line" | "multi-line";

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

/** A field is missing when it is not a string or is empty after trimming. */
export function isMissing(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

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
