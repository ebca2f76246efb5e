import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, lastCode, newEmail, newPhone, proof, requestCode, signUp } from "../../test/auth.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const update = (token: string, body: Record<string, unknown>) =>
  server.request("/api/auth/me", { method: "PUT", headers: bearer(token), json: body });

const me = async (token: string) =>
  (await server.request("/api/auth/me", { headers: bearer(token) })).json<{ data: Record<string, unknown> }>().data;

async function verifyNewPhone(token: string, phone: string) {
  await ageSends(`phone:${phone}`, 3600);
  await requestCode(server, { phone });
  const otp = await lastCode(server, phone);
  return server.request("/api/auth/me/phone-verification", {
    method: "POST",
    headers: bearer(token),
    json: { phone, otp, ...proof(phone) },
  });
}

describe("changing my account", () => {
  it("saves names and email (lowercased, empty → null)", async () => {
    const person = await signUp(server);
    const email = newEmail().toUpperCase();
    const saved = await update(person.access, { first_name: "Maya", last_name: "Khoury", email, phone: person.phone });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({
      data: { first_name: "Maya", last_name: "Khoury", email: email.toLowerCase(), initials: "MK" },
    });
    const cleared = await update(person.access, {
      first_name: "Maya",
      last_name: "Khoury",
      email: "",
      phone: person.phone,
    });
    expect(cleared.json()).toMatchObject({ data: { email: null } });
  });

  it.each([
    [{ first_name: "" }, "first_name", "account.firstNameRequired"],
    [{ last_name: "  " }, "last_name", "account.lastNameRequired"],
    [{ email: "not-an-email" }, "email", "account.invalidEmailFormat"],
    [{ phone: "" }, "phone", "account.phoneNumberRequired"],
    [{ phone: "961" }, "phone", "account.invalidPhoneNumber"],
  ])("refuses %o with the spec's key and changes nothing", async (change, field, key) => {
    const person = await signUp(server);
    const before = await me(person.access);
    const refused = await update(person.access, {
      first_name: "A",
      last_name: "B",
      email: null,
      phone: person.phone,
      ...change,
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", fields: { [field]: key } });
    expect(await me(person.access)).toEqual(before);
  });

  it("refuses a new phone that was not verified, with an error about the Phone Number", async () => {
    const person = await signUp(server);
    const refused = await update(person.access, { first_name: "A", last_name: "B", email: null, phone: newPhone() });
    expect(refused.status).toBe(400);
    expect(refused.json<{ error: string }>().error).toContain("Phone Number");
    expect((await me(person.access)).phone).toBe(person.phone);
  });

  it("changes the phone once a code sent to the new number was verified, and only once", async () => {
    const person = await signUp(server);
    const phone = newPhone();
    const wrong = await server.request("/api/auth/me/phone-verification", {
      method: "POST",
      headers: bearer(person.access),
      json: { phone, otp: "0000", ...proof(phone) },
    });
    expect(wrong.status).toBe(400);
    expect((await verifyNewPhone(person.access, phone)).status).toBe(200);
    const changed = await update(person.access, { first_name: "A", last_name: "B", email: null, phone });
    expect(changed.status).toBe(200);
    expect((await me(person.access)).phone).toBe(phone);
    // Back and forth again needs a new verification.
    const back = await update(person.access, { first_name: "A", last_name: "B", email: null, phone: person.phone });
    expect(back.status).toBe(400);
  });

  it("refuses a phone or email that another person uses", async () => {
    const person = await signUp(server);
    const other = await signUp(server, { email: newEmail() });
    expect((await verifyNewPhone(person.access, other.phone)).status).toBe(200);
    const phoneTaken = await update(person.access, {
      first_name: "A",
      last_name: "B",
      email: null,
      phone: other.phone,
    });
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.json<{ error: string }>().error).toContain("Phone Number");
    const emailTaken = await update(person.access, {
      first_name: "A",
      last_name: "B",
      email: other.user.email,
      phone: person.phone,
    });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.json<{ error: string }>().error).not.toContain("Phone Number");
  });

  it("needs a valid access token", async () => {
    expect((await update("nope", { first_name: "A", last_name: "B", email: null, phone: newPhone() })).status).toBe(
      403,
    );
  });
});
