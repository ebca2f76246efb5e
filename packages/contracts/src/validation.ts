import { z } from "zod";

/**
 * Field rules of spec §5, written once for the API and the forms. Messages are
 * translation keys (the spec names them); the client shows them translated.
 */

/** Local part of letters, digits and some symbols, an at-sign, a domain, a dot and 2–6 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

/** 1 to 16 digits. */
export const DIGITS_PATTERN = /^\d{1,16}$/;

/** Everything except letters, digits, hyphen, whitespace, period, comma, @, backtick, plus and underscore. */
const UNSAFE_CHARACTERS = /[^\p{L}\p{N}\-\s.,@`+_]/gu;

/** The text sanitiser of spec §5: strips what it does not allow. */
export function sanitizeText(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, "");
}

const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;

/** Free text keeps line breaks and tabs; other control characters are dropped. */
export function withoutControls(text: string): string {
  return Array.from(text)
    .filter((character) => !isControl(character.codePointAt(0) ?? 0))
    .join("");
}

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

/** A required person's name: trimmed, sanitised, at most 50 characters. */
export const personNameSchema = (requiredKey: string) =>
  z
    .string(requiredKey)
    .transform(sanitizeText)
    .pipe(z.string().trim().min(1, requiredKey).max(50, "validation.tooLong"));
