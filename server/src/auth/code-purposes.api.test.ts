import type { User } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, lastCode, newEmail, newPhone, proof, requestCode, signUp, verify } from "../../test/auth.ts";
import { invitationToken, invited } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { proveEmail, sendEmailCode } from "./email-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = async (token: string) =>
  (await server.request("/api/auth/me", { headers: bearer(token) })).json<{ data: User }>().data;

async function withUnverifiedEmail() {
  const person = await signUp(server);
  const email = newEmail();
  const saved = await server.request("/api/auth/me", {
    method: "PUT",
    headers: bearer(person.access),
    json: { first_name: "Rana", last_name: "Haddad", email, phone: person.phone },
  });
  expect(saved.status).toBe(200);
  return { person, email };
}

/** The device signature of an accept covers the link's token. */
const acceptInvitation = (token: string, otp: string) =>
  server.request(`/api/invitations/${token}/accept`, {
    method: "POST",
    json: { first_name: "Sami", last_name: "Khoury", otp, ...proof(token) },
  });

describe("a code works only for what it was sent for", () => {
  it("a code sent to confirm an email does not sign in, and stays good for confirming", async () => {
    const { person, email } = await withUnverifiedEmail();
    expect((await sendEmailCode(server, person.access)).status).toBe(200);
    const code = await lastCode(server, email);

    const signIn = await verify(server, { email }, code);
    expect(signIn.status).toBe(400);
    expect(signIn.json()).toMatchObject({ code: "otp_invalid" });

    const proved = await proveEmail(server, person.access, email, code);
    expect(proved.status).toBe(200);
    expect(proved.json<{ data: User }>().data.email_verified).toBe(true);
  });

  it("a sign-in code does not confirm an email", async () => {
    const { person, email } = await withUnverifiedEmail();
    expect((await requestCode(server, { email })).status).toBe(200);
    const code = await lastCode(server, email);

    const proved = await proveEmail(server, person.access, email, code);
    expect(proved.status).toBe(400);
    expect(proved.json()).toMatchObject({ code: "otp_invalid" });
    expect((await me(person.access)).email_verified).toBe(false);
  });

  it("an invitation code does not sign in, and a sign-in code does not accept an invitation", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access, { phone: newPhone() });
    const token = await invitationToken(server, person.phone);

    expect((await server.request(`/api/invitations/${token}/send-code`, { method: "POST" })).status).toBe(200);
    const invitationCode = await lastCode(server, person.phone);
    const signIn = await verify(server, { phone: person.phone }, invitationCode);
    expect(signIn.status).toBe(400);
    expect(signIn.json()).toMatchObject({ code: "otp_invalid" });

    await ageSends(`phone:${person.phone}`, 3600);
    expect((await requestCode(server, { phone: person.phone })).status).toBe(200);
    const signInCode = await lastCode(server, person.phone);
    const accepted = await acceptInvitation(token, signInCode);
    expect(accepted.status).toBe(400);
    expect(accepted.json()).toMatchObject({ code: "otp_invalid" });

    // Its own code does accept it.
    await ageSends(`phone:${person.phone}`, 3600);
    expect((await server.request(`/api/invitations/${token}/send-code`, { method: "POST" })).status).toBe(200);
    expect((await acceptInvitation(token, await lastCode(server, person.phone))).status).toBe(200);
  });

  it("an email-confirmation code does not accept an invitation sent to that email", async () => {
    const owner = await signUp(server);
    const { person, email } = await withUnverifiedEmail();
    await invited(server, owner.access, { phone: undefined, email, first_name: "Sami", last_name: "Khoury" });
    const token = await invitationToken(server, email);
    await ageSends(`email:${email}`, 3600);
    expect((await sendEmailCode(server, person.access)).status).toBe(200);
    const accepted = await acceptInvitation(token, await lastCode(server, email));
    expect(accepted.status).toBe(400);
    expect(accepted.json()).toMatchObject({ code: "otp_invalid" });
  });
});
