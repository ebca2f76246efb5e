/**
 * Phone checks for the browser (spec §5), on libphonenumber-js's smallest
 * metadata. This module is loaded on demand (the first focus of a phone
 * field): the metadata is about 30 KB gzipped and the sign-in page must stay
 * light. The server checks again with the full metadata and has the last word.
 */
import type { PhoneProblem } from "@workshift/contracts";
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/min";
import { maxNationalDigits, type PhoneCheck, type PhoneValue } from "./phone-value.ts";

export type { CountryCode };

export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** Every region the phone metadata knows, e.g. ["AC", "AD", "AE", …]. */
export function phoneCountries(): CountryCode[] {
  return getCountries();
}

export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/** Too short, too long, or not valid for the region (null when it is a valid number). */
export function checkPhone(national: string, country: string): PhoneProblem | null {
  const digits = national.replace(/\D/g, "");
  if (digits === "") return "required";
  if (!isPhoneCountry(country)) return "invalid";
  if (digits.length > maxNationalDigits(getCountryCallingCode(country))) return "tooLong";
  const length = validatePhoneNumberLength(digits, country);
  if (length === "TOO_SHORT" || length === "NOT_A_NUMBER") return "tooShort";
  if (length === "TOO_LONG") return "tooLong";
  try {
    return parsePhoneNumberWithError(digits, country).isValid() ? null : "invalid";
  } catch {
    return "invalid";
  }
}

export function checkPhoneValue(value: PhoneValue): PhoneCheck {
  const problem = checkPhone(value.national, value.country);
  if (problem) return { valid: false, problem, e164: null };
  const e164 = parsePhoneNumberWithError(value.national, value.country as CountryCode).number;
  return { valid: true, problem: null, e164 };
}

/**
 * A pasted or typed international number ("+961 71 123 456", "00961…") split
 * into country and national digits, or null when it is not one.
 */
export function splitInternational(text: string, fallback?: string): PhoneValue | null {
  const compact = text.trim().replace(/^00/, "+");
  if (!compact.startsWith("+")) return null;
  try {
    const parsed = parsePhoneNumberWithError(compact);
    const country = parsed.country ?? (fallback && isPhoneCountry(fallback) ? fallback : undefined);
    if (!country) return null;
    return { country, callingCode: parsed.countryCallingCode, national: String(parsed.nationalNumber) };
  } catch {
    return null;
  }
}

/** A stored API phone ("96171123456") back into the input's parts, for a form that is filled again. */
export function phoneValueFromApi(phone: string): PhoneValue | null {
  return splitInternational(`+${phone}`);
}

/** A stored phone ("96170100038") as people read it ("+961 70 100 038"); "+digits" when it does not parse. */
export function formatPhoneNumber(phone: string): string {
  const digits = phone.replace(/^\+/, "");
  try {
    return parsePhoneNumberWithError(`+${digits}`).formatInternational();
  } catch {
    return `+${digits}`;
  }
}
