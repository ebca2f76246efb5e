import { type CountryCode, parsePhoneNumberWithError, validatePhoneNumberLength } from "libphonenumber-js/max";
import { z } from "zod";
import { typedText } from "./validation.ts";

/** Spec §2, §9: the phone input starts on Lebanon and allows at most 15 digits. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "LB";
export const MAX_PHONE_DIGITS = 15;

export type PhoneProblem = "required" | "tooShort" | "tooLong" | "invalid";

/**
 * Checks a number against a country (spec §5): too short, too long, or not
 * valid for the region. `national` may also be international ("+961…").
 */
export function checkPhone(national: string, country: CountryCode): PhoneProblem | null {
  const digits = national.replace(/\D/g, "");
  if (digits === "") return "required";
  if (digits.length > MAX_PHONE_DIGITS) return "tooLong";
  const length = validatePhoneNumberLength(national, country);
  if (length === "TOO_SHORT" || length === "NOT_A_NUMBER") return "tooShort";
  if (length === "TOO_LONG") return "tooLong";
  try {
    const parsed = parsePhoneNumberWithError(national, country);
    return parsed.isValid() ? null : "invalid";
  } catch {
    return "invalid";
  }
}

/**
 * The API's phone form: international digits without the plus ("96171123456"),
 * which is what the one-time-code screen shows with a "+" in front (spec §2).
 * Accepts a leading "+", spaces and dashes; refuses numbers that are not valid.
 */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, "");
  const international = compact.startsWith("+") ? compact : `+${compact}`;
  if (!/^\+\d{6,15}$/.test(international)) return null;
  try {
    const parsed = parsePhoneNumberWithError(international);
    return parsed.isValid() ? parsed.number.slice(1) : null;
  } catch {
    return null;
  }
}

/** The country of a normalised phone, for the SMS allowlist and the input's flag. */
export function phoneCountry(phone: string): CountryCode | undefined {
  try {
    return parsePhoneNumberWithError(`+${phone}`).country;
  } catch {
    return undefined;
  }
}

export const phoneSchema = typedText("account.phoneNumberRequired")
  .min(1, "account.phoneNumberRequired")
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: "custom", message: "account.invalidPhoneNumber" });
      return z.NEVER;
    }
    return phone;
  });
