import type { SessionResponse } from "@workshift/contracts";
import { authErrorMessages } from "../../lib/auth-errors.ts";

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
