import type { SessionResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ageSends,
  bearer,
  lastCode,
  newEmail,
  newIp,
  newPhone,
  proof,
  requestCode,
  signUp,
  verify,
} from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { destinationKey } from "./codes.ts";
import { verifyEmailOf } from "./email-fixtures.ts";
import { MAX_DESTINATION_FAILURES } from "./limits.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = async () => (await testDatabase()).db;

const age = ageSends;

/**
 * Marks tests whose requests are simultaneous: on PostgreSQL they really race (a pool of
 * connections); the embedded database has one connection, so there they run one after another
 * and only check the outcome. They run on both (`--project api` and `--project api-pg`).
 */
const serialisedOnPglite = databaseKind() === "postgres" ? "" : " [serialised on PGlite; races on PostgreSQL]";

/** verify-otp from a given client address (the guesser's lock is per address). */
const verifyFrom = (ip: string, to: { phone?: string; email?: string }, otp: string) =>
  server.request("/api/auth/verify-otp", {
    method: "POST",
    headers: { "x-forwarded-for": ip },
    json: { ...to, otp, ...proof(to.phone ?? to.email ?? "") },
  });

async function countRows(table: "otp_challenges" | "otp_sends", key: string) {
  const row = await (await db())
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("destination", "=", key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function outboxCount(to: string) {
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return response.json<{ messages: unknown[] }>().messages.length;
}

describe("asking for a code", () => {
  it("answers the same whether or not an account exists, and sends a 4-digit code", async () => {
    const known = await signUp(server);
    await age(destinationKey({ kind: "phone", value: known.phone }), 3600);
    const forKnown = await requestCode(server, { phone: known.phone });
    const stranger = newPhone();
    const forStranger = await requestCode(server, { phone: stranger });
    expect(forKnown.status).toBe(200);
    expect(forStranger.status).toBe(200);
    expect(forKnown.json()).toEqual({ detail: "sent" });
    expect(forStranger.json()).toEqual({ detail: "sent" });
    expect(await lastCode(server, stranger)).toMatch(/^\d{4}$/);
  });

  it("sends by email too", async () => {
    const email = newEmail();
    expect((await requestCode(server, { email })).status).toBe(200);
    expect(await lastCode(server, email)).toMatch(/^\d{4}$/);
  });

  it("refuses a destination that is neither or both, and a malformed phone", async () => {
    expect((await server.request("/api/auth/resend-otp")).status).toBe(400);
    const both = await requestCode(server, { phone: newPhone(), email: newEmail() });
    expect(both.status).toBe(400);
    const bad = await requestCode(server, { phone: "12" });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed", fields: { phone: "account.invalidPhoneNumber" } });
  });

  it("sends SMS only to allowed countries, writing nothing otherwise", async () => {
    const brazil = "5511987654321";
    const response = await requestCode(server, { phone: brazil });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: "sms_country_not_allowed" });
    expect(await countRows("otp_challenges", `phone:${brazil}`)).toBe(0);
  });
});

