import type { Language, SessionResponse, User } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, memberOf, newEmail, newIp, newPhone, proof, requestCode, signUp } from "../../test/auth.ts";
import { invitationToken, invited } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, outboxTo, personIn, shiftIn } from "../../test/shift-fixtures.ts";
import { type MessageKind, renderMessage } from "../delivery/render.ts";
import { sendEmailCode } from "./email-fixtures.ts";
import { CODE_TTL_MINUTES } from "./limits.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A browser showing `language`: the web app's cookie and the browser's own header. */
const browserIn = (language: string) => ({ cookie: `workshift_lng=${language}`, "accept-language": language });

const me = async (token: string) =>
  (await server.request("/api/auth/me", { headers: bearer(token) })).json<{ data: User }>().data;

const setLanguage = (token: string, language: unknown) =>
  server.request("/api/auth/me/language", { method: "PUT", headers: bearer(token), json: { language } });

/** The newest message queued to a phone (digits) or an email. */
async function lastMessageTo(recipient: string) {
  const messages = await outboxTo([recipient]);
  const last = messages.at(-1);
  if (!last) throw new Error(`nothing was sent to ${recipient}`);
  return { ...last, body: last.body ?? "" };
}

/** The code in the newest message to a phone (digits) or an email. */
const lastCodeTo = async (recipient: string) => (await lastMessageTo(recipient)).body.match(/\d{4}/)?.[0] ?? "";

/** Expects the newest message to `recipient` to be a code message of `kind` written in `language`. */
async function expectCodeIn(
  recipient: string,
  kind: Extract<MessageKind, "otp" | "emailVerification">,
  language: Language,
) {
  const message = await lastMessageTo(recipient);
  expect(message.language).toBe(language);
  const code = message.body.match(/\d{4}/)?.[0] ?? "";
  const text = renderMessage(kind, language, { code, minutes: CODE_TTL_MINUTES });
  if (message.channel === "sms") expect(message.body).toBe(text.sms.body);
  else expect({ subject: message.subject, body: message.body }).toEqual(text.email);
}

/** A sign-in code asked for from a browser showing `shown`, however recently one was sent. */
async function signInCode(phone: string, shown: string) {
  await ageSends(`phone:${phone}`, 3600);
  const query = new URLSearchParams({ phone }).toString();
  const sent = await server.request(`/api/auth/resend-otp?${query}`, {
    headers: { ...browserIn(shown), "x-forwarded-for": newIp() },
  });
  expect(sent.status).toBe(200);
}

const sendInvitationCode = (token: string, headers: Record<string, string> = {}) =>
  server.request(`/api/invitations/${token}/send-code`, {
    method: "POST",
    headers: { "x-forwarded-for": newIp(), ...headers },
  });

async function activate(token: string, phone: string, body: Record<string, unknown>, headers = {}) {
  const sent = await sendInvitationCode(token, headers);
  expect(sent.status).toBe(200);
  const otp = await lastCodeTo(phone);
  const accepted = await server.request(`/api/invitations/${token}/accept`, {
    method: "POST",
    headers,
    json: { first_name: "Sami", last_name: "Khoury", otp, ...proof(token), ...body },
  });
  expect(accepted.status).toBe(200);
  return accepted.json<SessionResponse>();
}

