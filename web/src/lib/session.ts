import type { SessionResponse } from "@workshift/contracts";
import { authErrorMessages } from "./auth-errors.ts";
import { saveTokens } from "./tokens.ts";

/**
 * Checks an answer of verify-otp, register or organization select (spec §3,
 * §8): no tokens means the sign-in failed; tokens without a user mean the user
 * could not be read. Only a complete answer is accepted.
 */
export function readSession(body: unknown): SessionResponse {
  if (typeof body !== "object" || body === null) throw new Error(authErrorMessages.loginFailed);
  const { access, refresh, user } = body as Record<string, unknown>;
  if (typeof access !== "string" || access === "" || typeof refresh !== "string" || refresh === "") {
    throw new Error(authErrorMessages.loginFailed);
  }
  if (typeof user !== "object" || user === null) throw new Error(authErrorMessages.missingUser);
  return { access, refresh, user: user as SessionResponse["user"] };
}

/** Saves both tokens of a complete session answer (spec §4) and hands it on. */
export function startSession(body: unknown): SessionResponse {
  const session = readSession(body);
  saveTokens({ access: session.access, refresh: session.refresh });
  return session;
}
