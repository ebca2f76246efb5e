/**
 * The invitation link's calls (public: the link is the key). Accepting starts
 * a session the same way signing in does: both tokens are saved here, and
 * the page hands the answer to acceptSession.
 */
import type { InvitationView, SessionResponse } from "@workshift/contracts";
import { shownLanguage } from "../../i18n/i18n.ts";
import { api } from "../../lib/api.ts";
import { type CodeRequestResult, codeRequest } from "../../lib/code-request.ts";
import { getDeviceId } from "../../lib/device-id.ts";
import { startSession } from "../../lib/session.ts";
import { proveCode } from "../../lib/signature.ts";

const base = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export const invitationQueryKey = (token: string) => ["invitations", token] as const;

/** GET /api/invitations/:token → who invites whom to which organization (404 invalid, 410 expired). */
export function fetchInvitation(token: string): Promise<InvitationView> {
  return api.get<InvitationView>(base(token));
}

/** POST /api/invitations/:token/send-code → { detail: "sent" }. A failure is returned, not thrown. */
export function sendInvitationCode(token: string): Promise<CodeRequestResult> {
  return codeRequest(() => api.post(`${base(token)}/send-code`));
}

/**
 * What the verify signature covers for an invitation: the link's token. The
 * page never learns the full phone or email the code went to (the server
 * shows it masked), so it cannot sign those as sign-in does.
 */
export function invitationSignatureSubject(token: string): string {
  return token;
}

/**
 * POST /api/invitations/:token/accept { first_name, last_name, otp, language,
 * device_id, signature, timestamp } → { access, refresh, user }: the tokens are saved.
 */
export async function acceptInvitation(
  token: string,
  names: { first_name: string; last_name: string },
  otp: string,
): Promise<SessionResponse> {
  const proof = await proveCode(invitationSignatureSubject(token), getDeviceId());
  // The page's language (the browser's, unless they chose another here) becomes the new account's.
  const body = { ...names, otp, language: shownLanguage(), ...proof };
  return startSession(await api.post(`${base(token)}/accept`, body));
}
