import type { PhoneValue } from "../../components/PhoneInput/phone-value.ts";
import type { Destination } from "../../lib/destination.ts";
import { readItem, removeItem, writeItem } from "../../lib/storage.ts";
import { PENDING_CODE_KEY } from "../../lib/storage-keys.ts";

/** The sign-up form as typed, kept while its code is checked (and to fill the form again on Back). */
export interface SignUpDraft {
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  phone: PhoneValue;
}

/**
 * A sign-in or sign-up waiting for its one-time code. It travels to /otpscreen
 * in the router state and in sessionStorage, so a reload of that page keeps it
 * (and closing the tab forgets it).
 */
export type PendingCode =
  | { mode: "signin"; destination: Destination; resendAt: number }
  | { mode: "signup"; destination: { phone: string }; draft: SignUpDraft; resendAt: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isString = (value: unknown): value is string => typeof value === "string";

function isDestination(value: unknown): value is Destination {
  if (!isObject(value)) return false;
  return (
    ("phone" in value && isString(value.phone) && value.phone !== "") ||
    ("email" in value && isString(value.email) && value.email !== "")
  );
}

function isPhoneValue(value: unknown): value is PhoneValue {
  return isObject(value) && isString(value.country) && isString(value.callingCode) && isString(value.national);
}

function isDraft(value: unknown): value is SignUpDraft {
  return (
    isObject(value) &&
    isString(value.first_name) &&
    isString(value.last_name) &&
    isString(value.email) &&
    isString(value.company_name) &&
    isPhoneValue(value.phone)
  );
}

/** Reads a pending code from router state or stored JSON; anything malformed counts as none. */
export function toPendingCode(value: unknown): PendingCode | null {
  if (!isObject(value) || typeof value.resendAt !== "number" || !isDestination(value.destination)) return null;
  if (value.mode === "signin") return { mode: "signin", destination: value.destination, resendAt: value.resendAt };
  if (value.mode === "signup" && "phone" in value.destination && isDraft(value.draft)) {
    return { mode: "signup", destination: value.destination, draft: value.draft, resendAt: value.resendAt };
  }
  return null;
}

export function parsePendingCode(json: string | null): PendingCode | null {
  if (!json) return null;
  try {
    return toPendingCode(JSON.parse(json));
  } catch {
    return null;
  }
}

export function loadPendingCode(): PendingCode | null {
  return parsePendingCode(readItem("sessionStorage", PENDING_CODE_KEY));
}

export function savePendingCode(pending: PendingCode): void {
  writeItem("sessionStorage", PENDING_CODE_KEY, JSON.stringify(pending));
}

export function clearPendingCode(): void {
  removeItem("sessionStorage", PENDING_CODE_KEY);
}