describe("sending limits", () => {
  it("keeps codes 59 s apart, with Retry-After, creating no code and sending nothing when refused", async () => {
    const phone = newPhone();
    const key = destinationKey({ kind: "phone", value: phone });
    expect((await requestCode(server, { phone })).status).toBe(200);
    const again = await requestCode(server, { phone });
    expect(again.status).toBe(429);
    expect(again.json()).toMatchObject({ code: "rate_limited" });
    const wait = Number(again.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(59);
    expect(await countRows("otp_challenges", key)).toBe(1);
    expect(await outboxCount(`+${phone}`)).toBe(1);

    await age(key, 60);
    expect((await requestCode(server, { phone })).status).toBe(200);
  });

  it("allows 5 codes per 10 minutes and 10 per day for one destination", async () => {
    const phone = newPhone();
    const key = destinationKey({ kind: "phone", value: phone });
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(server, { phone })).status).toBe(200);
      await age(key, 60);
    }
    expect((await requestCode(server, { phone })).status).toBe(429);
    await age(key, 600);
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(server, { phone })).status).toBe(200);
      await age(key, 60);
    }
    await age(key, 600);
    const eleventh = await requestCode(server, { phone });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(await countRows("otp_sends", key)).toBe(10);
  });

  it(`holds the per-address budget when requests arrive at the same moment${serialisedOnPglite}`, async () => {
    const ip = newIp();
    for (let i = 0; i < 28; i++) expect((await requestCode(server, { phone: newPhone() }, ip)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 6 }, () => requestCode(server, { phone: newPhone() }, ip)));
    expect(burst.map((response) => response.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const sends = await (await db())
      .selectFrom("otp_sends")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("ip", "=", ip)
      .executeTakeFirstOrThrow();
    expect(Number(sends.n)).toBe(30);
  });

  it("gives one address a budget across destinations", async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await requestCode(server, { phone: newPhone() }, ip)).status).toBe(200);
    const over = await requestCode(server, { phone: newPhone() }, ip);
    expect(over.status).toBe(429);
    expect((await requestCode(server, { phone: newPhone() }, newIp())).status).toBe(200);
  });

  it("answers a locked destination exactly like an unlocked one: 200, then 429 within 59 s", async () => {
    const lockOf = async (phone: string, table: "otp_destinations" | "otp_guessers", ip: string) => {
      const lockedUntil = new Date(Date.now() + 3600_000);
      const destination = `phone:${phone}`;
      if (table === "otp_destinations") {
        await (await db())
          .insertInto("otp_destinations")
          .values({ destination, consecutive_failures: 50, locked_until: lockedUntil })
          .execute();
      } else {
        await (await db())
          .insertInto("otp_guessers")
          .values({ destination, ip, consecutive_failures: 10, locked_until: lockedUntil })
          .execute();
      }
    };
    const pattern = async (phone: string, ip: string) => {
      const first = await requestCode(server, { phone }, ip);
      const second = await requestCode(server, { phone }, ip);
      return [first.status, first.text, second.status, second.json<{ code: string }>().code];
    };
    const open = newPhone();
    const ip = newIp();
    const lockedForAll = newPhone();
    await lockOf(lockedForAll, "otp_destinations", ip);
    const lockedForMe = newPhone();
    await lockOf(lockedForMe, "otp_guessers", ip);
    const expected = [200, JSON.stringify({ detail: "sent" }), 429, "rate_limited"];
    expect(await pattern(open, ip)).toEqual(expected);
    expect(await pattern(lockedForAll, ip)).toEqual(expected);
    expect(await pattern(lockedForMe, ip)).toEqual(expected);
    // Nothing was made or sent for the locked ones.
    expect(await countRows("otp_challenges", `phone:${lockedForAll}`)).toBe(0);
    expect(await countRows("otp_challenges", `phone:${lockedForMe}`)).toBe(0);
    expect(await outboxCount(`+${lockedForAll}`)).toBe(0);
  });

  it("counts requests for a locked destination against the client address's budget", async () => {
    const ip = newIp();
    const locked = newPhone();
    await (await db())
      .insertInto("otp_destinations")
      .values({
        destination: `phone:${locked}`,
        consecutive_failures: 50,
        locked_until: new Date(Date.now() + 3600_000),
      })
      .execute();
    for (let i = 0; i < 30; i++) expect((await requestCode(server, { phone: newPhone() }, ip)).status).toBe(200);
    const over = await requestCode(server, { phone: locked }, ip);
    expect(over.status).toBe(429);
    expect(over.json()).toMatchObject({ code: "rate_limited" });
  });
});

