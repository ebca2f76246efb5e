import { z } from "zod";
import { languages } from "./i18n.ts";
import { phoneSchema } from "./phone.ts";
import { emailSchema, personNameSchema, requiredTypedText, typedText } from "./validation.ts";

/** Spec §9 and the sign-in issue. */
export const OTP_LENGTH = 4;
export const RESEND_COOLDOWN_SECONDS = 59;
export const REFRESH_TIMEOUT_MS = 10_000;
export const MAX_REFRESH_ATTEMPTS = 3;
export const COMPANY_NAME_MAX = 50;

/** Local storage keys (spec §3). */
export const TOKEN_KEY = "workshift_token";
export const REFRESH_KEY = "workshift_refreshToken";

export const roles = ["OWNER", "SUPERVISOR", "EMPLOYEE", "ADMIN"] as const;
export type Role = (typeof roles)[number];

export const otpSchema = z
  .string("otpScreen.otpInvalid")
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), "otpScreen.otpInvalid");

/** The device's own name for itself, as the web app keeps it. */
export const deviceIdSchema = typedText().min(1).max(200);

/** Proof material the client adds to a code (spec §7): a signal, not a proof. */
const deviceProof = {
  device_id: deviceIdSchema,
  signature: z.string().regex(/^[0-9a-f]{64}$/i, "signature.invalid"),
  timestamp: z.number().int().positive(),
};

/** Where a code goes: exactly one of phone or email. */
export const destinationQuerySchema = z
  .object({ phone: phoneSchema.optional(), email: emailSchema.optional() })
  .refine((value) => (value.phone === undefined) !== (value.email === undefined), {
    message: "destination.oneOf",
    path: ["phone"],
  });
export type DestinationQuery = z.input<typeof destinationQuerySchema>;

export const resendOtpResponseSchema = z.object({ detail: z.literal("sent") });

export const verifyOtpBodySchema = z
  .object({ phone: phoneSchema.optional(), email: emailSchema.optional(), otp: otpSchema, ...deviceProof })
  .refine((value) => (value.phone === undefined) !== (value.email === undefined), {
    message: "destination.oneOf",
    path: ["phone"],
  });
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;

/**
 * The language the page was shown in when the person signed up or accepted an
 * invitation (their browser's, unless they picked another there), which becomes
 * their account's. A tag such as "fr-CA" counts as its language; one we do not
 * have (or none) means the request's own (the web app's cookie, then
 * Accept-Language, then English): never a reason to refuse.
 */
export const browserLanguageSchema = typedText().max(35).optional();

export const companyNameSchema = requiredTypedText(
  "signup.companyNameRequired",
  COMPANY_NAME_MAX,
  "company.nameTooLong",
);

export const registerBodySchema = z.object({
  first_name: personNameSchema("account.firstNameRequired"),
  last_name: personNameSchema("account.lastNameRequired"),
  phone: phoneSchema,
  email: z.preprocess((value) => (value === "" ? null : value), emailSchema.nullable().optional()),
  company_name: companyNameSchema,
  otp: otpSchema,
  /**
   * The browser's IANA zone, the new organization's first time zone (the owner
   * changes it in Settings). One the server does not know means UTC: never a
   * reason to refuse a sign-up.
   */
  time_zone: typedText().max(64).optional(),
  language: browserLanguageSchema,
  ...deviceProof,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The person as the client sees them (spec §3), in the organization the token is for. */
export const userSchema = z.object({
  /** The account's own id: shown only to the account itself, never to an organization. */
  id: z.string().uuid(),
  /**
   * The person's id in the selected organization (null before one is
   * chosen): what that organization's people, shifts, time entries and
   * timesheets name them by ("is this me?").
   */
  person_id: z.string().uuid().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  /** Whether the owner proved the email with a code; only a verified email signs in. */
  email_verified: z.boolean(),
  phone: z.string().nullable(),
  /** The role in the selected organization; ADMIN for a platform admin; null before one is chosen. */
  role: z.enum(roles).nullable(),
  permissions: z.array(z.string()),
  initials: z.string(),
  color: z.string(),
  /** The person's language: the web app's and every message sent to them (codes, invitations, schedules). */
  language: z.enum(languages),
  /**
   * Whether that language is the person's own (they chose it, or it came from their browser);
   * false while it is the inviter's guess, which the web app replaces with the one it shows.
   */
  language_chosen: z.boolean(),
  organization_id: z.string().uuid().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({ access: z.string(), refresh: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const refreshBodySchema = z.object({ refresh_token: typedText().min(1).max(200) });
export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.string() });

export const meResponseSchema = z.object({ data: userSchema });

export const organizationSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  role: z.enum(roles),
  /** The organization this account last entered (in any browser): the picker marks it and offers it first. */
  last_used: z.boolean(),
});
export const organizationsResponseSchema = z.object({
  organizations: z.array(organizationSummarySchema),
  /** Whether a search finds every organization, not only the person's own (a platform admin). */
  search_all: z.boolean(),
});
export const organizationsQuerySchema = z.object({ search: typedText().max(50).optional() });
export const selectOrganizationBodySchema = z.object({ organization_id: z.string().uuid() });

export const outboxMessageSchema = z.object({
  to: z.string(),
  channel: z.enum(["sms", "email"]),
  body: z.string(),
  code: z.string().nullable(),
  sent_at: z.string(),
});
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Machine codes of auth refusals; the client translates them. */
export const authErrorCodes = {
  otpInvalid: "otp_invalid",
  accountNotFound: "account_not_found",
  accountExists: "account_exists",
  signatureInvalid: "signature_invalid",
  smsCountryNotAllowed: "sms_country_not_allowed",
} as const;
