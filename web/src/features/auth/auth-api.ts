/**
 * The sign-in calls (spec §7 and the sign-in issue). This module brings axios
 * with it, so pages that render before anyone submits anything (sign-in,
 * sign-up) import it on demand.
 */
import type { AccountLanguage, SessionResponse, User } from "@workshift/contracts";
import { shownLanguage } from "../../i18n/i18n.ts";
import { api } from "../../lib/api.ts";
import { type Destination, destinationValue } from "../../lib/destination.ts";
import { getDeviceId } from "../../lib/device-id.ts";
import { startSession } from "../../lib/session.ts";
import { proveCode } from "../../lib/signature.ts";
import type { SignUpDraft } from "./pending-code.ts";

// The code request travels with the other sign-in calls, so the sign-in pages load it on demand too.
export { requestCode } from "../../lib/code-request.ts";

/** POST /api/auth/verify-otp { phone|email, otp, device_id, signature, timestamp } → { access, refresh, user }. */
export async function verifyCode(destination: Destination, otp: string): Promise<SessionResponse> {
  const proof = await proveCode(destinationValue(destination), getDeviceId());
  return startSession(await api.post("/api/auth/verify-otp", { ...destination, otp, ...proof }));
}

/** POST /api/auth/register → 201 { access, refresh, user }; 409 account_exists when the phone has an account. */
export async function register(draft: SignUpDraft, phone: string, otp: string): Promise<SessionResponse> {
  const email = draft.email.trim().toLowerCase();
  const proof = await proveCode(phone, getDeviceId());
  const body = {
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    phone,
    email: email === "" ? null : email,
    company_name: draft.company_name.trim(),
    otp,
    // The new company's first time zone (Settings → Company changes it).
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The person's language: the one this page is in (their browser's, unless they chose another here).
    language: shownLanguage(),
    ...proof,
  };
  return startSession(await api.post("/api/auth/register", body));
}

/** GET /api/auth/me → { data: user }; null when the answer has no user. */
export async function fetchMe(): Promise<User | null> {
  const body = await api.get<{ data?: User | null } | null>("/api/auth/me");
  return body?.data ?? null;
}

/** PUT /api/auth/me/language { language } → { data: user }: the app's and every message's language for this person. */
export async function saveLanguage(language: AccountLanguage["language"]): Promise<User> {
  const answer = await api.put<{ data: User }, AccountLanguage>("/api/auth/me/language", { language });
  return answer.data;
}

/** GET /api/auth/logout. */
export async function logoutRequest(): Promise<void> {
  await api.get("/api/auth/logout");
}
