import { randomInt } from "node:crypto";
import type { SessionResponse } from "@workshift/contracts";
import { expect } from "vitest";
import { signatureFor } from "../src/auth/signature.ts";
import { DEFAULT_OTP_SIGNING_KEY } from "../src/config.ts";
import type { TestServer } from "./server.ts";

/** Lebanese mobile prefixes whose every six digits are valid numbers (76 and 79 have gaps). */
const mobilePrefixes = ["70", "71", "81"];
const phoneSpace = mobilePrefixes.length * 1_000_000;
// Counted from a random start, not drawn at random: among the thousands of numbers one test worker uses,
// two random draws of six digits came out the same often enough to hit the code cooldown (a flaky 429).
let nextPhone = randomInt(0, phoneSpace);
/** A Lebanese mobile number no other test uses (digits, no plus). */
export function newPhone(): string {
  const n = nextPhone++ % phoneSpace;
  return `961${mobilePrefixes[Math.floor(n / 1_000_000)]}${String(n % 1_000_000).padStart(6, "0")}`;
}
export const newEmail = () => `person${randomInt(0, 1e9)}@example.com`;
/** Each test sends from its own address, so the per-address budget of one test does not hit another. */
export const newIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** What the web app adds to a code (spec §7). */
export function proof(subject: string, timestamp = Date.now()) {
  const device_id = "test-device";
  return { device_id, timestamp, signature: signatureFor(DEFAULT_OTP_SIGNING_KEY, subject, device_id, timestamp) };
}

/** Asks for a code as the web app does; the answer as the server gave it. */
export function requestCode(server: TestServer, to: { phone?: string; email?: string }, ip = newIp()) {
  const query = new URLSearchParams(to as Record<string, string>).toString();
  return server.request(`/api/auth/resend-otp?${query}`, { headers: { "x-forwarded-for": ip } });
}

/** The newest code sent to a phone (digits) or email, read from the dev outbox as a developer would. */
export async function lastCode(server: TestServer, to: string): Promise<string> {
  const recipient = to.includes("@") ? to : `+${to}`;
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  const { messages } = response.json<{ messages: { code: string | null }[] }>();
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export function verify(server: TestServer, to: { phone?: string; email?: string }, otp: string) {
  const subject = to.phone ?? to.email ?? "";
  return server.request("/api/auth/verify-otp", { method: "POST", json: { ...to, otp, ...proof(subject) } });
}

export interface SignedUp extends SessionResponse {
  /** Signed in to an organization: `person_id` is their id in it (what its API names them by). */
  user: SessionResponse["user"] & { person_id: string };
  phone: string;
  organizationId: string;
}

/** A session in an organization, as SignedUp holds it. */
function inOrganization(session: SessionResponse, phone: string, organizationId: string): SignedUp {
  const personId = session.user.person_id;
  if (personId === null) throw new Error("the session is in no organization");
  return { ...session, user: { ...session.user, person_id: personId }, phone, organizationId };
}

/** A new person with a new organization they own, through the real sign-up flow. */
export async function signUp(server: TestServer, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const phone = newPhone();
  const sent = await requestCode(server, { phone });
  if (sent.status !== 200) throw new Error(`resend-otp answered ${sent.status}: ${sent.text}`);
  const otp = await lastCode(server, phone);
  const response = await server.request("/api/auth/register", {
    method: "POST",
    json: {
      first_name: "Rana",
      last_name: "Haddad",
      phone,
      company_name: "Cedar Café",
      otp,
      ...proof(phone),
      ...overrides,
    },
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${response.text}`);
  const session = response.json<SessionResponse>();
  return inOrganization(session, phone, session.user.organization_id ?? "");
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Someone who signed up on their own and then joined `organizationId` with a
 * role, signed in to it. (Inviting people through the API comes with the team issue.)
 */
export async function memberOf(
  server: TestServer,
  organizationId: string,
  role: "OWNER" | "SUPERVISOR" | "EMPLOYEE",
  permissions: string[] = [],
): Promise<SignedUp> {
  const { testDatabase } = await import("./database.ts");
  const { withOrganization } = await import("../src/lib/db/tenancy.ts");
  const person = await signUp(server);
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("memberships")
      .values({ organization_id: organizationId, user_id: person.user.id, role, permissions })
      .execute(),
  );
  return enter(server, person, organizationId);
}

/** A platform admin (as `npm run platform-admin -- add` makes one) inside `organizationId`. */
export async function platformAdminIn(server: TestServer, organizationId: string): Promise<SignedUp> {
  const { testDatabase } = await import("./database.ts");
  const person = await signUp(server);
  const { db } = await testDatabase();
  await db.updateTable("users").set({ is_platform_admin: true }).where("id", "=", person.user.id).execute();
  return enter(server, person, organizationId);
}

async function enter(server: TestServer, person: SignedUp, organizationId: string): Promise<SignedUp> {
  const selected = await server.request("/api/organizations/select", {
    method: "POST",
    headers: bearer(person.access),
    json: { organization_id: organizationId },
  });
  if (selected.status !== 200) throw new Error(`select answered ${selected.status}: ${selected.text}`);
  return inOrganization(selected.json<SessionResponse>(), person.phone, organizationId);
}

/** Moves a destination's sending history back in time, as if that much time had passed. */
export async function ageSends(destinationKey: string, seconds: number): Promise<void> {
  const { testDatabase } = await import("./database.ts");
  const { sql } = await import("kysely");
  const { db } = await testDatabase();
  await sql`update otp_sends set sent_at = sent_at - make_interval(secs => ${seconds}) where destination = ${destinationKey}`.execute(
    db,
  );
}

/** Signs `person` in once more (a second device), into `organizationId`: a session of its own. */
export async function signInAgain(
  server: TestServer,
  person: SignedUp,
  organizationId: string,
): Promise<SessionResponse> {
  await ageSends(`phone:${person.phone}`, 120);
  expect((await requestCode(server, { phone: person.phone })).status).toBe(200);
  const signedIn = await verify(server, { phone: person.phone }, await lastCode(server, person.phone));
  expect(signedIn.status).toBe(200);
  const selected = await server.request("/api/organizations/select", {
    method: "POST",
    headers: bearer(signedIn.json<SessionResponse>().access),
    json: { organization_id: organizationId },
  });
  expect(selected.status).toBe(200);
  return selected.json<SessionResponse>();
}