describe("a person's language", () => {
  it("is the inviter's for the invitation only: activating makes the page's language the person's, for every message after", async () => {
    const owner = await signUp(server, { language: "en" });
    const person = await invited(server, owner.access);
    // The invitation goes before the person has chosen anything: in the inviter's language.
    expect(await lastMessageTo(person.phone)).toMatchObject({ language: "en" });
    const token = await invitationToken(server, person.phone);

    // The activation code is written in the language the link's page shows.
    const sent = await sendInvitationCode(token, browserIn("ar"));
    expect(sent.status).toBe(200);
    await expectCodeIn(person.phone, "otp", "ar");

    await ageSends(`phone:${person.phone}`, 3600);
    const session = await activate(token, person.phone, { language: "ar-LB" }, browserIn("ar"));
    expect(session.user).toMatchObject({ language: "ar", language_chosen: true });
    expect(await me(session.access)).toMatchObject({ language: "ar", language_chosen: true });

    // Signing in later from a browser in English: the person's own language, not the screen's.
    await signInCode(person.phone, "en");
    await expectCodeIn(person.phone, "otp", "ar");
  });

  it.each([
    ["a regional tag", { language: "fr-CA" }, {}, "fr"],
    ["the browser's header when the page says nothing", {}, { "accept-language": "es-MX,es;q=0.9" }, "es"],
    [
      "the browser's header for a language the app does not have",
      { language: "de" },
      { "accept-language": "ar" },
      "ar",
    ],
  ])("at activation comes from %s", async (_case, body, headers, expected) => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const session = await activate(await invitationToken(server, person.phone), person.phone, body, headers);
    expect(session.user).toMatchObject({ language: expected, language_chosen: true });
  });

  it("is kept when someone with their own language accepts an invitation to another organization", async () => {
    const person = await signUp(server, { language: "fr" });
    expect(person.user).toMatchObject({ language: "fr", language_chosen: true });
    const owner = await signUp(server, { language: "en" });
    await invited(server, owner.access, { phone: person.phone });
    // The invitation already finds them in their own language.
    expect(await lastMessageTo(person.phone)).toMatchObject({ language: "fr" });
    const token = await invitationToken(server, person.phone);
    await ageSends(`phone:${person.phone}`, 3600);

    const session = await activate(token, person.phone, { language: "es" }, browserIn("es"));
    expect(session.user).toMatchObject({ language: "fr", language_chosen: true });
    // The code they activated with was in their language too, not the page's.
    expect(await lastMessageTo(person.phone)).toMatchObject({ language: "fr" });
  });

  it("comes from the sign-up page: the language it says it shows, else the browser's", async () => {
    expect((await signUp(server, { language: "ar" })).user).toMatchObject({ language: "ar", language_chosen: true });
    const phone = newPhone();
    await requestCode(server, { phone });
    const otp = await lastCodeTo(phone);
    const registered = await server.request("/api/auth/register", {
      method: "POST",
      headers: { "accept-language": "es-ES,es;q=0.9,en;q=0.5" },
      json: { first_name: "Rana", last_name: "Haddad", phone, company_name: "Cedar Café", otp, ...proof(phone) },
    });
    expect(registered.status).toBe(201);
    expect(registered.json<SessionResponse>().user).toMatchObject({ language: "es", language_chosen: true });
  });

  it("while only the inviter's guess, lets a sign-in code follow the screen it was asked from", async () => {
    const owner = await signUp(server);
    const guessed = await personIn(owner.organizationId, { language: "fr" });
    await signInCode(guessed.phone ?? "", "ar");
    await expectCodeIn(guessed.phone ?? "", "otp", "ar");
  });
});

describe("changing my language (PUT /api/auth/me/language)", () => {
  it("saves it as my own, and every message to me follows it: sign-in and email codes, schedules, invitations", async () => {
    const owner = await signUp(server, { language: "en" });
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");

    const saved = await setLanguage(employee.access, "es");
    expect(saved.status).toBe(200);
    expect(saved.json<{ data: User }>().data).toMatchObject({
      language: "es",
      language_chosen: true,
      role: "EMPLOYEE",
      organization_id: owner.organizationId,
    });
    expect(await me(employee.access)).toMatchObject({ language: "es", language_chosen: true });

    // A sign-in code, asked for from a browser in Arabic.
    await signInCode(employee.phone, "ar");
    await expectCodeIn(employee.phone, "otp", "es");

    // The code that proves an email.
    const email = newEmail();
    const current = await me(employee.access);
    const withEmail = await server.request("/api/auth/me", {
      method: "PUT",
      headers: bearer(employee.access),
      json: { first_name: current.first_name, last_name: current.last_name, email, phone: employee.phone },
    });
    expect(withEmail.status).toBe(200);
    expect((await sendEmailCode(server, employee.access)).status).toBe(200);
    await expectCodeIn(email, "emailVerification", "es");

    // A schedule the owner (in English) publishes.
    const board = await boardIn(owner.organizationId, { name: "Downtown" });
    await shiftIn(owner.organizationId, board, {
      user: employee.user.id,
      starts: "2026-03-30T07:00:00.000Z",
      ends: "2026-03-30T15:00:00.000Z",
    });
    const published = await server.request("/api/schedule/publish", {
      method: "POST",
      headers: bearer(owner.access),
      json: { board, date: "2026-03-30" },
    });
    expect(published.status).toBe(200);
    const schedule = await lastMessageTo(employee.phone);
    expect(schedule.language).toBe("es");
    expect(schedule.body).toContain("1 turno nuevo");
    expect(schedule.body).toContain("Tus turnos");

    // An invitation from another organization's owner, who reads English.
    const other = await signUp(server, { language: "en" });
    await invited(server, other.access, { phone: employee.phone });
    expect(await lastMessageTo(employee.phone)).toMatchObject({ language: "es" });
  });

  it("refuses a language the app does not have, and changes nothing", async () => {
    const person = await signUp(server, { language: "fr" });
    for (const language of ["de", "", null, "fr-CA"]) {
      const refused = await setLanguage(person.access, language);
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({
        code: "validation_failed",
        fields: { language: "account.languageInvalid" },
      });
    }
    expect(await me(person.access)).toMatchObject({ language: "fr", language_chosen: true });
  });

  it("needs a session", async () => {
    const response = await server.request("/api/auth/me/language", { method: "PUT", json: { language: "ar" } });
    expect(response.status).toBe(403);
  });
});
