import { MAX_PHONE_DIGITS, type PhoneProblem } from "@workshift/contracts";

/** What the phone input holds: the chosen country, its dialling code and the national digits typed. */
export interface PhoneValue {
  /** ISO 3166-1 alpha-2 region (libphonenumber's CountryCode), e.g. "LB". */
  country: string;
  /** Without the plus, e.g. "961". */
  callingCode: string;
  /** Digits only, at most MAX_PHONE_DIGITS together with the dialling code. */
  national: string;
}

/** What the input reports to its form with every change (spec §5: a validity flag). */
export interface PhoneCheck {
  valid: boolean;
  /** Why it is not valid; null when valid or not checked yet (the rules load on first use). */
  problem: PhoneProblem | null;
  /** "+96171123456" when valid. */
  e164: string | null;
}

/** Spec §2, §9: Lebanon (+961) by default. The dialling code is written out so the first paint needs no phone metadata. */
export const DEFAULT_PHONE_VALUE: PhoneValue = { country: "LB", callingCode: "961", national: "" };

export const UNCHECKED: PhoneCheck = { valid: false, problem: null, e164: null };

/** The API's phone form: international digits without the plus (what /otpscreen shows after a "+"). */
export function apiPhone(check: PhoneCheck): string | null {
  return check.e164 ? check.e164.replace(/^\+/, "") : null;
}

/** The translation key (namespace "validation") of a phone problem. */
export function phoneProblemKey(problem: PhoneProblem): string {
  switch (problem) {
    case "required":
      return "account.phoneNumberRequired";
    case "tooShort":
      return "phone.tooShort";
    case "tooLong":
      return "phone.tooLong";
    case "invalid":
      return "account.invalidPhoneNumber";
  }
}

/** How many national digits a country leaves before the number has more than 15 digits in all. */
export function maxNationalDigits(callingCode: string): number {
  return MAX_PHONE_DIGITS - callingCode.length;
}

/** Keeps the digits of what was typed or pasted, at most `max` of them. */
export function keepDigits(text: string, max: number): string {
  return text.replace(/\D/g, "").slice(0, max);
}

/** True when the text looks like a whole international number ("+961…", "00961…"), e.g. pasted from contacts. */
export function looksInternational(text: string): boolean {
  return /^\s*(\+|00)/.test(text);
}

/** The region's name in a language, from the browser (used before the country list has loaded). */
export function regionName(country: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}
