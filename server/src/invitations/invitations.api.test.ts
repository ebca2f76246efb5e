import type { InvitationView, Person, SessionResponse } from "@workshift/contracts";
import { sql } from "kysely";
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
import { accountIn, accountOf, auditOf, invitationToken, invite, invited, personIdIn } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { verifyEmailOf } from "../auth/email-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const view = (token: string) => server.request(`/api/invitations/${token}`);
const sendCode = (token: string, ip = newIp()) =>
  server.request(`/api/invitations/${token}/send-code`, { method: "POST", headers: { "x-forwarded-for": ip } });
/** The device signature covers the link's token: the page never learns the full phone or email. */
const accept = (
  token: string,
  _destination: string,
  otp: string,
  names = { first_name: "Sami", last_name: "Khoury" },
) =>
  server.request(`/api/invitations/${token}/accept`, {
    method: "POST",
    json: { ...names, otp, ...proof(token) },
  });

async function membershipStatus(organizationId: string, personId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => {
    const row = await tx
      .selectFrom("memberships")
      .select("status")
      .where("organization_id", "=", organizationId)
      .where("id", "=", personId)
      .executeTakeFirst();
    return row?.status;
  });
}

/** Moves an invitation (by person) back in time, as if that much had passed. */
async function ageInvitations(organizationId: string, personId: string, seconds: number) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, async (tx) => {
    const userId = await accountIn(tx, organizationId, personId);
    await sql`update invitations set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
        where organization_id = ${organizationId} and user_id = ${userId}`.execute(tx);
  });
}

/** Simultaneous requests really race only on PostgreSQL; the embedded database runs them one by one. */
const serialisedOnPglite = databaseKind() === "postgres" ? "" : " [serialised on PGlite; races on PostgreSQL]";

async function outboxOf(to: string) {
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return response.json<{ messages: { body: string }[] }>().messages;
}

