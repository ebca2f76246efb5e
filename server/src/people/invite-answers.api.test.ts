import type { Person } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageSends, bearer, lastCode, newEmail, newPhone, proof, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { accountOf, invitationToken, invite } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

/*
 * What an organization hears when it invites someone must be the same whether
 * the phone or address it typed is nobody's yet or an account that lives
 * elsewhere (another name, language, colour, contacts, organizations), and
 * the link goes only where it typed.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const typed = { first_name: "Sami", last_name: "Khoury", role: "EMPLOYEE" };

/** The answer without what differs between two invitations anyway: ids, who invited, and instants. */
function comparable(person: Person) {
  const { id: _id, invited_by, created_at, invitation, ...rest } = person;
  expect(Date.parse(created_at)).not.toBeNaN();
  return {
    ...rest,
    invited_by: invited_by && { first_name: invited_by.first_name, last_name: invited_by.last_name },
    invitation: invitation && { channel: invitation.channel, live: invitation.live, revoked: invitation.revoked },
  };
}

async function invitedPerson(token: string, body: Record<string, unknown>) {
  const response = await invite(server, token, { ...typed, ...body });
  expect(response.status, response.text).toBe(201);
  return response.json<{ person: Person }>().person;
}

/** How many invitation links went to a phone (digits) or an email. */
async function linksTo(to: string) {
  const recipient = to.includes("@") ? to : `+${to}`;
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  const { messages } = response.json<{ messages: { body: string }[] }>();
  return messages.filter((message) => message.body.includes("/account/activate/")).length;
}

