/**
 * The sign-in calls (spec §7 and the sign-in issue). This module brings axios
 * with it, so pages that render before anyone submits anything (sign-in,
 * sign-up) import it on demand.
 */
import type { AccountLanguage, SessionResponse, User } from "@workshift/contracts";
import axios from "axios";
import { shownLanguage } from "../../i18n/i18n.ts";
import { api, authorizationFor } from "../../lib/api.ts";
import { type Destination, destinationValue } from "../../lib/destination.ts";
import { getDeviceId } from "../../lib/device-id.ts";
import { readSession, startSession } from "../../lib/session.ts";
import { proveCode } from "../../lib/signature.ts";
import { organizationToEnter } from "./organization-choice.ts";
import type { SignUpDraft } from "./pending-code.ts";

// The code request travels with the other sign-in calls, so the sign-in pages load it on demand too.
export { requestCode } from "../../lib/code-request.ts";

/**
 * POST /api/auth/verify-otp { phone|email, otp, device_id, signature, timestamp } → { access, refresh, user };
 * then, for someone with exactly one organization, straight into it (see enterOnlyOrganization).
 */
export async function verifyCode(destination: Destination, otp: string): Promise<SessionResponse> {
  const proof = await proveCode(destinationValue(destination), getDeviceId());
  const signedIn = readSession(await api.post("/api/auth/verify-otp", { ...destination, otp, ...proof }));
  return startSession((await enterOnlyOrganization(signedIn.access)) ?? signedIn);
}

/**
 * GET /api/organizations, and with exactly one to choose POST /api/organizations/select,
 * both with the new session's token before it is stored: the app makes no other request
 * with that session, which choosing ends. Null (the picker asks) for several, none, a
 * platform admin, or any failure.
 */
async function enterOnlyOrganization(access: string): Promise<SessionResponse | null> {
  // Plain axios, not the app's client: its interceptors would put a stored token (another
  // tab's session) in place of this one, and refresh that.
  const config = { headers: { Authorization: authorizationFor(access) }, withCredentials: true };
  try {
    const choices = await axios.get<{ organizations?: { id: string }[]; search_all?: boolean }>(
      "/api/organizations",
      config,
    );
    const only = organizationToEnter({
      organizations: choices.data?.organizations ?? [],
      searchAll: choices.data?.search_all === true,
    });
    if (only === null) return null;
    return readSession((await axios.post("/api/organizations/select", { organization_id: only }, config)).data);
  } catch (error) {
    console.warn("Could not enter the only organization; the picker asks instead", error);
    return null;
  }
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
