import { DIGITS_PATTERN, type User } from "@workshift/contracts";
import { z } from "zod";
import type { PhoneCheck, PhoneValue } from "../../components/PhoneInput/phone-value.ts";
import { optionalEmail, personName } from "../../lib/field-rules.ts";

/**
 * The Account tab's rules (spec §5), the same as the API's accountUpdateSchema
 * for names and email (account-form.test.ts compares them). The phone is
 * checked by the phone input's rules; the server checks it again.
 */
export interface AccountValues {
  first_name: string;
  last_name: string;
  /** Shown lowercased (spec §5); empty means none. */
  email: string;
  phone: PhoneValue;
}

export type AccountField = "first_name" | "last_name" | "email" | "phone";
export const accountFields: readonly AccountField[] = ["first_name", "last_name", "email", "phone"];

export const accountFormSchema = z.object({
  first_name: personName("account.firstNameRequired"),
  last_name: personName("account.lastNameRequired"),
  email: optionalEmail,
});

/** The form's starting values from the signed-in user and their phone split for the input. */
export function accountValuesFrom(user: Pick<User, "first_name" | "last_name" | "email">, phone: PhoneValue) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: (user.email ?? "").toLowerCase(),
    phone,
  } satisfies AccountValues;
}

/**
 * The phone's message key, or null when it may be saved (spec §5): required
 * (account.phoneNumberRequired); digits only, 1 to 16 with the dialling code
 * (account.invalidPhoneNumber); and the phone widget's own validity for the
 * country (account.phoneNumberInvalid, or the length it got wrong), which
 * blocks saving.
 */
export function phoneError(value: PhoneValue, check: PhoneCheck): string | null {
  if (value.national.trim() === "") return "account.phoneNumberRequired";
  if (!DIGITS_PATTERN.test(`${value.callingCode}${value.national}`)) return "account.invalidPhoneNumber";
  if (check.valid && check.e164) return null;
  if (check.problem === "tooShort") return "phone.tooShort";
  if (check.problem === "tooLong") return "phone.tooLong";
  return "account.phoneNumberInvalid";
}

export interface AccountBody {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
}

/** PUT /api/auth/me's body: checked names and email (an empty email is sent as null), the phone as API digits. */
export function accountBody(checked: z.output<typeof accountFormSchema>, phone: string): AccountBody {
  return { first_name: checked.first_name, last_name: checked.last_name, email: checked.email, phone };
}

export interface AccountErrorPlacement {
  /** Field → a message key of the "validation" namespace, or the server's own text. */
  fields: Partial<Record<AccountField, string>>;
  /** Nothing to put under a field (no answer, a server failure): say so above the button. */
  general: boolean;
}

function isAccountField(key: string): key is AccountField {
  return (accountFields as readonly string[]).includes(key);
}

/**
 * Where a refused account update is shown (spec §8): the answer's field
 * messages under their fields; otherwise its error string under the phone
 * field when it mentions 'Phone Number', and under the email field when it is
 * anything else. A failure without an answer body (network, 5xx) is general.
 */
export function placeAccountError(status: number | undefined, body: unknown): AccountErrorPlacement {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const fields: Partial<Record<AccountField, string>> = {};
  if (typeof record.fields === "object" && record.fields !== null) {
    for (const [key, message] of Object.entries(record.fields)) {
      if (isAccountField(key) && typeof message === "string" && message !== "") fields[key] ??= message;
    }
  }
  if (Object.keys(fields).length > 0) return { fields, general: false };
  const clientRefusal = status !== undefined && status >= 400 && status < 500;
  if (clientRefusal && typeof record.error === "string" && record.error !== "") {
    return record.error.includes("Phone Number")
      ? { fields: { phone: record.error }, general: false }
      : { fields: { email: record.error }, general: false };
  }
  return { fields: {}, general: true };
}