async function emailVerifiedAt(userId: string) {
  const { db } = await testDatabase();
  const row = await db
    .selectFrom("users")
    .select(["email", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.email_verified_at;
}

describe("an invitation link", () => {
  it("shows the organization, the inviter, the name and where the code goes; then activates once", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access, { first_name: "Sami", last_name: "Khoury", role: "EMPLOYEE" });
    const token = await invitationToken(server, person.phone);

    const seen = await view(token);
    expect(seen.status).toBe(200);
    const body = seen.json<InvitationView>();
    expect(body).toMatchObject({
      organization: { id: owner.organizationId, title: "Cedar Café" },
      invited_by: { first_name: "Rana", last_name: "Haddad" },
      first_name: "Sami",
      last_name: "Khoury",
      channel: "sms",
      destination: `+961 •••• ${person.phone.slice(-2)}`,
    });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    expect((await sendCode(token)).json()).toEqual({ detail: "sent" });
    const code = await lastCode(server, person.phone);

    // A wrong code changes nothing.
    const wrong = await accept(token, person.phone, code === "0000" ? "1111" : "0000");
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "otp_invalid" });
    expect(await membershipStatus(owner.organizationId, person.id)).toBe("invited");
    // A bad signature neither.
    const unsigned = await server.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { first_name: "Sami", last_name: "Khoury", otp: code, ...proof("someone-else") },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: "signature_invalid" });

    const accepted = await accept(token, person.phone, code, { first_name: "Samy", last_name: "Khouri" });
    expect(accepted.status, accepted.text).toBe(200);
    const session = accepted.json<SessionResponse>();
    expect(session.user).toMatchObject({
      person_id: person.id,
      first_name: "Samy",
      last_name: "Khouri",
      role: "EMPLOYEE",
      organization_id: owner.organizationId,
    });
    expect(await membershipStatus(owner.organizationId, person.id)).toBe("active");
    const me = await server.request("/api/auth/me", { headers: bearer(session.access) });
    expect(me.json()).toMatchObject({ data: { role: "EMPLOYEE", organization_id: owner.organizationId } });
    const [entry] = await auditOf(owner.organizationId, "invitation.accept");
    const account = await accountOf(owner.organizationId, person.id);
    expect(entry).toMatchObject({ actor_user_id: account, target_id: account });

    // The list shows them active, without an invitation.
    const listed = await server.request(`/api/people/${person.id}`, { headers: bearer(owner.access) });
    expect(listed.json<{ person: Person }>().person).toMatchObject({ status: "active", invitation: null });

    // The link works once.
    expect((await view(token)).status).toBe(404);
    expect((await view(token)).json()).toMatchObject({ code: "invitation_invalid" });
    expect((await sendCode(token)).status).toBe(404);
    expect((await accept(token, person.phone, code)).status).toBe(404);
  });

  it("answers 404 invitation_invalid to unknown and malformed tokens", async () => {
    for (const token of ["x".repeat(43), "short", "not~a~token", "A".repeat(100)]) {
      const response = await view(token);
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: "invitation_invalid" });
    }
  });

  it("answers 410 invitation_expired once the link is older than seven days, and activates nothing", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const token = await invitationToken(server, person.phone);
    await ageInvitations(owner.organizationId, person.id, 7 * 86_400 + 1);
    for (const response of [await view(token), await sendCode(token), await accept(token, person.phone, "1234")]) {
      expect(response.status).toBe(410);
      expect(response.json()).toMatchObject({ code: "invitation_expired" });
    }
    expect(await membershipStatus(owner.organizationId, person.id)).toBe("invited");
    const listed = await server.request(`/api/people/${person.id}`, { headers: bearer(owner.access) });
    expect(listed.json<{ person: Person }>().person.invitation).toMatchObject({ live: false, revoked: false });
  });

  it("dies when revoked (404), and a resent link replaces the old one", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const first = await invitationToken(server, person.phone);

    const revoked = await server.request(`/api/people/${person.id}/invitation`, {
      method: "DELETE",
      headers: bearer(owner.access),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json<{ person: Person }>().person.invitation).toMatchObject({ live: false, revoked: true });
    expect((await view(first)).status).toBe(404);
    expect(await auditOf(owner.organizationId, "invitation.revoke")).toHaveLength(1);

    const resend = () =>
      server.request(`/api/people/${person.id}/invitation/resend`, { method: "POST", headers: bearer(owner.access) });
    // Within a minute of the last link: 429 with Retry-After, nothing sent.
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(0);

    await ageInvitations(owner.organizationId, person.id, 61);
    const resent = await resend();
    expect(resent.status).toBe(200);
    expect(resent.json<{ person: Person }>().person.invitation).toMatchObject({ live: true, revoked: false });
    const second = await invitationToken(server, person.phone);
    expect(second).not.toBe(first);
    expect((await view(second)).status).toBe(200);
    expect(await auditOf(owner.organizationId, "invitation.resend")).toHaveLength(1);

    // Resending again later replaces the second link too.
    await ageInvitations(owner.organizationId, person.id, 61);
    expect((await resend()).status).toBe(200);
    expect((await view(second)).status).toBe(404);
    const third = await invitationToken(server, person.phone);
    expect((await view(third)).status).toBe(200);

    // Only while invited: after activation, resend and revoke are refused.
    expect((await sendCode(third)).status).toBe(200);
    const code = await lastCode(server, person.phone);
    expect((await accept(third, person.phone, code)).status).toBe(200);
    const tooLate = await resend();
    expect(tooLate.status).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: "person_not_invited" });
    const late = await server.request(`/api/people/${person.id}/invitation`, {
      method: "DELETE",
      headers: bearer(owner.access),
    });
    expect(late.status).toBe(409);
    expect(late.json()).toMatchObject({ code: "person_not_invited" });
  });

  it("dies when the person is archived", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const token = await invitationToken(server, person.phone);
    await server.request(`/api/people/${person.id}/archive`, { method: "POST", headers: bearer(owner.access) });
    expect((await view(token)).status).toBe(404);
  });

  it("by email: the code goes to the email, and accepting verifies that email", async () => {
    const owner = await signUp(server);
    const email = newEmail();
    const person = await invited(server, owner.access, { phone: undefined, email, role: "SUPERVISOR" });
    const token = await invitationToken(server, email);
    expect((await view(token)).json()).toMatchObject({ channel: "email", destination: `${email[0]}•••@example.com` });
    expect((await sendCode(token)).status).toBe(200);
    const accepted = await accept(token, email, await lastCode(server, email));
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json<SessionResponse>().user).toMatchObject({ role: "SUPERVISOR", email });
    const { db } = await testDatabase();
    const user = await db
      .selectFrom("users")
      .select("email_verified_at")
      .where("id", "=", await accountOf(owner.organizationId, person.id))
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
  });

  it("keeps the profile of someone who already works elsewhere", async () => {
    const owner = await signUp(server);
    const elsewhere = await signUp(server, { first_name: "Karim", last_name: "Saab" });
    await invited(server, owner.access, { phone: elsewhere.phone });
    const token = await invitationToken(server, elsewhere.phone);
    await ageSends(`phone:${elsewhere.phone}`, 120);
    expect((await sendCode(token)).status).toBe(200);
    const accepted = await accept(token, elsewhere.phone, await lastCode(server, elsewhere.phone), {
      first_name: "Not",
      last_name: "Mine",
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json<SessionResponse>().user).toMatchObject({ first_name: "Karim", last_name: "Saab" });
    // Both organizations are theirs now, each with its role.
    const organizations = await server.request("/api/organizations", {
      headers: bearer(accepted.json<SessionResponse>().access),
    });
    expect(
      organizations
        .json<{ organizations: { id: string }[] }>()
        .organizations.map((o) => o.id)
        .sort(),
    ).toEqual([owner.organizationId, elsewhere.organizationId].sort());
  });

  it("sends codes under the sign-in limits (59 s per destination)", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access, { phone: newPhone() });
    const token = await invitationToken(server, person.phone);
    expect((await sendCode(token)).status).toBe(200);
    const again = await sendCode(token);
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).not.toBeNull();
  });

  it(`refuses a second accept of the same link at the same moment${serialisedOnPglite}`, async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const token = await invitationToken(server, person.phone);
    await sendCode(token);
    const code = await lastCode(server, person.phone);
    const [a, b] = await Promise.all([accept(token, person.phone, code), accept(token, person.phone, code)]);
    expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
    expect(await auditOf(owner.organizationId, "invitation.accept")).toHaveLength(1);
  });

  it("never goes to an unverified email on an existing account, so it cannot prove it (pre-hijack)", async () => {
    // The attacker's own account U puts the victim's address on its profile (stored unverified).
    const attacker = await signUp(server);
    const victim = newEmail();
    const saved = await server.request("/api/auth/me", {
      method: "PUT",
      headers: bearer(attacker.access),
      json: { first_name: "Rana", last_name: "Haddad", email: victim, phone: attacker.phone },
    });
    expect(saved.status).toBe(200);
    // From a second organization they own, they invite U by that email: refused with the phone given.
    const otherOrg = await signUp(server);
    const body = {
      first_name: "Sami",
      last_name: "Khoury",
      role: "EMPLOYEE",
      phone: attacker.phone,
      email: victim,
    };
    expect((await invite(server, otherOrg.access, { ...body, send_via: "email" })).status).toBe(422);
    const response = await invite(server, otherOrg.access, body);
    expect(response.status).toBe(201);
    const attackerThere = personIdIn(otherOrg.organizationId, attacker.user.id);
    expect(response.json<{ person: Person }>().person.id).toBe(attackerThere);
    // The link went to U's phone, never to the victim's address.
    expect(await outboxOf(victim)).toEqual([]);
    const token = await invitationToken(server, attacker.phone);
    expect((await view(token)).json()).toMatchObject({ channel: "sms" });

    // A link recorded for email (as before this rule) still sends its code to the phone only.
    const { db } = await testDatabase();
    await withOrganization(db, otherOrg.organizationId, (tx) =>
      tx.updateTable("invitations").set({ channel: "email" }).where("user_id", "=", attacker.user.id).execute(),
    );
    expect((await view(token)).json()).toMatchObject({ destination: `+961 •••• ${attacker.phone.slice(-2)}` });
    await ageSends(`phone:${attacker.phone}`, 3600);
    expect((await sendCode(token)).status).toBe(200);
    expect(await outboxOf(victim)).toEqual([]);
    // A resent link too.
    await ageInvitations(otherOrg.organizationId, attackerThere, 61);
    const resent = await server.request(`/api/people/${attackerThere}/invitation/resend`, {
      method: "POST",
      headers: bearer(otherOrg.access),
    });
    expect(resent.status).toBe(200);
    expect(await outboxOf(victim)).toEqual([]);
    const second = await invitationToken(server, attacker.phone);
    await ageSends(`phone:${attacker.phone}`, 3600);
    expect((await sendCode(second)).status).toBe(200);
    const accepted = await accept(second, attacker.phone, await lastCode(server, attacker.phone));
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json<SessionResponse>().user).toMatchObject({ email: victim, email_verified: false });
    expect(await emailVerifiedAt(attacker.user.id)).toBeNull();

    // Invited by that address alone, the victim gets a new account of their own, not U.
    const third = await signUp(server);
    const byEmail = await invited(server, third.access, { phone: undefined, email: victim });
    expect(await accountOf(third.organizationId, byEmail.id)).not.toBe(attacker.user.id);
  });

  it("never lets an inviter's email take over a new account made for someone's phone (pre-hijack)", async () => {
    // The attacker's organization invites the victim's phone (no account yet) with the attacker's address.
    const attackerOrg = await signUp(server);
    const victimPhone = newPhone();
    const attackerEmail = newEmail();
    const asked = {
      first_name: "Sami",
      last_name: "Khoury",
      role: "EMPLOYEE",
      phone: victimPhone,
      email: attackerEmail,
    };
    const refused = await invite(server, attackerOrg.access, { ...asked, send_via: "email" });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ code: "person_invite_by_sms", fields: { send_via: "people.smsWhenPhone" } });
    const made = await invite(server, attackerOrg.access, asked);
    expect(made.status).toBe(201);
    const accountId = await accountOf(attackerOrg.organizationId, made.json<{ person: Person }>().person.id);
    // The link goes to the phone only; the attacker's address gets nothing and is not on the account.
    expect(await outboxOf(attackerEmail)).toEqual([]);
    const token = await invitationToken(server, victimPhone);
    expect((await view(token)).json()).toMatchObject({ channel: "sms" });
    // Even a link recorded for email (as before this rule) sends its code to the phone.
    const { db } = await testDatabase();
    await withOrganization(db, attackerOrg.organizationId, (tx) =>
      tx.updateTable("invitations").set({ channel: "email" }).where("user_id", "=", accountId).execute(),
    );
    expect((await sendCode(token)).status).toBe(200);
    expect(await outboxOf(attackerEmail)).toEqual([]);
    const account = await db
      .selectFrom("users")
      .select(["phone", "email"])
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ phone: victimPhone, email: null });

    // The victim's employer invites that phone as OWNER; the victim accepts by SMS.
    const employer = await signUp(server);
    const owner = await invited(server, employer.access, { phone: victimPhone, role: "OWNER" });
    expect(owner.id).toBe(personIdIn(employer.organizationId, accountId));
    const employerToken = await invitationToken(server, victimPhone);
    await ageSends(`phone:${victimPhone}`, 3600);
    expect((await sendCode(employerToken)).status).toBe(200);
    const accepted = await accept(employerToken, victimPhone, await lastCode(server, victimPhone));
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json<SessionResponse>().user).toMatchObject({ role: "OWNER", phone: victimPhone });
    // The attacker's address signs nobody in: it was never on the account, let alone verified.
    expect((await requestCode(server, { email: attackerEmail })).status).toBe(200);
    const messages = await outboxOf(attackerEmail);
    if (messages.length > 0) {
      const signedIn = await verify(server, { email: attackerEmail }, await lastCode(server, attackerEmail));
      expect(signedIn.status).not.toBe(200);
    }
  });

  it("answers 409 for an address another account verified, without spending the code", async () => {
    const owner = await signUp(server);
    const email = newEmail();
    const person = await invited(server, owner.access, { phone: undefined, email });
    const token = await invitationToken(server, email);
    const holder = await signUp(server);
    await verifyEmailOf(server, holder, email);
    await ageSends(`email:${email}`, 3600);
    expect((await sendCode(token)).status).toBe(200);
    const code = await lastCode(server, email);
    const refused = await accept(token, email, code);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json()).toMatchObject({ code: "account_email_taken", fields: { email: "account.emailTaken" } });
    expect(await membershipStatus(owner.organizationId, person.id)).toBe("invited");
    // The holder lets the address go: the same code now works.
    const released = await server.request("/api/auth/me", {
      method: "PUT",
      headers: bearer(holder.access),
      json: { first_name: "Rana", last_name: "Haddad", email: null, phone: holder.phone },
    });
    expect(released.status).toBe(200);
    const accepted = await accept(token, email, code);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await emailVerifiedAt(await accountOf(owner.organizationId, person.id))).not.toBeNull();
  });

  // PostgreSQL only: the test holds the destination's lock from a second connection.
  it.runIf(databaseKind() === "postgres")(
    "proves nothing when the person's email changes between reading the link and trying the code",
    async () => {
      const owner = await signUp(server);
      const first = newEmail();
      const person = await invited(server, owner.access, { phone: undefined, email: first });
      const token = await invitationToken(server, first);
      expect((await sendCode(token)).status).toBe(200);
      const code = await lastCode(server, first);
      const { db } = await testDatabase();

      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`email:${first}`}))`.execute(tx);
        holding();
        await released;
      });
      await held;
      const accepting = accept(token, first, code);
      for (let waited = 0; ; waited += 10) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks where locktype = 'advisory' and not granted
        `.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        if (waited > 5000) throw new Error("the accept never reached the code");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Meanwhile the address on the account changes (as a manager's edit would).
      const second = newEmail();
      const account = await accountOf(owner.organizationId, person.id);
      await db.updateTable("users").set({ email: second }).where("id", "=", account).execute();
      release();
      await holder;
      const answer = await accepting;
      expect(answer.status).toBe(404);
      expect(await emailVerifiedAt(account)).toBeNull();
      expect(await membershipStatus(owner.organizationId, person.id)).toBe("invited");
    },
  );
});