/** An account that lives its own life: its own name, language, colour and a verified email. */
async function settle(userId: string, email: string, notColor: string) {
  const { db } = await testDatabase();
  const color = notColor === "#c2255c" ? "#2b8a3e" : "#c2255c";
  await db
    .updateTable("users")
    .set({ first_name: "Karim", last_name: "Saab", language: "ar", color, email, email_verified_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Lets a new link be sent for everyone of the organization (the resend cooldown has passed). */
async function ageInvitations(organizationId: string) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    sql`update invitations set created_at = created_at - interval '2 minutes'
        where organization_id = ${organizationId}`.execute(tx),
  );
}

const resend = (token: string, personId: string) =>
  server.request(`/api/people/${personId}/invitation/resend`, { method: "POST", headers: bearer(token) });

describe("inviting someone who has an account elsewhere", () => {
  it("by email: the same answer as for an unused address, and the link goes to that address only", async () => {
    const email = newEmail();
    const first = await signUp(server);
    const unused = await invitedPerson(first.access, { email });

    // Someone else, with a phone, a name, a language and an organization of their own, verifies it.
    const stranger = await signUp(server);
    await settle(stranger.user.id, email, unused.color);
    const second = await signUp(server);
    const theirs = await invitedPerson(second.access, { email });

    expect(comparable(theirs)).toEqual(comparable(unused));
    expect(theirs.invitation?.channel).toBe("email");
    expect(await linksTo(email)).toBe(2);
    expect(await linksTo(stranger.phone)).toBe(0);
    // Read again later, still the same.
    const again = await server.request(`/api/people/${theirs.id}`, { headers: bearer(second.access) });
    expect(comparable(again.json<{ person: Person }>().person)).toEqual(comparable(unused));

    // A new link goes the same way, with the same answer.
    await ageInvitations(first.organizationId);
    await ageInvitations(second.organizationId);
    const resentUnused = await resend(first.access, unused.id);
    const resentTheirs = await resend(second.access, theirs.id);
    expect([resentUnused.status, resentTheirs.status]).toEqual([200, 200]);
    expect(comparable(resentTheirs.json<{ person: Person }>().person)).toEqual(
      comparable(resentUnused.json<{ person: Person }>().person),
    );
    expect(await linksTo(email)).toBe(4);
    expect(await linksTo(stranger.phone)).toBe(0);
  });

  it("by phone: the same answer as for an unused number, and the link goes to that phone only", async () => {
    const phone = newPhone();
    const first = await signUp(server);
    const unused = await invitedPerson(first.access, { phone });

    // The person behind the number joins, then makes the account theirs: name, language, a verified email.
    const token = await invitationToken(server, phone);
    await ageSends(`phone:${phone}`, 3600);
    expect((await server.request(`/api/invitations/${token}/send-code`, { method: "POST" })).status).toBe(200);
    const accepted = await server.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { ...typed, otp: await lastCode(server, phone), ...proof(token) },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const email = newEmail();
    await settle(await accountOf(first.organizationId, unused.id), email, unused.color);

    const second = await signUp(server);
    const theirs = await invitedPerson(second.access, { phone });
    expect(comparable(theirs)).toEqual(comparable(unused));
    expect(await linksTo(phone)).toBe(2);
    expect(await linksTo(email)).toBe(0);

    await ageInvitations(second.organizationId);
    const resent = await resend(second.access, theirs.id);
    expect(resent.status).toBe(200);
    expect(comparable(resent.json<{ person: Person }>().person)).toEqual(comparable(unused));
    expect(await linksTo(phone)).toBe(3);
    expect(await linksTo(email)).toBe(0);
  });

  it("by CSV: the same preview, import and people as for unused contacts, and links only to what the file says", async () => {
    const [phone, email] = [newPhone(), newEmail()];
    const csv = ["first_name,last_name,phone,email", `Sami,Khoury,${phone},`, `Lina,Aziz,,${email}`].join("\n");
    const importing = async (token: string) => {
      const previewed = await server.request("/api/people/import/preview", {
        method: "POST",
        headers: bearer(token),
        json: { csv },
      });
      const imported = await server.request("/api/people/import", {
        method: "POST",
        headers: bearer(token),
        json: { csv },
      });
      const listed = await server.request("/api/people?status=invited&sort=name", { headers: bearer(token) });
      return {
        preview: previewed.json(),
        imported: [imported.status, imported.json()],
        people: listed.json<{ people: Person[] }>().people.map(comparable),
      };
    };
    const first = await signUp(server);
    const unused = await importing(first.access);

    // The phone becomes a settled account (with its own verified email); the address, someone else's.
    const { db } = await testDatabase();
    const byPhone = await db.selectFrom("users").select("id").where("phone", "=", phone).executeTakeFirstOrThrow();
    const phoneOwnersEmail = newEmail();
    await settle(byPhone.id, phoneOwnersEmail, unused.people[1]?.color ?? "");
    const stranger = await signUp(server);
    await settle(stranger.user.id, email, unused.people[0]?.color ?? "");

    const second = await signUp(server);
    const theirs = await importing(second.access);
    expect(theirs).toEqual(unused);
    expect(unused.imported).toEqual([201, { imported: 2 }]);
    expect([await linksTo(phone), await linksTo(email)]).toEqual([2, 2]);
    expect([await linksTo(phoneOwnersEmail), await linksTo(stranger.phone)]).toEqual([0, 0]);
  });
});

describe("a new link", () => {
  it("refuses (409 person_contact_missing) when this organization holds no phone or email typed for the person, sending nothing", async () => {
    const owner = await signUp(server);
    const phone = newPhone();
    const person = await invitedPerson(owner.access, { phone });
    // A membership invited before typed contacts were kept on it.
    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .updateTable("memberships")
        .set({ invited_phone: null, invited_email: null })
        .where("organization_id", "=", owner.organizationId)
        .where("id", "=", person.id)
        .execute(),
    );
    await ageInvitations(owner.organizationId);
    const refused = await resend(owner.access, person.id);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "person_contact_missing",
      fields: { email: "people.contactRequired" },
    });
    expect(await linksTo(phone)).toBe(1);
    const listed = await server.request(`/api/people/${person.id}`, { headers: bearer(owner.access) });
    expect(listed.json<{ person: Person }>().person.invitation).toMatchObject({ live: true });
  });
});
