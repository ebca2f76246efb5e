/**
 * API-test helpers for verified emails (used by the *.api.test.ts files of
 * this folder; not part of the server). They go through the real routes, as a
 * person in settings would.
 */
import type { User } from "@workshift/contracts";
import { ageSends, bearer, lastCode, newIp, proof } from "../../test/auth.ts";
import type { TestServer } from "../../test/server.ts";

export function sendEmailCode(server: TestServer, token: string, ip = newIp()) {
  return server.request("/api/auth/me/email-verification/send", {
    method: "POST",
    headers: { ...bearer(token), "x-forwarded-for": ip },
  });
}

export function proveEmail(server: TestServer, token: string, email: string, otp: string) {
  return server.request("/api/auth/me/email-verification", {
    method: "POST",
    headers: bearer(token),
    json: { email, otp, ...proof(email) },
  });
}

/** Puts `email` on the account (unverified) and proves it with the code sent to it; the user afterwards. */
export async function verifyEmailOf(
  server: TestServer,
  person: { access: string; phone: string },
  email: string,
): Promise<User> {
  const me = await server.request("/api/auth/me", { headers: bearer(person.access) });
  const current = me.json<{ data: User }>().data;
  if (current.email !== email) {
    const saved = await server.request("/api/auth/me", {
      method: "PUT",
      headers: bearer(person.access),
      json: { first_name: current.first_name, last_name: current.last_name, email, phone: person.phone },
    });
    if (saved.status !== 200) throw new Error(`PUT /api/auth/me answered ${saved.status}: ${saved.text}`);
  }
  await ageSends(`email:${email}`, 3600);
  const sent = await sendEmailCode(server, person.access);
  if (sent.status !== 200) throw new Error(`email-verification/send answered ${sent.status}: ${sent.text}`);
  const proved = await proveEmail(server, person.access, email, await lastCode(server, email));
  if (proved.status !== 200) throw new Error(`email-verification answered ${proved.status}: ${proved.text}`);
  return proved.json<{ data: User }>().data;
}