describe("accepting and archiving at the same moment", () => {
  // PostgreSQL only: the test holds the membership's lock from a second connection, as archiving does.
  it.runIf(databaseKind() === "postgres")(
    "take the membership before the invitation, so neither waits on the other crosswise (no deadlock)",
    async () => {
      const owner = await signUp(server);
      const person = await invited(server, owner.access);
      const token = await invitationToken(server, person.phone);
      expect((await sendCode(token)).status).toBe(200);
      const code = await lastCode(server, person.phone);
      const { db } = await testDatabase();
      const account = await accountOf(owner.organizationId, person.id);

      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // "Archive": the membership first, then (once the accept is waiting) the invitation.
      const archiving = withOrganization(db, owner.organizationId, async (tx) => {
        await tx
          .selectFrom("memberships")
          .select("status")
          .where("organization_id", "=", owner.organizationId)
          .where("user_id", "=", account)
          .forUpdate()
          .execute();
        holding();
        await released;
        await sql`set local lock_timeout = '3s'`.execute(tx);
        await tx
          .updateTable("invitations")
          .set({ revoked_at: new Date() })
          .where("organization_id", "=", owner.organizationId)
          .where("user_id", "=", account)
          .where("revoked_at", "is", null)
          .execute();
        await tx
          .updateTable("memberships")
          .set({ status: "archived", archived_at: new Date() })
          .where("organization_id", "=", owner.organizationId)
          .where("user_id", "=", account)
          .execute();
      });
      await held;
      const accepting = accept(token, person.phone, code);
      for (let waited = 0; ; waited += 10) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()
        `.execute(db);
        if (Number(rows[0]?.n) > 0) break;
        if (waited > 5000) throw new Error("the accept never waited for the membership");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      // The archive gets the invitation at once (the accept holds nothing of it) and commits.
      await archiving;
      const answer = await accepting;
      expect(answer.status).toBe(404);
      expect(answer.json()).toMatchObject({ code: "invitation_invalid" });
      expect(await membershipStatus(owner.organizationId, person.id)).toBe("archived");
      expect(await auditOf(owner.organizationId, "invitation.accept")).toEqual([]);
    },
  );
});
