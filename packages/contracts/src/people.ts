import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import { z } from "zod";
import { browserLanguageSchema, deviceIdSchema, otpSchema, sessionResponseSchema } from "./auth.ts";
import { errorBodySchema } from "./errors.ts";
import { memberRoles } from "./member-roles.ts";
import { supervisorPermissions } from "./permissions.ts";
import { personIdSchema } from "./person-id.ts";
import { phoneSchema } from "./phone.ts";
import { emailSchema, optionalTypedText, personNameSchema, typedText } from "./validation.ts";

/**
 * The team: people in an organization, their invitations, and the
 * invitation link a new person activates. A person is a user; their place in
 * the organization (role, permissions, pay, jobs, boards, status) is their
 * membership. The `id` of a person is their id in this organization
 * (personIdSchema), never their account's.
 */

export const memberStatuses = ["invited", "active", "archived"] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const invitationChannels = ["sms", "email"] as const;
export type InvitationChannel = (typeof invitationChannels)[number];

/** Invitation links work for seven days, once. */
export const INVITATION_TTL_DAYS = 7;
export const PEOPLE_PAGE_SIZE_MAX = 100;
export const HOURLY_RATE_MAX = 100_000;
/** A CSV import takes at most this many people at once. */
export const IMPORT_ROWS_MAX = 2000;
export const IMPORT_CSV_CHARS_MAX = 1_000_000;
/**
 * The sending budget of one organization: invitation links (single invites,
 * CSV imports and resends alike) at most this many per rolling hour and day.
 * The hour holds a full import (IMPORT_ROWS_MAX); over budget: 429 rate_limited.
 */
export const INVITATIONS_PER_HOUR_MAX = 2000;
export const INVITATIONS_PER_DAY_MAX = 5000;

export const peopleSorts = ["name", "-name", "role", "-role", "status", "-status", "created", "-created"] as const;
export type PeopleSort = (typeof peopleSorts)[number];

/** A rate as people type it: digits with at most two decimals after "." or "," ("12", "12.5", "12,50"). */
const RATE_TEXT = /^\d{1,9}([.,]\d{1,2})?$/;

/**
 * Money with at most two decimals, never negative; "", blanks and null clear
 * it. Text must look like a rate: "0x1F", "1e3" or " 5 5" are refused rather
 * than read as numbers.
 */
export const hourlyRateSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return null;
    return RATE_TEXT.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
  },
  z
    .number("people.rateInvalid")
    .finite("people.rateInvalid")
    .min(0, "people.rateInvalid")
    .max(HOURLY_RATE_MAX, "people.rateTooHigh")
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, "people.rateInvalid")
    .nullable(),
);

/** An employee (payroll) id as the organization types it: up to 50 characters, "" or null clears it. */
export const EMPLOYEE_ID_MAX = 50;
export const employeeIdSchema = optionalTypedText(EMPLOYEE_ID_MAX, "people.employeeIdTooLong");

const idList = z.array(z.string().uuid("people.unknownReference")).max(500);

/**
 * GET /api/people: one page of the team, filtered and sorted on the server.
 * `search` matches names ("first last" or "last first"), email, and phone
 * digits. Without `status`, archived people are left out (ask for
 * `status=archived` to see them).
 */
