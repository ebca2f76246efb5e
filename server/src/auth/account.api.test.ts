import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, lastCode, newEmail, newPhone, proof, requestCode, signUp } from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { verifyEmailOf } from "./email-fixtures.ts";
import { uniqueViolationField } from "./unique-violations.ts";

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

  it("keeps names exactly as typed: an apostrophe, a hyphen, a slash", async () => {
    const person = await signUp(server);
    const saved = await update(person.access, {
      first_name: "Zoë-Anne",
      last_name: "O'Brien / Haddad",
      email: null,
      phone: person.phone,
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ data: { first_name: "Zoë-Anne", last_name: "O'Brien / Haddad" } });
  });

  it.each([
    [{ first_name: "" }, "first_name", "account.firstNameRequired"],
    [{ first_name: "Maya\u202e" }, "first_name", "validation.unsafeCharacters"],
    [{ last_name: "Khoury\u0007" }, "last_name", "validation.unsafeCharacters"],
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
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ code: "account_phone_unverified" });
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
    expect(back.status).toBe(422);
  });

  it("refuses a phone that another person uses, but never tells whether an email is in use", async () => {
    const person = await signUp(server);
    const other = await signUp(server);
    const otherEmail = newEmail();
    await verifyEmailOf(server, other, otherEmail);
    expect((await verifyNewPhone(person.access, other.phone)).status).toBe(200);
    const phoneTaken = await update(person.access, {
      first_name: "A",
      last_name: "B",
      email: null,
      phone: other.phone,
    });
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.json()).toMatchObject({ code: "account_phone_taken" });
    expect(phoneTaken.json<{ error: string }>().error).toContain("Phone Number");
    const emailTaken = await update(person.access, {
      first_name: "A",
      last_name: "B",
      email: otherEmail,
      phone: person.phone,
    });
    // The email is stored unverified (it signs nobody in), so there is nothing to refuse or tell.
    expect(emailTaken.status).toBe(200);
    expect(emailTaken.json()).toMatchObject({ data: { email: otherEmail, email_verified: false } });
  });

  it("answers 409, not 500, when two people save the same new phone at the same moment", async () => {
    const one = await signUp(server);
    const two = await signUp(server);
    const phone = newPhone();
    expect((await verifyNewPhone(one.access, phone)).status).toBe(200);
    expect((await verifyNewPhone(two.access, phone)).status).toBe(200);
    const answers = await Promise.all(
      [one, two].map((person) => update(person.access, { first_name: "A", last_name: "B", email: null, phone })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.json()).toMatchObject({ code: "account_phone_taken", fields: { phone: "account.phoneTaken" } });
  });

  // PostgreSQL only: the test holds a row lock from a second connection (the embedded database has one).
  it.runIf(databaseKind() === "postgres")(
    "answers 409 when both saves pass the check and the unique index decides",
    async () => {
      const one = await signUp(server);
      const two = await signUp(server);
      const phone = newPhone();
      expect((await verifyNewPhone(one.access, phone)).status).toBe(200);
      expect((await verifyNewPhone(two.access, phone)).status).toBe(200);
      const { db } = await testDatabase();

      // Hold the first person's row: their save passes its checks, then waits at its update.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: (xid: string) => void = () => {};
      const held = new Promise<string>((resolve) => {
        holding = resolve;
      });
      const holder = db.transaction().execute(async (tx) => {
        await tx.selectFrom("users").select("id").where("id", "=", one.user.id).forUpdate().execute();
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::xid::text as xid`.execute(tx);
        holding(rows[0]?.xid ?? "");
        await released;
      });
      const xid = await held;
      const first = update(one.access, { first_name: "A", last_name: "B", email: null, phone });
      for (let waited = 0; ; waited += 10) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks where locktype = 'transactionid' and transactionid = ${xid}::xid and not granted
        `.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        if (waited > 5000) throw new Error("the first save never reached its update");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The second save commits first; then the first one's update meets the unique index.
      const second = await update(two.access, { first_name: "A", last_name: "B", email: null, phone });
      expect(second.status).toBe(200);
      release();
      await holder;
      const answer = await first;
      expect(answer.status).toBe(409);
      expect(answer.json()).toMatchObject({ code: "account_phone_taken", fields: { phone: "account.phoneTaken" } });
    },
  );

  // PostgreSQL only: the test holds the person's row from a second connection.
  it.runIf(databaseKind() === "postgres")(
    "keeps a verification only for the address it proved, even when another change commits first",
    async () => {
      const person = await signUp(server);
      const first = newEmail();
      await verifyEmailOf(server, person, first);
      const { db } = await testDatabase();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: (xid: string) => void = () => {};
      const held = new Promise<string>((resolve) => {
        holding = resolve;
      });
      // Another save and a proof of a second address, committed while this save is under way.
      const second = newEmail();
      const holder = db.transaction().execute(async (tx) => {
        await tx
          .updateTable("users")
          .set({ email: second, email_verified_at: new Date() })
          .where("id", "=", person.user.id)
          .execute();
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::xid::text as xid`.execute(tx);
        holding(rows[0]?.xid ?? "");
        await released;
      });
      const xid = await held;
      // This save read the first address (verified) and keeps it, changing only the name.
      const saving = update(person.access, {
        first_name: "Rima",
        last_name: "Haddad",
        email: first,
        phone: person.phone,
      });
      for (let waited = 0; ; waited += 10) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks where locktype = 'transactionid' and transactionid = ${xid}::xid and not granted
        `.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        if (waited > 5000) throw new Error("the save never reached its update");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await holder;
      const answer = await saving;
      expect(answer.status).toBe(200);
      // The first address comes back, but the proof was of the second: it is not verified.
      expect(answer.json()).toMatchObject({ data: { email: first, email_verified: false } });
    },
  );

  it("needs a valid access token", async () => {
    expect((await update("nope", { first_name: "A", last_name: "B", email: null, phone: newPhone() })).status).toBe(
      403,
    );
  });
});

describe("unique violations", () => {
  async function violation(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error("expected a unique violation");
  }

  it("are told apart by the constraint the database names", async () => {
    const { db } = await testDatabase();
    const phone = newPhone();
    const email = newEmail();
    const person = (values: { phone: string | null; email?: string; email_verified_at?: Date }) =>
      db
        .insertInto("users")
        .values({ first_name: "A", last_name: "B", color: "#0b7285", ...values })
        .execute();
    await person({ phone, email, email_verified_at: new Date() });

    expect(uniqueViolationField(await violation(() => person({ phone })))).toBe("phone");
    expect(
      uniqueViolationField(await violation(() => person({ phone: null, email, email_verified_at: new Date() }))),
    ).toBe("email");
    // An unverified copy of the address is no violation at all.
    await person({ phone: null, email });
    // Any other unique index is not a clash between people.
    const destination = `phone:${newPhone()}`;
    await db.insertInto("otp_destinations").values({ destination }).execute();
    const other = await violation(() => db.insertInto("otp_destinations").values({ destination }).execute());
    expect((other as { code?: string }).code).toBe("23505");
    expect(uniqueViolationField(other)).toBeNull();
    expect(uniqueViolationField(new Error("boom"))).toBeNull();
  });
});
