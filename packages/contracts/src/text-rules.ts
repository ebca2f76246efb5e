/**
 * The plain field rules of spec §5 (patterns and checks, no zod): the sign-in
 * page reads them without loading the schemas, which validation.ts builds
 * from them.
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

/** A field is missing when it is not a string or is empty after trimming. */
export function isMissing(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}
