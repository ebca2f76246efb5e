import { hourlyRateSchema, type InviteBody, type MemberRole, memberRoles, type Permission } from "@workshift/contracts";
import { z } from "zod";
import type { PhoneValue } from "../../components/PhoneInput/phone-value.ts";
import { optionalEmail, personName } from "../../lib/field-rules.ts";

/**
 * The invite form's values and rules: the same rules and message keys as the
 * API's inviteBodySchema (invite-form.test.ts compares them), so the form
 * refuses what the server would. The phone is checked by the phone input.
 */
export interface InviteValues {
  first_name: string;
  last_name: string;
  phone: PhoneValue;
  email: string;
  role: MemberRole | null;
  permissions: Permission[];
  job_ids: string[];
  board_ids: string[];
  /** As typed ("12.50", "12,50" or empty). */
  hourly_rate: string;
}

export const inviteFormSchema = z.object({
  first_name: personName("account.firstNameRequired"),
  last_name: personName("account.lastNameRequired"),
  email: optionalEmail,
  role: z.enum(memberRoles, "people.roleRequired"),
  hourly_rate: hourlyRateSchema,
});

/** The form's fields, for placing the server's field messages. */
export const inviteFields = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "role",
  "permissions",
  "job_ids",
  "board_ids",
  "hourly_rate",
] as const;
export type InviteField = (typeof inviteFields)[number];

/** The form's empty values; the role starts as the only one offered when there is just one (EMPLOYEE). */
export function emptyInvite(phone: PhoneValue, roles: readonly MemberRole[]): InviteValues {
  return {
    first_name: "",
    last_name: "",
    phone,
    email: "",
    role: roles.length === 1 ? (roles[0] ?? null) : roles.includes("EMPLOYEE") ? "EMPLOYEE" : null,
    permissions: [],
    job_ids: [],
    board_ids: [],
    hourly_rate: "",
  };
}

/** A phone or an email is needed to send the link (the API's people.contactRequired, on the phone). */
export function contactProblem(hasPhone: boolean, email: string): string | null {
  return hasPhone || email.trim() !== "" ? null : "people.contactRequired";
}

/**
 * POST /api/people/invite's body from checked values and the phone (API
 * digits, or null): permissions only for a supervisor; no rate when none is
 * typed. No channel: the server sends by SMS when there is a phone (the phone
 * is what the person proves), by email otherwise.
 */
export function inviteBody(
  checked: z.output<typeof inviteFormSchema>,
  values: Pick<InviteValues, "permissions" | "job_ids" | "board_ids">,
  phone: string | null,
): InviteBody {
  const email = checked.email ?? undefined;
  return {
    first_name: checked.first_name,
    last_name: checked.last_name,
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    role: checked.role,
    permissions: checked.role === "SUPERVISOR" ? [...values.permissions] : [],
    job_ids: [...values.job_ids],
    board_ids: [...values.board_ids],
    ...(checked.hourly_rate === null ? {} : { hourly_rate: checked.hourly_rate }),
  };
}

/**
 * Where the server's field messages go: a field of the form takes its own
 * ("job_ids.0" counts as job_ids); anything else is shown above the buttons.
 */
export function placeFieldErrors<F extends string>(
  fields: Record<string, string>,
  known: readonly F[],
): { fields: Partial<Record<F, string>>; other: string[] } {
  const placed: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split(".")[0] as F;
    if (known.includes(field)) placed[field] ??= message;
    else other.push(message);
  }
  return { fields: placed, other };
}
