import { z } from "zod";
import { deviceIdSchema, OTP_LENGTH } from "./auth.ts";
import { languages } from "./i18n.ts";
import { phoneSchema } from "./phone.ts";
import { emailSchema, personNameSchema } from "./validation.ts";

/**
 * PUT /api/auth/me (spec §5 account rules): names required, email optional
 * (empty → null, stored lowercased), phone required. A new phone needs a
 * fresh verification first (POST /api/auth/me/phone-verification).
 */
export const accountUpdateSchema = z.object({
  first_name: personNameSchema("account.firstNameRequired"),
  last_name: personNameSchema("account.lastNameRequired"),
  email: z.preprocess((value) => (value === "" ? null : value), emailSchema.nullable()),
  phone: phoneSchema,
});
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

/**
 * PUT /api/auth/me/language: the person's own language, for the web app on
 * every device and for every message sent to them.
 */
export const accountLanguageSchema = z.object({ language: z.enum(languages, "account.languageInvalid") });
export type AccountLanguage = z.input<typeof accountLanguageSchema>;

export const phoneVerificationBodySchema = z.object({
  phone: phoneSchema,
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), "otpScreen.otpInvalid"),
  device_id: deviceIdSchema,
  signature: z.string().regex(/^[0-9a-f]{64}$/i, "signature.invalid"),
  timestamp: z.number().int().positive(),
});

/**
 * POST /api/auth/me/email-verification: proves the account's email with the
 * code that POST /api/auth/me/email-verification/send sent to it.
 */
export const emailVerificationBodySchema = z.object({
  email: emailSchema,
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), "otpScreen.otpInvalid"),
  device_id: deviceIdSchema,
  signature: z.string().regex(/^[0-9a-f]{64}$/i, "signature.invalid"),
  timestamp: z.number().int().positive(),
});
export type EmailVerificationBody = z.input<typeof emailVerificationBodySchema>;
