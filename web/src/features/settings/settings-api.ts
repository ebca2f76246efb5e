/** The settings sheet's calls (spec §7): the account, a new phone's and the email's verification, the company details. */
import type { CompanyDetails, User } from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { type CodeRequestResult, codeRequest } from "../../lib/code-request.ts";
import { getDeviceId } from "../../lib/device-id.ts";
import { proveCode } from "../../lib/signature.ts";
import type { AccountBody } from "./account-form.ts";
import type { CompanyBody } from "./company-form.ts";

/** PUT /api/auth/me { first_name, last_name, email, phone } → { data: user }. */
export async function updateAccount(body: AccountBody): Promise<User> {
  const answer = await api.put<{ data: User }, AccountBody>("/api/auth/me", body);
  return answer.data;
}

/**
 * POST /api/auth/me/phone-verification { phone, otp, device_id, signature, timestamp } → { detail: "verified" }:
 * proves the new phone with the code sent to it (GET /api/auth/resend-otp?phone=…), so the save may change it.
 */
export async function verifyNewPhone(phone: string, otp: string): Promise<void> {
  const proof = await proveCode(phone, getDeviceId());
  await api.post("/api/auth/me/phone-verification", { phone, otp, ...proof });
}

/**
 * POST /api/auth/me/email-verification/send → { detail: "sent" }: a code to the account's (unverified)
 * email. A failure is returned, not thrown, like the sign-in's code request.
 */
export function sendEmailVerification(): Promise<CodeRequestResult> {
  return codeRequest(() => api.post("/api/auth/me/email-verification/send", {}));
}

/**
 * POST /api/auth/me/email-verification { email, otp, device_id, signature, timestamp } → { data: user }:
 * proves the account's email with the code sent to it; from then on it signs in. 409 when another
 * account has already proved it.
 */
export async function verifyEmail(email: string, otp: string): Promise<User> {
  const proof = await proveCode(email, getDeviceId());
  const answer = await api.post<{ data: User }>("/api/auth/me/email-verification", { email, otp, ...proof });
  return answer.data;
}

/** The company details are named in the language on screen (the country), so each language has its own entry. */
export const companyDetailsQueryKey = (language: string) => ["company", "details", language] as const;

/** GET /api/company/details. */
export function fetchCompanyDetails(): Promise<CompanyDetails> {
  return api.get<CompanyDetails>("/api/company/details");
}

/**
 * PUT /api/company/details { title, employee_count, industry, logo: null, country_code, address, zip_code,
 * time_zone, week_start, currency }.
 */
export function updateCompanyDetails(body: CompanyBody): Promise<CompanyDetails> {
  return api.put<CompanyDetails, CompanyBody>("/api/company/details", body);
}