describe("trying a code", () => {
  it("stores only an HMAC of the code", async () => {
    const phone = newPhone();
    await requestCode(server, { phone });
    const code = await lastCode(server, phone);
    const rows = await (await db())
      .selectFrom("otp_challenges")
      .selectAll()
      .where("destination", "=", destinationKey({ kind: "phone", value: phone }))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it("answers a right code for an unknown destination with account_not_found", async () => {
    const phone = newPhone();
    await requestCode(server, { phone });
    const response = await verify(server, { phone }, await lastCode(server, phone));
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: "account_not_found" });
  });

  it("signs in by phone and by email, each code working once", async () => {
    const email = newEmail();
    const person = await signUp(server, { email });
    await age(destinationKey({ kind: "phone", value: person.phone }), 3600);
    await requestCode(server, { phone: person.phone });
    const code = await lastCode(server, person.phone);
    const byPhone = await verify(server, { phone: person.phone }, code);
    expect(byPhone.status).toBe(200);
    const session = byPhone.json<SessionResponse>();
    expect(session.user).toMatchObject({ first_name: "Rana", last_name: "Haddad", role: null, initials: "RH" });
    expect((await verify(server, { phone: person.phone }, code)).status).toBe(400);

    // Only a verified email signs in (email-verification.api.test.ts has the rest).
    await verifyEmailOf(server, person, email);
    await age(destinationKey({ kind: "email", value: email }), 3600);
    await requestCode(server, { email });
    const byEmail = await verify(server, { email }, await lastCode(server, email));
    expect(byEmail.status).toBe(200);
    expect(byEmail.json<SessionResponse>().user.email).toBe(email);
  });

  it(`kills a code after 3 wrong tries, even when they arrive at the same moment${serialisedOnPglite}`, async () => {
    const phone = newPhone();
    await requestCode(server, { phone });
    const code = await lastCode(server, phone);
    const wrong = code === "0000" ? "1111" : "0000";
    const tries = await Promise.all(Array.from({ length: 5 }, () => verify(server, { phone }, wrong)));
    expect(tries.map((t) => t.status)).toEqual([400, 400, 400, 400, 400]);
    const challenge = await (await db())
      .selectFrom("otp_challenges")
      .select("attempts")
      .where("destination", "=", destinationKey({ kind: "phone", value: phone }))
      .executeTakeFirstOrThrow();
    expect(challenge.attempts).toBe(3);
    expect((await verify(server, { phone }, code)).status).toBe(400);
  });

  it("locks the guesser's address out for 24 hours after 10 failures in a row; a new code does not reset it, a success does", async () => {
    const person = await signUp(server);
    const phone = person.phone;
    const key = destinationKey({ kind: "phone", value: phone });
    const guesser = newIp();
    const fail = async (times: number, ip: string) => {
      for (let i = 0; i < times; i++) {
        if (i % 3 === 0) {
          await age(key, 86_400);
          expect((await requestCode(server, { phone }, ip)).status).toBe(200);
        }
        const code = await lastCode(server, phone);
        expect((await verifyFrom(ip, { phone }, code === "0000" ? "1111" : "0000")).status).toBe(400);
      }
    };
    await fail(9, guesser);
    await age(key, 86_400);
    await requestCode(server, { phone }, guesser);
    expect((await verifyFrom(guesser, { phone }, await lastCode(server, phone))).status).toBe(200);

    await fail(10, guesser);
    const guards = await (await db())
      .selectFrom("otp_guessers")
      .select(["ip", "consecutive_failures", "locked_until"])
      .where("destination", "=", key)
      .execute();
    expect(guards).toHaveLength(1);
    expect(guards[0]).toMatchObject({ ip: guesser, consecutive_failures: 10 });
    expect(new Date(guards[0]?.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The destination itself is not locked: its owner is not the one guessing.
    const destination = await (await db())
      .selectFrom("otp_destinations")
      .select(["consecutive_failures", "locked_until"])
      .where("destination", "=", key)
      .executeTakeFirstOrThrow();
    expect(destination).toEqual({ consecutive_failures: 10, locked_until: null });

    // The guesser asking for a code answers like any other request (no 429 telling of the lock),
    // creates and sends nothing, and is recorded as a send (the limits count it).
    await age(key, 86_400);
    const codesBefore = await countRows("otp_challenges", key);
    const sendsBefore = await countRows("otp_sends", key);
    const messagesBefore = await outboxCount(`+${phone}`);
    const whileLocked = await requestCode(server, { phone }, guesser);
    expect(whileLocked.status).toBe(200);
    expect(whileLocked.json()).toEqual({ detail: "sent" });
    expect(whileLocked.headers.get("retry-after")).toBeNull();
    expect(await countRows("otp_challenges", key)).toBe(codesBefore);
    expect(await countRows("otp_sends", key)).toBe(sendsBefore + 1);
    expect(await outboxCount(`+${phone}`)).toBe(messagesBefore);

    // The owner, from their own address, still gets a code and signs in; the guesser, even
    // with that right code, gets the same "invalid", and the code stays good for the owner.
    await age(key, 86_400);
    const owner = newIp();
    expect((await requestCode(server, { phone }, owner)).status).toBe(200);
    const code = await lastCode(server, phone);
    expect((await verifyFrom(guesser, { phone }, code)).status).toBe(400);
    expect((await verifyFrom(owner, { phone }, code)).status).toBe(200);
    // The owner's success does not lift the guesser's lock.
    await age(key, 86_400);
    await requestCode(server, { phone }, owner);
    expect((await verifyFrom(guesser, { phone }, await lastCode(server, phone))).status).toBe(400);
  });

  it("locks the destination itself only at a much higher ceiling of failures from all addresses", async () => {
    const person = await signUp(server);
    const phone = person.phone;
    const key = destinationKey({ kind: "phone", value: phone });
    await age(key, 86_400);
    await requestCode(server, { phone });
    const code = await lastCode(server, phone);
    // As if 49 wrong tries had come from other addresses (each under its own 10).
    await (await db())
      .updateTable("otp_destinations")
      .set({ consecutive_failures: MAX_DESTINATION_FAILURES - 1 })
      .where("destination", "=", key)
      .execute();
    expect((await verifyFrom(newIp(), { phone }, code === "0000" ? "1111" : "0000")).status).toBe(400);
    const guard = await (await db())
      .selectFrom("otp_destinations")
      .select("locked_until")
      .where("destination", "=", key)
      .executeTakeFirstOrThrow();
    expect(new Date(guard.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // Now every address is refused, the right code too, and a new code is neither made nor sent.
    expect((await verifyFrom(newIp(), { phone }, code)).status).toBe(400);
    await age(key, 86_400);
    const messagesBefore = await outboxCount(`+${phone}`);
    expect((await requestCode(server, { phone }, newIp())).status).toBe(200);
    expect(await outboxCount(`+${phone}`)).toBe(messagesBefore);
  });

  it("counts only guesses at a live code: a stranger cannot lock anyone out without codes being sent", async () => {
    const person = await signUp(server);
    const key = destinationKey({ kind: "phone", value: person.phone });
    // No code is live (the sign-up spent it): any number of guesses is just "invalid".
    for (let i = 0; i < 15; i++) {
      const guess = await verify(server, { phone: person.phone }, String(i).padStart(4, "0"));
      expect(guess.status).toBe(400);
    }
    // Nor does guessing at a dead code (3 tries used) or an expired one count.
    await age(key, 3600);
    await requestCode(server, { phone: person.phone });
    const code = await lastCode(server, person.phone);
    for (let i = 0; i < 8; i++) await verify(server, { phone: person.phone }, code === "0000" ? "1111" : "0000");
    const guard = await (await db())
      .selectFrom("otp_destinations")
      .select(["consecutive_failures", "locked_until"])
      .where("destination", "=", key)
      .executeTakeFirstOrThrow();
    expect(guard).toEqual({ consecutive_failures: 3, locked_until: null });

    await age(key, 3600);
    await requestCode(server, { phone: person.phone });
    expect((await verify(server, { phone: person.phone }, await lastCode(server, person.phone))).status).toBe(200);
  });

  it("gives no oracle: unknown, wrong, expired, used and locked all answer alike", async () => {
    const answers: { status: number; body: string }[] = [];
    const record = async (response: Promise<{ status: number; text: string }>) => {
      const { status, text } = await response;
      answers.push({ status, body: text });
    };
    await record(verify(server, { phone: newPhone() }, "1234"));

    const phone = newPhone();
    await requestCode(server, { phone });
    const code = await lastCode(server, phone);
    await record(verify(server, { phone }, code === "0000" ? "1111" : "0000"));

    const expiring = newPhone();
    await requestCode(server, { phone: expiring });
    const expiringCode = await lastCode(server, expiring);
    await (await db())
      .updateTable("otp_challenges")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("destination", "=", destinationKey({ kind: "phone", value: expiring }))
      .execute();
    await record(verify(server, { phone: expiring }, expiringCode));

    const used = await signUp(server);
    await age(destinationKey({ kind: "phone", value: used.phone }), 3600);
    await requestCode(server, { phone: used.phone });
    const usedCode = await lastCode(server, used.phone);
    expect((await verify(server, { phone: used.phone }, usedCode)).status).toBe(200);
    await record(verify(server, { phone: used.phone }, usedCode));

    const locked = newPhone();
    await requestCode(server, { phone: locked });
    const lockedCode = await lastCode(server, locked);
    await (await db())
      .insertInto("otp_destinations")
      .values({
        destination: `phone:${locked}`,
        consecutive_failures: 10,
        locked_until: new Date(Date.now() + 3600_000),
      })
      .execute();
    await record(verify(server, { phone: locked }, lockedCode));

    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(400);
    expect(JSON.parse(answers[0]?.body ?? "{}")).toMatchObject({ code: "otp_invalid" });
  });

  it("refuses a missing, forged or stale signature", async () => {
    const phone = newPhone();
    await requestCode(server, { phone });
    const otp = await lastCode(server, phone);
    const forged = await server.request("/api/auth/verify-otp", {
      method: "POST",
      json: { phone, otp, ...proof(phone), signature: "0".repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect(forged.json()).toMatchObject({ code: "signature_invalid" });
    const stale = await server.request("/api/auth/verify-otp", {
      method: "POST",
      json: { phone, otp, ...proof(phone, Date.now() - 6 * 60_000) },
    });
    expect(stale.json()).toMatchObject({ code: "signature_invalid" });
    // The code was not spent by refused requests.
    expect((await verify(server, { phone }, otp)).status).toBe(404);
  });
});

describe("signing up", () => {
  it("creates the person and an organization they own, and signs them in to it", async () => {
    const person = await signUp(server, { first_name: "  Karim ", company_name: "Beirut Bakery #2 / Hamra" });
    expect(person.user).toMatchObject({ first_name: "Karim", role: "OWNER" });
    expect(person.user.permissions).toContain("view_scheduler");
    const me = await server.request("/api/auth/me", { headers: bearer(person.access) });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({
      data: { first_name: "Karim", role: "OWNER", organization_id: person.organizationId },
    });
    const orgs = await server.request("/api/organizations", { headers: bearer(person.access) });
    expect(orgs.json()).toEqual({
      // Kept exactly as typed: the # and the / too.
      organizations: [{ id: person.organizationId, title: "Beirut Bakery #2 / Hamra", role: "OWNER", last_used: true }],
      search_all: false,
    });
  });

  it("refuses an existing account with 409, and writes nothing", async () => {
    const person = await signUp(server);
    await age(destinationKey({ kind: "phone", value: person.phone }), 3600);
    await requestCode(server, { phone: person.phone });
    const otp = await lastCode(server, person.phone);
    const before = await (await db())
      .selectFrom("organizations")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const again = await server.request("/api/auth/register", {
      method: "POST",
      json: {
        first_name: "A",
        last_name: "B",
        phone: person.phone,
        company_name: "Second",
        otp,
        ...proof(person.phone),
      },
    });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: "account_exists", fields: { phone: "signup.phoneTaken" } });
    const after = await (await db())
      .selectFrom("organizations")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The code was not spent on that answer: the person signs in with it instead.
    const signedIn = await verify(server, { phone: person.phone }, otp);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json<SessionResponse>().user.id).toBe(person.user.id);
  });

  it("tells that an account exists only to a right code", async () => {
    const person = await signUp(server);
    await age(destinationKey({ kind: "phone", value: person.phone }), 3600);
    await requestCode(server, { phone: person.phone });
    const otp = await lastCode(server, person.phone);
    const register = (code: string) =>
      server.request("/api/auth/register", {
        method: "POST",
        json: {
          first_name: "A",
          last_name: "B",
          phone: person.phone,
          company_name: "X",
          otp: code,
          ...proof(person.phone),
        },
      });
    const wrong = await register(otp === "0000" ? "1111" : "0000");
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "otp_invalid" });
    expect((await register(otp)).status).toBe(409);
  });

  it("stores the email unverified and never answers 409 for it", async () => {
    const email = newEmail();
    const first = await signUp(server, { email });
    const second = await signUp(server, { email });
    expect(first.user).toMatchObject({ email, email_verified: false });
    expect(second.user).toMatchObject({ email, email_verified: false });
  });

  it("names each invalid field with the spec's key, and sends nothing to the database", async () => {
    const response = await server.request("/api/auth/register", {
      method: "POST",
      json: {
        first_name: " ",
        last_name: "",
        phone: "1",
        email: "nope",
        company_name: "x".repeat(51),
        otp: "12",
        ...proof("1"),
      },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      fields: {
        first_name: "account.firstNameRequired",
        last_name: "account.lastNameRequired",
        phone: "account.invalidPhoneNumber",
        email: "account.invalidEmailFormat",
        company_name: "company.nameTooLong",
        otp: "otpScreen.otpInvalid",
      },
    });
  });
});