export const peopleQuerySchema = z.object({
  search: typedText().max(100).optional(),
  role: z.enum(memberRoles).optional(),
  status: z.enum(memberStatuses).optional(),
  job_id: z.string().uuid().optional(),
  board_id: z.string().uuid().optional(),
  sort: z.enum(peopleSorts).default("name"),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PEOPLE_PAGE_SIZE_MAX).default(50),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

export const invitationSummarySchema = z.object({
  channel: z.enum(invitationChannels),
  sent_at: z.string(),
  expires_at: z.string(),
  /** False once the link has expired or was revoked (it can be resent). */
  live: z.boolean(),
  /** True when a manager revoked the link (DELETE /api/people/:id/invitation). */
  revoked: z.boolean(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/**
 * A person as the organization sees them. Until they activate (invited, or
 * archived before they ever accepted), names, phone and email are what this
 * organization typed when it invited them, never the account's own (it may
 * be someone's real account); after activation, their profile.
 */
export const personSchema = z.object({
  id: personIdSchema(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  initials: z.string(),
  color: z.string(),
  role: z.enum(memberRoles),
  permissions: z.array(z.enum(supervisorPermissions)),
  status: z.enum(memberStatuses),
  hourly_rate: z.number().nullable(),
  /** The person's employee (payroll) id in this organization, unique among its people; null when none. */
  employee_id: z.string().nullable(),
  job_ids: z.array(z.string().uuid()),
  board_ids: z.array(z.string().uuid()),
  /** The latest invitation while the person has not activated yet; null after. */
  invitation: invitationSummarySchema.nullable(),
  invited_by: z.object({ id: personIdSchema(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const peopleResponseSchema = z.object({
  people: z.array(personSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

export const personResponseSchema = z.object({ person: personSchema });

/**
 * POST /api/people/invite: a new person, reached by phone or email (at least
 * one). With a phone the link goes by SMS (the phone is what a person
 * proves); `send_via: "email"` with a phone is refused (422
 * people.smsWhenPhone), email is only for people without a phone.
 */
export const inviteBodySchema = z
  .object({
    first_name: personNameSchema("account.firstNameRequired"),
    last_name: personNameSchema("account.lastNameRequired"),
    phone: z.preprocess((value) => (value === "" ? undefined : value), phoneSchema.optional()),
    email: z.preprocess((value) => (value === "" ? undefined : value), emailSchema.optional()),
    role: z.enum(memberRoles, "people.roleRequired"),
    permissions: z.array(z.enum(supervisorPermissions, "people.permissionUnknown")).max(20).default([]),
    job_ids: idList.default([]),
    board_ids: idList.default([]),
    hourly_rate: hourlyRateSchema.optional(),
    employee_id: employeeIdSchema.optional(),
    send_via: z.enum(invitationChannels).optional(),
  })
  .refine((value) => value.phone !== undefined || value.email !== undefined, {
    message: "people.contactRequired",
    path: ["phone"],
  })
  .refine((value) => value.send_via !== "sms" || value.phone !== undefined, {
    message: "people.contactRequired",
    path: ["phone"],
  })
  .refine((value) => value.send_via !== "email" || value.email !== undefined, {
    message: "people.contactRequired",
    path: ["email"],
  });
export type InviteBody = z.input<typeof inviteBodySchema>;

/**
 * PATCH /api/people/:id: any subset. Names can be changed only while the
 * person is invited, and only this organization's record of them changes
 * (the name it typed); after activation the profile is theirs.
 */
export const personUpdateSchema = z.object({
  first_name: personNameSchema("account.firstNameRequired").optional(),
  last_name: personNameSchema("account.lastNameRequired").optional(),
  role: z.enum(memberRoles, "people.roleRequired").optional(),
  permissions: z.array(z.enum(supervisorPermissions, "people.permissionUnknown")).max(20).optional(),
  job_ids: idList.optional(),
  board_ids: idList.optional(),
  hourly_rate: hourlyRateSchema.optional(),
  employee_id: employeeIdSchema.optional(),
});
export type PersonUpdate = z.input<typeof personUpdateSchema>;

/** POST /api/people/import/preview and /api/people/import: the CSV text as uploaded. */
export const importBodySchema = z.object({
  csv: typedText("people.importEmpty", { multiline: true })
    .min(1, "people.importEmpty")
    .max(IMPORT_CSV_CHARS_MAX, "people.importTooLarge"),
});

/**
 * CSV columns, in any order, matched case-insensitively: first_name,
 * last_name, phone, email, role, jobs and schedules (names separated by ";"),
 * hourly_rate, employee_id. A role left empty means EMPLOYEE.
 */
export const importColumns = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "role",
  "jobs",
  "schedules",
  "hourly_rate",
  "employee_id",
] as const;

export const importRowSchema = z.object({
  /** 1-based line in the file, the header being line 1. */
  line: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  jobs: z.array(z.string()),
  schedules: z.array(z.string()),
  hourly_rate: z.number().nullable(),
  employee_id: z.string().nullable(),
  /** Column → message key (translated by the client); empty when the row is fine. */
  errors: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewResponseSchema = z.object({
  rows: z.array(importRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Problems with the file itself (no header, unknown columns, too many rows), as message keys. */
  file_errors: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewResponseSchema>;

export const importResponseSchema = z.object({ imported: z.number().int() });

/** POST /api/people/import refused (422 validation_failed): nothing was written; the preview says why. */
export const importRefusalSchema = errorBodySchema.extend({ preview: importPreviewResponseSchema });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/**
 * Every message key the people and invitation APIs put in `fields` (and in a
 * CSV preview's row `errors` and `file_errors`), besides the shared account
 * and phone keys: the client translates each (namespace "validation").
 */
export const peopleMessageKeys = [
  "people.contactRequired",
  "people.roleRequired",
  "people.permissionUnknown",
  "people.rateInvalid",
  "people.rateTooHigh",
  "people.unknownReference",
  "people.unknownJob",
  "people.unknownBoard",
  "people.alreadyMember",
  "people.profileIsTheirs",
  "people.roleNotAllowed",
  "people.duplicateInFile",
  "people.importEmpty",
  "people.importTooLarge",
  "people.importUnreadable",
  "people.importNoRows",
  "people.importMissingColumns",
  "people.importUnknownColumns",
  "people.importDuplicateColumns",
  "people.importTooManyRows",
  "people.smsWhenPhone",
  "people.invitationBudget",
  "people.importOverBudget",
  "people.justAdded",
] as const;

/** GET /api/invitations/:token: what the invitee sees before activating. */
export const invitationViewSchema = z.object({
  organization: z.object({ id: z.string().uuid(), title: z.string() }),
  invited_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  first_name: z.string(),
  last_name: z.string(),
  channel: z.enum(invitationChannels),
  /** Where the code goes, partly hidden: "+961 •••• 56" or "n•••@example.com". */
  destination: z.string(),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/invitations/:token/accept: confirm the name and the code sent by POST …/send-code. */
export const acceptInvitationBodySchema = z.object({
  first_name: personNameSchema("account.firstNameRequired"),
  last_name: personNameSchema("account.lastNameRequired"),
  otp: otpSchema,
  /** The page's language; it becomes the account's unless the account already has one of its own. */
  language: browserLanguageSchema,
  device_id: deviceIdSchema,
  signature: z.string().regex(/^[0-9a-f]{64}$/i, "signature.invalid"),
  timestamp: z.number().int().positive(),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;
export const acceptInvitationResponseSchema = sessionResponseSchema;

/**
 * GET /api/people/permissions: who may do what with the team (the server
 * enforces it; the client only hides). The last four fields are what the
 * caller may do: an OWNER manages everyone and grants any role and
 * permission; a SUPERVISOR with manage_users invites, edits, archives and
 * restores EMPLOYEEs only, and grants no role or permission.
 */
export const permissionTableSchema = z.object({
  roles: z.array(z.enum(memberRoles)),
  permissions: z.array(z.enum(supervisorPermissions)),
  can_manage: z.boolean(),
  /** Roles the caller may give (invite with, or change to); empty when they cannot manage. */
  assignable_roles: z.array(z.enum(memberRoles)),
  /** Roles of the people the caller may edit, archive and restore. */
  manageable_roles: z.array(z.enum(memberRoles)),
  can_grant_permissions: z.boolean(),
});
export type PermissionTable = z.infer<typeof permissionTableSchema>;

/**
 * Where an invitation's code goes, partly hidden: "+961 •••• 56" for a phone
 * (international digits), "n•••@example.com" for an email.
 */
export function maskDestination(destination: { kind: "phone" | "email"; value: string }): string {
  if (destination.kind === "email") {
    const at = destination.value.lastIndexOf("@");
    return `${destination.value.slice(0, 1)}•••${destination.value.slice(at)}`;
  }
  const digits = destination.value;
  let prefix = digits.slice(0, 3);
  try {
    prefix = parsePhoneNumberWithError(`+${digits}`).countryCallingCode;
  } catch {}
  return `+${prefix} •••• ${digits.slice(-2)}`;
}
