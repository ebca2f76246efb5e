/**
 * The auth and organization calls (spec §7 and the sign-in issue). This module
 * brings axios with it, so pages that render before anyone submits anything
 * (sign-in, sign-up) import it on demand.
 */
import type { OutboxMessage, SessionResponse, User } from "@workshift/contracts";
import { api } from "../../lib/api.ts";
import { apiErrorCode, httpStatusOf, retryAfterSeconds } from "../../lib/api-error.ts";
import { getDeviceId } from "../../lib/device-id.ts";
import { proveCode } from "../../lib/signature.ts";
import { saveTokens } from "../../lib/tokens.ts";
import { type Destination, destinationValue } from "./destination.ts";
import type { SignUpDraft } from "./pending-code.ts";
import { readSession } from "./session.ts";

export type CodeRequestResult =
  | { ok: true }
  | { ok: false; error: unknown; status: number | undefined; code: string | undefined; retryAfterSeconds?: number };

/** GET /api/auth/resend-otp?phone=… (or ?email=…). A failure is returned, not thrown (spec §7). */
export async function requestCode(destination: Destination): Promise<CodeRequestResult> {
  try {
    await api.get("/api/auth/resend-otp", { params: destination });
    return { ok: true };
  } catch (error) {
    const wait = retryAfterSeconds(error);
    return {
      ok: false,
      error,
      status: httpStatusOf(error),
      code: apiErrorCode(error),
      ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
    };
  }
}

/** Saves both tokens of a complete session answer (spec §4) and hands it on. */
function startSession(body: unknown): SessionResponse {
  const session = readSession(body);
  saveTokens({ access: session.access, refresh: session.refresh });
  return session;
}

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
    ...proof,
  };
  return startSession(await api.post("/api/auth/register", body));
}

/** GET /api/auth/me → { data: user }; null when the answer has no user. */
export async function fetchMe(): Promise<User | null> {
  const body = await api.get<{ data?: User | null } | null>("/api/auth/me");
  return body?.data ?? null;
}

/** GET /api/auth/logout. */
export async function logoutRequest(): Promise<void> {
  await api.get("/api/auth/logout");
}

export interface OrganizationSummary {
  id: string;
  title: string;
  role: string;
}

/** GET /api/organizations[?search=] → { organizations }. */
export async function listOrganizations(search: string): Promise<OrganizationSummary[]> {
  const query = search.trim();
  const body = await api.get<{ organizations?: OrganizationSummary[] }>("/api/organizations", {
    params: query === "" ? undefined : { search: query },
  });
  return body?.organizations ?? [];
}

/** POST /api/organizations/select { organization_id } → { access, refresh, user } for that organization. */
export async function selectOrganization(organizationId: string): Promise<SessionResponse> {
  return startSession(await api.post("/api/organizations/select", { organization_id: organizationId }));
}

/** GET /api/dev/outbox → { messages } (development only; 404 in production). */
export async function fetchOutbox(): Promise<OutboxMessage[]> {
  const body = await api.get<{ messages?: OutboxMessage[] }>("/api/dev/outbox");
  return body?.messages ?? [];
}
