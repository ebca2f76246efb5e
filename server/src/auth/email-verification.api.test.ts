import type { SessionResponse, User } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, lastCode, newEmail, proof, requestCode, signUp, verify } from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { proveEmail, sendEmailCode, verifyEmailOf } from "./email-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = async (token: string) =>
  (await server.request("/api/auth/me", { headers: bearer(token) })).json<{ data: User }>().data;

const putMe = (token: string, body: Record<string, unknown>) =>
  server.request("/api/auth/me", { method: "PUT", headers: bearer(token), json: body });

/** Asks for a sign-in code for `email` and tries it: what someone signing in by email gets. */
async function signInByEmail(email: string) {
  await ageSends(`email:${email}`, 3600);
  expect((await requestCode(server, { email })).status).toBe(200);
  return verify(server, { email }, await lastCode(server, email));
}

const wrongCodeFor = (code: string) => (code === "0000" ? "1111" : "0000");

async function outboxOf(to: string) {
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return response.json<{ messages: { body: string; code: string | null }[] }>().messages;
}

describe("an unverified email", () => {
  it("is stored unverified at sign-up and in settings, and the user says so", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    expect(person.user).toMatchObject({ email, email_verified: false });
    expect(await me(person.access)).toMatchObject({ email, email_verified: false });

    const other = newEmail();
    const saved = await putMe(person.access, {
      first_name: "Rana",
      last_name: "Haddad",
      email: other,
      phone: person.phone,
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ data: { email: other, email_verified: false } });

    const none = await signUp(server);
    expect(none.user).toMatchObject({ email: null, email_verified: false });
  });

  it("does not sign in: a right code gets exactly the answer of an address nobody uses", async () => {
    const email = newEmail();
    await signUp(server, { email });
    const unverified = await signInByEmail(email);
    const unknown = await signInByEmail(newEmail());
    expect(unverified.status).toBe(404);
    expect(unverified.json()).toMatchObject({ code: "account_not_found" });
    expect(unverified.text).toBe(unknown.text);

    // And a wrong code: the same neutral refusal as for anyone.
    await ageSends(`email:${email}`, 3600);
    await requestCode(server, { email });
    const wrong = await verify(server, { email }, wrongCodeFor(await lastCode(server, email)));
    const wrongUnknown = await verify(server, { email: newEmail() }, "1234");
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe(wrongUnknown.text);
  });

  it("asking for a sign-in code answers the same for unverified, verified and unknown addresses", async () => {
    const unverified = newEmail();
    await signUp(server, { email: unverified });
    const verified = newEmail();
    await verifyEmailOf(server, await signUp(server), verified);
    await ageSends(`email:${verified}`, 3600);
    const answers = await Promise.all(
      [unverified, verified, newEmail()].map(async (email) => {
        const response = await requestCode(server, { email });
        return `${response.status} ${response.text}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['200 {"detail":"sent"}']));
  });
});

describe("the pre-hijack is impossible", () => {
  it("an attacker who claims the victim's address first never receives the victim", async () => {
    const email = newEmail();
    // The attacker signs up with the victim's address before the victim has an account.
    const attacker = await signUp(server, { email });
    expect(attacker.user.email_verified).toBe(false);

    // The victim signs up by phone, adds the address and proves it: the attacker's claim is no obstacle.
    const victim = await signUp(server);
    const proved = await verifyEmailOf(server, victim, email);
    expect(proved).toMatchObject({ id: victim.user.id, email, email_verified: true });

    // Signing in by email now lands in the victim's own account, never the attacker's.
    const signedIn = await signInByEmail(email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json<SessionResponse>().user.id).toBe(victim.user.id);

    // The attacker cannot prove the address without the code sent to it.
    await ageSends(`email:${email}`, 3600);
    expect((await sendEmailCode(server, attacker.access)).status).toBe(200);
    const guess = await proveEmail(server, attacker.access, email, wrongCodeFor(await lastCode(server, email)));
    expect(guess.status).toBe(400);
    expect(guess.json()).toMatchObject({ code: "otp_invalid" });
    expect(await me(attacker.access)).toMatchObject({ email, email_verified: false });
  });

  it("an attacker who copies a verified address into their profile gets no sign-ins and no hint", async () => {
    const email = newEmail();
    const victim = await signUp(server);
    await verifyEmailOf(server, victim, email);

    const attacker = await signUp(server);
    const copied = await putMe(attacker.access, {
      first_name: "Eve",
      last_name: "Mallory",
      email,
      phone: attacker.phone,
    });
    expect(copied.status).toBe(200);
    expect(copied.json()).toMatchObject({ data: { email, email_verified: false } });

    const signedIn = await signInByEmail(email);
    expect(signedIn.json<SessionResponse>().user.id).toBe(victim.user.id);
    expect(await me(victim.access)).toMatchObject({ email, email_verified: true });
  });
});

describe("verifying my email", () => {
  it("sends a code to the account's email, proves it, and from then on the email signs in", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    const sent = await sendEmailCode(server, person.access);
    expect(sent.status).toBe(200);
    expect(sent.json()).toEqual({ detail: "sent" });
    const [message] = await outboxOf(email);
    expect(message?.body).toContain("confirm");
    const code = message?.code ?? "";

    const wrong = await proveEmail(server, person.access, email, wrongCodeFor(code));
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "otp_invalid", fields: { otp: "otpScreen.otpInvalid" } });
    expect((await me(person.access)).email_verified).toBe(false);

    const right = await proveEmail(server, person.access, email, code);
    expect(right.status).toBe(200);
    expect(right.json()).toMatchObject({
      data: { id: person.user.id, email, email_verified: true, role: "OWNER", organization_id: person.organizationId },
    });
    expect(await me(person.access)).toMatchObject({ email, email_verified: true });
    // Nothing is left to prove: no more codes for it from settings.
    expect((await sendEmailCode(server, person.access)).json()).toMatchObject({
      code: "account_email_already_verified",
      fields: { email: "account.emailAlreadyVerified" },
    });

    const signedIn = await signInByEmail(email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json<SessionResponse>().user).toMatchObject({ id: person.user.id, email_verified: true });
  });

  it("keeps the verification while the email stays, and clears it when the email changes", async () => {
    const email = newEmail();
    const person = await signUp(server);
    await verifyEmailOf(server, person, email);
    const same = await putMe(person.access, { first_name: "Maya", last_name: "Khoury", email, phone: person.phone });
    expect(same.json()).toMatchObject({ data: { first_name: "Maya", email, email_verified: true } });

    const next = newEmail();
    const changed = await putMe(person.access, {
      first_name: "Maya",
      last_name: "Khoury",
      email: next,
      phone: person.phone,
    });
    expect(changed.json()).toMatchObject({ data: { email: next, email_verified: false } });
    // Neither the old address (gone) nor the new one (unproved) signs in.
    expect((await signInByEmail(email)).status).toBe(404);
    expect((await signInByEmail(next)).status).toBe(404);

    // Back to the first address: it has to be proved again.
    const back = await putMe(person.access, { first_name: "Maya", last_name: "Khoury", email, phone: person.phone });
    expect(back.json()).toMatchObject({ data: { email, email_verified: false } });
    const cleared = await putMe(person.access, {
      first_name: "Maya",
      last_name: "Khoury",
      email: "",
      phone: person.phone,
    });
    expect(cleared.json()).toMatchObject({ data: { email: null, email_verified: false } });
  });

  it("answers 409 to someone who proves an address another account has verified", async () => {
    const email = newEmail();
    const first = await signUp(server);
    await verifyEmailOf(server, first, email);

    // The same person's second account (they own the address, so they may be told).
    const second = await signUp(server, { email });
    await ageSends(`email:${email}`, 3600);
    expect((await sendEmailCode(server, second.access)).status).toBe(200);
    const code = await lastCode(server, email);
    const taken = await proveEmail(server, second.access, email, code);
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "account_email_taken", fields: { email: "account.emailTaken" } });
    expect(await me(second.access)).toMatchObject({ email, email_verified: false });
    expect(await me(first.access)).toMatchObject({ email, email_verified: true });
    // The code was spent on that answer.
    expect((await proveEmail(server, second.access, email, code)).json()).toMatchObject({ code: "otp_invalid" });
  });

  it("refuses a code for an address that is not the account's, without spending it", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    await sendEmailCode(server, person.access);
    const code = await lastCode(server, email);
    const elsewhere = newEmail();
    const refused = await proveEmail(server, person.access, elsewhere, code);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: "account_email_changed", fields: { email: "account.emailChanged" } });
    expect((await proveEmail(server, person.access, email, code)).status).toBe(200);
  });

  it("refuses without an email, with a bad signature, without a token, and with bad input", async () => {
    const person = await signUp(server);
    const none = await sendEmailCode(server, person.access);
    expect(none.status).toBe(409);
    expect(none.json()).toMatchObject({ code: "account_email_missing", fields: { email: "account.emailMissing" } });

    const email = newEmail();
    const withEmail = await signUp(server, { email });
    await sendEmailCode(server, withEmail.access);
    const code = await lastCode(server, email);
    const forged = await server.request("/api/auth/me/email-verification", {
      method: "POST",
      headers: bearer(withEmail.access),
      json: { email, otp: code, ...proof(email), signature: "0".repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect(forged.json()).toMatchObject({ code: "signature_invalid" });

    expect((await sendEmailCode(server, "nope")).status).toBe(403);
    expect((await proveEmail(server, "nope", email, code)).status).toBe(403);

    const bad = await server.request("/api/auth/me/email-verification", {
      method: "POST",
      headers: bearer(withEmail.access),
      json: { email: "not-an-email", otp: "12", ...proof(email) },
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation_failed",
      fields: { email: "account.invalidEmailFormat", otp: "otpScreen.otpInvalid" },
    });
    // None of that spent the code.
    expect((await proveEmail(server, withEmail.access, email, code)).status).toBe(200);
  });

  it("shares the sending limits of every code for that address", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    expect((await sendEmailCode(server, person.access)).status).toBe(200);
    const again = await sendEmailCode(server, person.access);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(50);
    // A sign-in code for the same address waits too.
    expect((await requestCode(server, { email })).status).toBe(429);
  });

  it("answers a locked address like any other, and sends nothing", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    const { db } = await testDatabase();
    await db
      .insertInto("otp_destinations")
      .values({
        destination: `email:${email}`,
        consecutive_failures: 10,
        locked_until: new Date(Date.now() + 3600_000),
      })
      .execute();
    const sent = await sendEmailCode(server, person.access);
    expect(sent.status).toBe(200);
    expect(sent.json()).toEqual({ detail: "sent" });
    expect(await outboxOf(email)).toEqual([]);
  });
});

describe("no leak of who uses an address", () => {
  it("saving or signing up with an address another account verified answers like any other address", async () => {
    const email = newEmail();
    const owner = await signUp(server);
    await verifyEmailOf(server, owner, email);

    const person = await signUp(server);
    const taken = await putMe(person.access, { first_name: "A", last_name: "B", email, phone: person.phone });
    const free = await putMe(person.access, {
      first_name: "A",
      last_name: "B",
      email: newEmail(),
      phone: person.phone,
    });
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);

    const signedUp = await signUp(server, { email });
    expect(signedUp.user).toMatchObject({ email, email_verified: false });
    // The address still belongs to the one who proved it.
    expect((await signInByEmail(email)).json<SessionResponse>().user.id).toBe(owner.user.id);
  });

  it("two accounts may hold the same unverified address", async () => {
    const email = newEmail();
    const one = await signUp(server, { email });
    const two = await signUp(server);
    expect((await putMe(two.access, { first_name: "A", last_name: "B", email, phone: two.phone })).status).toBe(200);
    expect((await me(one.access)).email).toBe(email);
    expect((await me(two.access)).email).toBe(email);
  });

  it("a phone taken by another account still answers 409 (the phone was proved first)", async () => {
    const person = await signUp(server);
    const other = await signUp(server);
    await ageSends(`phone:${other.phone}`, 3600);
    await requestCode(server, { phone: other.phone });
    const otp = await lastCode(server, other.phone);
    await server.request("/api/auth/me/phone-verification", {
      method: "POST",
      headers: bearer(person.access),
      json: { phone: other.phone, otp, ...proof(other.phone) },
    });
    const refused = await putMe(person.access, { first_name: "A", last_name: "B", email: null, phone: other.phone });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: "account_phone_taken", fields: { phone: "account.phoneTaken" } });
  });

  // PostgreSQL only: two connections really prove at the same moment (the embedded database has one).
  it.runIf(databaseKind() === "postgres")(
    "two simultaneous proofs of one address: exactly one account ends up with it verified",
    async () => {
      const email = newEmail();
      const one = await signUp(server, { email });
      const two = await signUp(server, { email });
      await ageSends(`email:${email}`, 3600);
      expect((await sendEmailCode(server, one.access)).status).toBe(200);
      const code = await lastCode(server, email);
      // Both accounts hold the address (unverified) and both present the one code at once.
      const answers = await Promise.all([
        proveEmail(server, one.access, email, code),
        proveEmail(server, two.access, email, code),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const { db } = await testDatabase();
      const verified = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .where("email_verified_at", "is not", null)
        .execute();
      expect(verified).toHaveLength(1);

      // And a proof of an address another connection verifies meanwhile answers 409, not 500.
      const other = newEmail();
      const three = await signUp(server, { email: other });
      const four = await signUp(server, { email: other });
      await ageSends(`email:${other}`, 3600);
      expect((await sendEmailCode(server, three.access)).status).toBe(200);
      const otherCode = await lastCode(server, other);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // Another path (not under the address's lock) verifies it on account four and holds its commit.
      const holder = db.transaction().execute(async (tx) => {
        await tx.updateTable("users").set({ email_verified_at: new Date() }).where("id", "=", four.user.id).execute();
        holding();
        await released;
      });
      await held;
      const proving = proveEmail(server, three.access, other, otherCode);
      for (let waited = 0; ; waited += 10) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks where locktype = 'transactionid' and not granted
        `.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        if (waited > 5000) throw new Error("the proof never reached the unique index");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await holder;
      const answer = await proving;
      expect(answer.status).toBe(409);
      expect(answer.json()).toMatchObject({ code: "account_email_taken", fields: { email: "account.emailTaken" } });
    },
  );
});
