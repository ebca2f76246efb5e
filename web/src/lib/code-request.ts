/**
 * Asking for a one-time code (sign-in, a new phone, an email, an invitation).
 * A failure is returned, not thrown (spec §7), with what the screens need to
 * say why and when to offer a new code.
 */
import { api } from "./api.ts";
import { retryAfterSeconds } from "./api-error.ts";
import type { Destination } from "./destination.ts";

export type CodeRequestResult = { ok: true } | { ok: false; error: unknown; retryAfterSeconds?: number };

/** Runs a request that sends a code and turns its failure into a result. */
export async function codeRequest(send: () => Promise<unknown>): Promise<CodeRequestResult> {
  try {
    await send();
    return { ok: true };
  } catch (error) {
    const wait = retryAfterSeconds(error);
    return { ok: false, error, ...(wait === undefined ? {} : { retryAfterSeconds: wait }) };
  }
}

/** GET /api/auth/resend-otp?phone=… (or ?email=…). */
export function requestCode(destination: Destination): Promise<CodeRequestResult> {
  return codeRequest(() => api.get("/api/auth/resend-otp", { params: destination }));
}
