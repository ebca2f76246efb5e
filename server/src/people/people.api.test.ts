import type { PeopleResponse, Person } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ageSends,
  bearer,
  lastCode,
  memberOf,
  newEmail,
  newPhone,
  platformAdminIn,
  proof,
  requestCode,
  signUp,
  verify,
} from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import {
  accountOf,
  auditOf,
  footprint,
  invitationToken,
  invite,
  invited,
  makeBoard,
  makeJob,
  personIdIn,
} from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (token: string, path: string) => server.request(path, { headers: bearer(token) });
const send = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json !== undefined ? { json } : {}) });
const list = async (token: string, query = "") => {
  const response = await get(token, `/api/people${query}`);
  expect(response.status).toBe(200);
  return response.json<PeopleResponse>();
};

async function outboxFor(to: string) {
  const recipient = to.includes("@") ? to : `+${to}`;
  const response = await server.request(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  return response.json<{ messages: { channel: string; body: string }[] }>().messages;
}

describe("inviting one person", () => {
  it("creates their account, an invited membership with jobs, boards and rate, a link by SMS, and an audit record", async () => {
    const owner = await signUp(server);
    const kitchen = await makeJob(owner.organizationId, "Kitchen");
    const board = await makeBoard(owner.organizationId, "Main");
    const phone = newPhone();
    const response = await invite(server, owner.access, {
      first_name: "Layla",
      last_name: "Nasser",
      phone: `+${phone}`,
      role: "SUPERVISOR",
      permissions: ["view_scheduler", "manage_users"],
      job_ids: [kitchen],
      board_ids: [board],
      hourly_rate: "12,50",
    });
    expect(response.status).toBe(201);
    const { person } = response.json<{ person: Person }>();
    expect(person).toMatchObject({
      first_name: "Layla",
      last_name: "Nasser",
      phone,
      email: null,
      initials: "LN",
      role: "SUPERVISOR",
      permissions: ["view_scheduler", "manage_users"],
      status: "invited",
      hourly_rate: 12.5,
      job_ids: [kitchen],
      board_ids: [board],
      invited_by: { id: owner.user.person_id, first_name: "Rana", last_name: "Haddad" },
      archived_at: null,
    });
    expect(person.invitation).toMatchObject({ channel: "sms", live: true, revoked: false });
    const days = (Date.parse(person.invitation?.expires_at ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [message] = await outboxFor(phone);
    expect(message?.channel).toBe("sms");
    expect(message?.body).toMatch(
      /Rana Haddad invited you to join Cedar Café on Workshift: http:\/\/localhost:3000\/account\/activate\/[A-Za-z0-9_-]{43} \(the link expires in 7 days\)/,
    );

    const [entry] = await auditOf(owner.organizationId, "people.invite");
    // Inside, the audit log keeps accounts; the API names the person by their id in the organization.
    const account = await accountOf(owner.organizationId, person.id);
    expect(entry).toMatchObject({ actor_user_id: owner.user.id, target_id: account });
    expect(entry?.after).toMatchObject({ role: "SUPERVISOR", hourly_rate: 12.5, channel: "sms" });

    // Only the hash of the token is stored.
    const { db } = await testDatabase();
    const stored = await withOrganization(db, owner.organizationId, (tx) =>
      tx.selectFrom("invitations").select("token_hash").where("user_id", "=", account).executeTakeFirstOrThrow(),
    );
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(message?.body).not.toContain(stored.token_hash);
  });

  it("sends by email to someone without a phone, in the inviter's language, and clears permissions of anyone but a supervisor", async () => {
    const owner = await signUp(server);
    await withOrganization((await testDatabase()).db, owner.organizationId, (tx) =>
      tx.updateTable("users").set({ language: "fr" }).where("id", "=", owner.user.id).execute(),
    );
    const email = newEmail();
    const response = await invite(server, owner.access, {
      first_name: "Élodie",
      last_name: "Martin",
      phone: undefined,
      email: email.toUpperCase(),
      send_via: "email",
      role: "EMPLOYEE",
      permissions: ["manage_users"],
    });
    expect(response.status).toBe(201);
    const { person } = response.json<{ person: Person }>();
    expect(person).toMatchObject({ email, permissions: [], invitation: { channel: "email" } });
    const [message] = await outboxFor(email);
    expect(message?.channel).toBe("email");
    expect(message?.body).toContain("Rana Haddad vous invite à rejoindre Cedar Café sur Workshift");
    expect(message?.body).toContain("expire dans 7 jours");
  });

  it("reuses the account of someone who already has one (found by phone), in their own language, never touching their name", async () => {
    const owner = await signUp(server);
    const elsewhere = await signUp(server, { first_name: "Karim", last_name: "Saab" });
    await (await testDatabase()).db
      .updateTable("users")
      .set({ language: "ar" })
      .where("id", "=", elsewhere.user.id)
      .execute();
    const person = await invited(server, owner.access, {
      first_name: "Someone",
      last_name: "Else",
      phone: elsewhere.phone,
    });
    // Shown as the inviter typed them (their real name is not the inviter's to learn), account untouched.
    expect(person).toMatchObject({
      id: personIdIn(owner.organizationId, elsewhere.user.id),
      first_name: "Someone",
      last_name: "Else",
      status: "invited",
    });
    const account = await (await testDatabase()).db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", elsewhere.user.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ first_name: "Karim", last_name: "Saab" });
    const [message] = await outboxFor(elsewhere.phone);
    expect(message?.body).toContain("Cedar Café");
    expect(message?.body).toMatch(/دعاك/);
  });

  it("reuses an account by email only when that email is verified", async () => {
    const owner = await signUp(server);
    const email = newEmail();
    const unverified = await signUp(server, { email });
    const first = await invited(server, owner.access, { phone: undefined, email });
    expect(first.id).not.toBe(personIdIn(owner.organizationId, unverified.user.id));

    const verifiedEmail = newEmail();
    const verifiedOwner = await signUp(server);
    await (await testDatabase()).db
      .updateTable("users")
      .set({ email: verifiedEmail, email_verified_at: new Date() })
      .where("id", "=", verifiedOwner.user.id)
      .execute();
    const second = await invited(server, owner.access, { phone: undefined, email: verifiedEmail });
    expect(second.id).toBe(personIdIn(owner.organizationId, verifiedOwner.user.id));
  });

  it("refuses someone already in the organization with 409 alreadyMember, and writes nothing", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const before = await footprint(owner.organizationId);
    const again = await invite(server, owner.access, {
      first_name: "Sami",
      last_name: "Khoury",
      phone: person.phone,
      role: "EMPLOYEE",
    });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: "person_already_member", fields: { phone: "people.alreadyMember" } });
    const self = await invite(server, owner.access, {
      first_name: "R",
      last_name: "H",
      phone: owner.phone,
      role: "OWNER",
    });
    expect(self.status).toBe(409);
    expect(self.json()).toMatchObject({ code: "person_already_member" });
    expect(await footprint(owner.organizationId)).toEqual(before);
  });

  it.each([
    [{ phone: undefined, email: undefined }, "phone", "people.contactRequired"],
    [{ phone: "12" }, "phone", undefined],
    [{ email: "not-an-email", phone: undefined }, "email", "account.invalidEmailFormat"],
    [{ first_name: "  " }, "first_name", "account.firstNameRequired"],
    [{ role: "ADMIN" }, "role", "people.roleRequired"],
    [{ permissions: ["rule_the_world"] }, "permissions.0", "people.permissionUnknown"],
    [{ hourly_rate: -1 }, "hourly_rate", "people.rateInvalid"],
    [{ hourly_rate: "12.345" }, "hourly_rate", "people.rateInvalid"],
    [{ hourly_rate: 1_000_000 }, "hourly_rate", "people.rateTooHigh"],
    [{ send_via: "email" }, "email", "people.contactRequired"],
    [{ job_ids: ["nope"] }, "job_ids.0", "people.unknownReference"],
  ])("refuses %o with 400 and writes nothing", async (change, field, key) => {
    const owner = await signUp(server);
    const before = await footprint(owner.organizationId);
    const response = await invite(server, owner.access, {
      first_name: "Sami",
      last_name: "Khoury",
      phone: newPhone(),
      role: "EMPLOYEE",
      ...change,
    });
    expect(response.status).toBe(400);
    const body = response.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.fields)).toContain(field);
    if (key) expect(body.fields[field]).toBe(key);
    expect(await footprint(owner.organizationId)).toEqual(before);
  });

  it("refuses jobs and boards that are archived or another organization's with 422, and writes nothing", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const archivedJob = await makeJob(owner.organizationId, "Old", true);
    const theirJob = await makeJob(other.organizationId, "Theirs");
    const archivedBoard = await makeBoard(owner.organizationId, "Old board", true);
    const theirBoard = await makeBoard(other.organizationId, "Their board");
    const before = await footprint(owner.organizationId);
    for (const [change, field, key] of [
      [{ job_ids: [archivedJob] }, "job_ids", "people.unknownJob"],
      [{ job_ids: [theirJob] }, "job_ids", "people.unknownJob"],
      [{ board_ids: [archivedBoard] }, "board_ids", "people.unknownBoard"],
      [{ board_ids: [theirBoard] }, "board_ids", "people.unknownBoard"],
    ] as const) {
      const response = await invite(server, owner.access, {
        first_name: "Sami",
        last_name: "Khoury",
        phone: newPhone(),
        role: "EMPLOYEE",
        ...change,
      });
      expect(response.status).toBe(422);
      expect(response.json()).toMatchObject({ code: "person_reference_unknown", fields: { [field]: key } });
    }
    expect(await footprint(owner.organizationId)).toEqual(before);
  });

  it("refuses SMS to a country outside the allowed list", async () => {
    const owner = await signUp(server);
    const response = await invite(server, owner.access, {
      first_name: "Sami",
      last_name: "Khoury",
      phone: "+4915123456789",
      role: "EMPLOYEE",
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: "sms_country_not_allowed",
      fields: { phone: "phone.countryNotAllowed" },
    });
  });
});

describe("who may do what with the team", () => {
  it("lets a supervisor with manage_users invite and manage employees only, granting no role or permission", async () => {
    const owner = await signUp(server);
    const manager = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_users"]);
    const otherSupervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const employee = await invited(server, manager.access);
    expect(employee.invited_by?.id).toBe(manager.user.person_id);

    const before = await footprint(owner.organizationId);
    for (const body of [
      { role: "SUPERVISOR" },
      { role: "OWNER" },
      { role: "EMPLOYEE", permissions: ["view_scheduler"] },
    ]) {
      const refused = await invite(server, manager.access, {
        first_name: "A",
        last_name: "B",
        phone: newPhone(),
        ...body,
      });
      expect(refused.status).toBe(403);
    }
    expect((await send(manager.access, "PATCH", `/api/people/${employee.id}`, { role: "SUPERVISOR" })).status).toBe(
      403,
    );
    expect(
      (await send(manager.access, "PATCH", `/api/people/${employee.id}`, { permissions: ["manage_users"] })).status,
    ).toBe(403);
    expect(
      (await send(manager.access, "PATCH", `/api/people/${otherSupervisor.user.person_id}`, { hourly_rate: 20 }))
        .status,
    ).toBe(403);
    expect((await send(manager.access, "POST", `/api/people/${owner.user.person_id}/archive`)).status).toBe(403);
    expect((await send(manager.access, "POST", `/api/people/${otherSupervisor.user.person_id}/archive`)).status).toBe(
      403,
    );
    expect(await footprint(owner.organizationId)).toEqual(before);

    const edited = await send(manager.access, "PATCH", `/api/people/${employee.id}`, {
      role: "EMPLOYEE",
      permissions: [],
      hourly_rate: 15,
    });
    expect(edited.status).toBe(200);
    expect(edited.json<{ person: Person }>().person.hourly_rate).toBe(15);
    expect((await send(manager.access, "POST", `/api/people/${employee.id}/archive`)).status).toBe(200);
    expect((await send(manager.access, "POST", `/api/people/${employee.id}/restore`)).status).toBe(200);

    const table = await get(manager.access, "/api/people/permissions");
    expect(table.json()).toMatchObject({
      can_manage: true,
      assignable_roles: ["EMPLOYEE"],
      manageable_roles: ["EMPLOYEE"],
      can_grant_permissions: false,
    });
  });

  it("lets any supervisor view the team but not change it; employees and platform admins get 403 everywhere", async () => {
    const owner = await signUp(server);
    const someone = await invited(server, owner.access);
    const viewer = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_timesheet"]);
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const admin = await platformAdminIn(server, owner.organizationId);

    expect((await get(viewer.access, "/api/people")).status).toBe(200);
    expect((await get(viewer.access, `/api/people/${someone.id}`)).status).toBe(200);
    expect((await get(viewer.access, "/api/people/permissions")).json()).toMatchObject({
      can_manage: false,
      assignable_roles: [],
      can_grant_permissions: false,
    });

    const before = await footprint(owner.organizationId);
    const writes = (token: string) => [
      invite(server, token, { first_name: "A", last_name: "B", phone: newPhone(), role: "EMPLOYEE" }),
      send(token, "PATCH", `/api/people/${someone.id}`, { hourly_rate: 1 }),
      send(token, "POST", `/api/people/${someone.id}/archive`),
      send(token, "POST", `/api/people/${someone.id}/restore`),
      send(token, "POST", `/api/people/${someone.id}/invitation/resend`),
      send(token, "DELETE", `/api/people/${someone.id}/invitation`),
      send(token, "POST", "/api/people/import/preview", { csv: "first_name,last_name,phone\nA,B,+96171000000\n" }),
      send(token, "POST", "/api/people/import", { csv: "first_name,last_name,phone\nA,B,+96171000000\n" }),
    ];
    for (const response of await Promise.all(writes(viewer.access))) expect(response.status).toBe(403);
    for (const token of [employee.access, admin.access]) {
      const reads = [
        get(token, "/api/people"),
        get(token, `/api/people/${someone.id}`),
        get(token, "/api/people/permissions"),
      ];
      for (const response of await Promise.all([...reads, ...writes(token)])) {
        expect(response.status).toBe(403);
        expect(response.json()).toMatchObject({ code: "forbidden" });
      }
    }
    expect(await footprint(owner.organizationId)).toEqual(before);
    expect((await server.request("/api/people")).status).toBe(403);
  });

  it("gives the owner the whole table", async () => {
    const owner = await signUp(server);
    expect((await get(owner.access, "/api/people/permissions")).json()).toEqual({
      roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
      permissions: [
        "view_scheduler",
        "manage_scheduler",
        "view_timesheet",
        "manage_timesheet",
        "approve_time_off",
        "manage_users",
      ],
      can_manage: true,
      assignable_roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
      manageable_roles: ["OWNER", "SUPERVISOR", "EMPLOYEE"],
      can_grant_permissions: true,
    });
  });

  it("answers 404 to a member of another organization for every person route, and changes nothing", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const stranger = await signUp(server);
    const before = await footprint(owner.organizationId);
    const responses = await Promise.all([
      get(stranger.access, `/api/people/${person.id}`),
      get(stranger.access, `/api/people/${owner.user.person_id}`),
      // Nor by the account's own id.
      get(stranger.access, `/api/people/${owner.user.id}`),
      send(stranger.access, "PATCH", `/api/people/${person.id}`, { hourly_rate: 99 }),
      send(stranger.access, "POST", `/api/people/${person.id}/archive`),
      send(stranger.access, "POST", `/api/people/${owner.user.person_id}/archive`),
      send(stranger.access, "POST", `/api/people/${person.id}/restore`),
      send(stranger.access, "POST", `/api/people/${person.id}/invitation/resend`),
      send(stranger.access, "DELETE", `/api/people/${person.id}/invitation`),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    const theirs = await get(stranger.access, "/api/people");
    expect(theirs.json<PeopleResponse>().people.map((p) => p.id)).toEqual([stranger.user.person_id]);
    expect(await footprint(owner.organizationId)).toEqual(before);
  });
});

describe("the list", () => {
  it("searches names, phone digits and email; filters role, status, job and board; sorts; pages with a total", async () => {
    const owner = await signUp(server, { first_name: "Zeina", last_name: "Owner" });
    const bar = await makeJob(owner.organizationId, "Bar");
    const board = await makeBoard(owner.organizationId, "Weekend");
    const email = newEmail();
    const amal = await invited(server, owner.access, { first_name: "Amal", last_name: "Haddad", job_ids: [bar] });
    const bruno = await invited(server, owner.access, {
      first_name: "Bruno",
      last_name: "Diaz",
      email,
      board_ids: [board],
    });
    const chloe = await invited(server, owner.access, {
      first_name: "Chloé",
      last_name: "Petit",
      role: "SUPERVISOR",
      permissions: ["view_scheduler"],
    });
    const gone = await invited(server, owner.access, { first_name: "Gone", last_name: "Away" });
    await send(owner.access, "POST", `/api/people/${gone.id}/archive`);

    const everyone = await list(owner.access);
    expect(everyone.people.map((p) => p.first_name)).toEqual(["Amal", "Bruno", "Chloé", "Zeina"]);
    expect(everyone).toMatchObject({ total: 4, page: 1, page_size: 50 });

    const names = async (query: string) => (await list(owner.access, query)).people.map((p) => p.first_name);
    expect(await names("?search=hadd")).toEqual(["Amal"]);
    expect(await names(`?search=${encodeURIComponent("Diaz Bru")}`)).toEqual(["Bruno"]);
    expect(await names(`?search=${encodeURIComponent("Bruno Haddad")}`)).toEqual([]);
    expect(await names(`?search=${encodeURIComponent("Bruno D")}`)).toEqual(["Bruno"]);
    expect(await names(`?search=${encodeURIComponent("Diaz B")}`)).toEqual(["Bruno"]);
    expect(await names(`?search=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`)).toEqual(["Bruno"]);
    const digits = amal.phone.slice(-6);
    expect(await names(`?search=${encodeURIComponent(`${digits.slice(0, 3)} ${digits.slice(3)}`)}`)).toEqual(["Amal"]);
    expect(await names("?search=%25")).toEqual([]);
    expect(await names("?role=SUPERVISOR")).toEqual(["Chloé"]);
    expect(await names("?status=active")).toEqual(["Zeina"]);
    expect(await names("?status=archived")).toEqual(["Gone"]);
    expect(await names(`?job_id=${bar}`)).toEqual(["Amal"]);
    expect(await names(`?board_id=${board}`)).toEqual(["Bruno"]);
    expect(await names("?sort=-name")).toEqual(["Zeina", "Chloé", "Bruno", "Amal"]);
    expect(await names("?sort=role")).toEqual(["Zeina", "Chloé", "Amal", "Bruno"]);
    expect(await names("?sort=status")).toEqual(["Zeina", "Amal", "Bruno", "Chloé"]);
    expect(await names("?sort=-created")).toEqual(["Chloé", "Bruno", "Amal", "Zeina"]);

    const second = await list(owner.access, "?page=2&page_size=3");
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.people.map((p) => p.first_name)).toEqual(["Zeina"]);
    const beyond = await list(owner.access, "?page=9&page_size=3");
    expect(beyond).toMatchObject({ total: 4, people: [] });

    const one = await get(owner.access, `/api/people/${bruno.id}`);
    expect(one.json<{ person: Person }>().person).toMatchObject({ id: bruno.id, board_ids: [board], email });
    expect((await get(owner.access, `/api/people/${chloe.id}`)).json()).toMatchObject({
      person: { permissions: ["view_scheduler"] },
    });
    const bad = await get(owner.access, "/api/people?page_size=1000&sort=shoe");
    expect(bad.status).toBe(400);
  });
});

describe("changing a person", () => {
  it("changes role, permissions, jobs, boards and rate, with before and after in the audit log", async () => {
    const owner = await signUp(server);
    const a = await makeJob(owner.organizationId, "A");
    const b = await makeJob(owner.organizationId, "B");
    const old = await makeJob(owner.organizationId, "Old");
    const board = await makeBoard(owner.organizationId, "Board");
    const person = await invited(server, owner.access, { job_ids: [a, old], hourly_rate: 10 });
    // The job is archived later: the link stays as history, unseen, and untouched by a replacement.
    await withOrganization((await testDatabase()).db, owner.organizationId, (tx) =>
      tx.updateTable("jobs").set({ is_archived: true }).where("id", "=", old).execute(),
    );
    const response = await send(owner.access, "PATCH", `/api/people/${person.id}`, {
      role: "SUPERVISOR",
      permissions: ["view_timesheet", "view_timesheet"],
      job_ids: [b],
      board_ids: [board],
      hourly_rate: null,
    });
    expect(response.status).toBe(200);
    expect(response.json<{ person: Person }>().person).toMatchObject({
      role: "SUPERVISOR",
      permissions: ["view_timesheet"],
      job_ids: [b],
      board_ids: [board],
      hourly_rate: null,
    });
    const { db } = await testDatabase();
    const account = await accountOf(owner.organizationId, person.id);
    const links = await withOrganization(db, owner.organizationId, (tx) =>
      tx.selectFrom("membership_jobs").select("job_id").where("user_id", "=", account).execute(),
    );
    expect(links.map((link) => link.job_id).sort()).toEqual([b, old].sort());

    const [entry] = await auditOf(owner.organizationId, "people.update");
    expect(entry?.before).toMatchObject({ role: "EMPLOYEE", job_ids: [a], hourly_rate: 10 });
    expect(entry?.after).toMatchObject({ role: "SUPERVISOR", job_ids: [b], hourly_rate: null });

    // Back to employee: permissions are cleared.
    const demoted = await send(owner.access, "PATCH", `/api/people/${person.id}`, { role: "EMPLOYEE" });
    expect(demoted.json<{ person: Person }>().person.permissions).toEqual([]);
    const promoted = await send(owner.access, "PATCH", `/api/people/${person.id}`, { role: "SUPERVISOR" });
    expect(promoted.json<{ person: Person }>().person.permissions).toEqual([]);
  });

  it("renames only while invited, and only this organization's record; after activation the profile is theirs (422)", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const renamed = await send(owner.access, "PATCH", `/api/people/${person.id}`, { first_name: "Samir" });
    expect(renamed.json<{ person: Person }>().person.first_name).toBe("Samir");
    const [entry] = await auditOf(owner.organizationId, "people.update");
    expect(entry?.before).toMatchObject({ first_name: "Sami" });
    expect(entry?.after).toMatchObject({ first_name: "Samir" });

    const active = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const refused = await send(owner.access, "PATCH", `/api/people/${active.user.person_id}`, {
      first_name: "Other",
      hourly_rate: 30,
    });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "person_profile_theirs",
      fields: { first_name: "people.profileIsTheirs" },
    });
    // Their own name sent back unchanged is fine (a form sends every field).
    const same = await send(owner.access, "PATCH", `/api/people/${active.user.person_id}`, {
      first_name: active.user.first_name,
      hourly_rate: 30,
    });
    expect(same.status).toBe(200);

    // Someone with an account, invited here: the inviter renames its own record of them, never the account.
    const elsewhere = await signUp(server, { first_name: "Karim", last_name: "Saab" });
    const reused = await invited(server, owner.access, { phone: elsewhere.phone });
    const ours = await send(owner.access, "PATCH", `/api/people/${reused.id}`, { last_name: "Changed" });
    expect(ours.status).toBe(200);
    expect(ours.json<{ person: Person }>().person).toMatchObject({ first_name: "Sami", last_name: "Changed" });
    const me = await get(elsewhere.access, "/api/auth/me");
    expect(me.json()).toMatchObject({ data: { first_name: "Karim", last_name: "Saab" } });
  });

  it("never lets one organization rename the person another organization sees", async () => {
    // Organization A invites a new phone (the account is made); B invites the same phone.
    const a = await signUp(server);
    const b = await signUp(server);
    const phone = newPhone();
    const inA = await invited(server, a.access, { phone, first_name: "Amal", last_name: "Haddad" });
    const inB = await invited(server, b.access, { phone, first_name: "Amal", last_name: "Hadad" });
    // One account, named differently in each organization.
    expect(inB.id).not.toBe(inA.id);
    const accountId = await accountOf(a.organizationId, inA.id);
    expect(await accountOf(b.organizationId, inB.id)).toBe(accountId);
    // A renames while the person is invited: only A's record changes.
    const renamed = await send(a.access, "PATCH", `/api/people/${inA.id}`, { first_name: "Evil", last_name: "Name" });
    expect(renamed.status).toBe(200);
    expect((await get(b.access, `/api/people/${inB.id}`)).json<{ person: Person }>().person).toMatchObject({
      first_name: "Amal",
      last_name: "Hadad",
    });
    const account = await (await testDatabase()).db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ first_name: "Amal", last_name: "Haddad" });
    // B's activation page offers B's typed name.
    const token = await invitationToken(server, phone);
    const view = await server.request(`/api/invitations/${token}`);
    expect(view.json()).toMatchObject({
      organization: { id: b.organizationId },
      first_name: "Amal",
      last_name: "Hadad",
    });
  });

  it("refuses bad input with 400 and unknown jobs with 422, writing nothing", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const before = await footprint(owner.organizationId);
    for (const [body, status] of [
      [{ role: "KING" }, 400],
      [{ hourly_rate: "abc" }, 400],
      [{ permissions: ["x"] }, 400],
      [{ job_ids: [crypto.randomUUID()] }, 422],
      [{ board_ids: [crypto.randomUUID()], hourly_rate: 50 }, 422],
    ] as const) {
      expect((await send(owner.access, "PATCH", `/api/people/${person.id}`, body)).status).toBe(status);
    }
    expect((await send(owner.access, "PATCH", "/api/people/not-a-uuid", { hourly_rate: 1 })).status).toBe(400);
    expect((await send(owner.access, "PATCH", `/api/people/${crypto.randomUUID()}`, { hourly_rate: 1 })).status).toBe(
      404,
    );
    expect(await footprint(owner.organizationId)).toEqual(before);
  });
});

describe("the last owner", () => {
  it("can be neither demoted nor archived (409 last_owner); with a second owner, one can go", async () => {
    const owner = await signUp(server);
    const before = await footprint(owner.organizationId);
    const demote = await send(owner.access, "PATCH", `/api/people/${owner.user.person_id}`, { role: "SUPERVISOR" });
    expect(demote.status).toBe(409);
    expect(demote.json()).toMatchObject({ code: "last_owner" });
    const archive = await send(owner.access, "POST", `/api/people/${owner.user.person_id}/archive`);
    expect(archive.status).toBe(409);
    expect(await footprint(owner.organizationId)).toEqual(before);

    // An invited owner does not count: they cannot sign in yet.
    await invited(server, owner.access, { role: "OWNER" });
    expect(
      (await send(owner.access, "PATCH", `/api/people/${owner.user.person_id}`, { role: "EMPLOYEE" })).status,
    ).toBe(409);

    const second = await memberOf(server, owner.organizationId, "OWNER");
    const demoted = await send(owner.access, "PATCH", `/api/people/${second.user.person_id}`, { role: "SUPERVISOR" });
    expect(demoted.status).toBe(200);
  });

  it("holds when two owners demote each other at the same moment: exactly one wins", async () => {
    const owner = await signUp(server);
    const second = await memberOf(server, owner.organizationId, "OWNER");
    const [a, b] = await Promise.all([
      send(owner.access, "PATCH", `/api/people/${second.user.person_id}`, { role: "EMPLOYEE" }),
      send(second.access, "PATCH", `/api/people/${owner.user.person_id}`, { role: "EMPLOYEE" }),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser is refused either as the last owner, or (having been demoted first) as no longer allowed.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const winner = a.status === 200 ? owner : second;
    const owners = (await list(winner.access, "?role=OWNER&status=active")).people;
    expect(owners.map((o) => o.id)).toEqual([winner.user.person_id]);
  });
});

describe("archive and restore", () => {
  it("shuts an archived person out of the organization at once: no sign-in there, refresh token dead", async () => {
    const owner = await signUp(server);
    const person = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const archived = await send(owner.access, "POST", `/api/people/${person.user.person_id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.json<{ person: Person }>().person).toMatchObject({ status: "archived" });
    expect(archived.json<{ person: Person }>().person.archived_at).not.toBeNull();

    // The access token they hold no longer works in the organization.
    expect((await get(person.access, "/api/people")).status).toBe(403);
    // Their refresh token is dead.
    const refreshed = await server.request("/api/auth/v2/refresh-token", {
      method: "POST",
      json: { refresh_token: person.refresh },
    });
    expect(refreshed.status).toBe(403);
    // Signing in again: the organization is not offered, and choosing it is refused.
    await ageSends(`phone:${person.phone}`, 120);
    const sent = await requestCode(server, { phone: person.phone });
    expect(sent.status).toBe(200);
    const session = (await verify(server, { phone: person.phone }, await lastCode(server, person.phone))).json<{
      access: string;
    }>();
    const organizations = await get(session.access, "/api/organizations");
    expect(organizations.json<{ organizations: { id: string }[] }>().organizations.map((o) => o.id)).not.toContain(
      owner.organizationId,
    );
    const select = await send(session.access, "POST", "/api/organizations/select", {
      organization_id: owner.organizationId,
    });
    expect(select.status).toBe(404);
    expect(await auditOf(owner.organizationId, "people.archive")).toHaveLength(1);

    // Restored: active again, and they can choose the organization.
    const restored = await send(owner.access, "POST", `/api/people/${person.user.person_id}/restore`);
    expect(restored.json<{ person: Person }>().person).toMatchObject({ status: "active", archived_at: null });
    const again = await send(session.access, "POST", "/api/organizations/select", {
      organization_id: owner.organizationId,
    });
    expect(again.status).toBe(200);
    expect(await auditOf(owner.organizationId, "people.restore")).toHaveLength(1);
  });

  it("restores someone who never activated as invited, with their link revoked by the archive", async () => {
    const owner = await signUp(server);
    const person = await invited(server, owner.access);
    const archived = await send(owner.access, "POST", `/api/people/${person.id}/archive`);
    expect(archived.json<{ person: Person }>().person.invitation).toBeNull();
    const restored = await send(owner.access, "POST", `/api/people/${person.id}/restore`);
    expect(restored.json<{ person: Person }>().person).toMatchObject({
      status: "invited",
      invitation: { live: false, revoked: true },
    });
    // Archiving twice or restoring someone not archived changes nothing.
    expect((await send(owner.access, "POST", `/api/people/${person.id}/restore`)).status).toBe(200);
    expect(await auditOf(owner.organizationId, "people.restore")).toHaveLength(1);
  });
});

describe("what inviting tells the inviter", () => {
  it("refuses send_via email with a phone (422 smsWhenPhone), writing nothing", async () => {
    const owner = await signUp(server);
    const before = await footprint(owner.organizationId);
    const email = newEmail();
    const response = await invite(server, owner.access, {
      first_name: "Sami",
      last_name: "Khoury",
      phone: newPhone(),
      email,
      send_via: "email",
      role: "EMPLOYEE",
    });
    expect(response.status).toBe(422);
    expect(response.json()).toMatchObject({
      code: "person_invite_by_sms",
      fields: { send_via: "people.smsWhenPhone" },
    });
    expect(await footprint(owner.organizationId)).toEqual(before);
    expect(await outboxFor(email)).toEqual([]);
  });

  it("shows an invited account only as the inviter typed it: never its real name, email or other contacts", async () => {
    const owner = await signUp(server);
    const email = newEmail();
    const someone = await signUp(server, { first_name: "Karim", last_name: "Saab" });
    await (await testDatabase()).db
      .updateTable("users")
      .set({ email, email_verified_at: new Date() })
      .where("id", "=", someone.user.id)
      .execute();
    // By phone: their verified email and real name stay unknown.
    const byPhone = await invited(server, owner.access, { first_name: "K", last_name: "S", phone: someone.phone });
    const inOwners = personIdIn(owner.organizationId, someone.user.id);
    expect(byPhone).toMatchObject({ id: inOwners, first_name: "K", last_name: "S", phone: someone.phone });
    expect(byPhone.email).toBeNull();
    const names = async (query: string) =>
      (await list(owner.access, `?search=${encodeURIComponent(query)}`)).people.map((p) => p.id);
    expect(await names("Karim")).toEqual([]);
    expect(await names(email)).toEqual([]);
    expect(await names("K S")).toEqual([inOwners]);

    // By verified email (another organization): their phone and real name stay unknown.
    const other = await signUp(server);
    const response = await invite(server, other.access, {
      first_name: "Kay",
      last_name: "Es",
      email,
      role: "EMPLOYEE",
    });
    expect(response.status).toBe(201);
    const byEmail = response.json<{ person: Person }>().person;
    const inOthers = personIdIn(other.organizationId, someone.user.id);
    expect(byEmail).toMatchObject({ id: inOthers, first_name: "Kay", last_name: "Es", phone: null, email });
    const search = await list(other.access, `?search=${someone.phone.slice(-6)}`);
    expect(search.people).toEqual([]);

    // After they activate (the link went to the address typed, which they verified), the
    // organization sees their profile.
    const token = await invitationToken(server, email);
    await ageSends(`email:${email}`, 3600);
    const sent = await server.request(`/api/invitations/${token}/send-code`, { method: "POST" });
    expect(sent.status).toBe(200);
    const accepted = await server.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { first_name: "K", last_name: "S", otp: await lastCode(server, email), ...proof(token) },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const after = (await get(other.access, `/api/people/${inOthers}`)).json<{ person: Person }>().person;
    expect(after).toMatchObject({
      status: "active",
      first_name: "Karim",
      last_name: "Saab",
      phone: someone.phone,
      email,
    });
    // Still invited in the first organization: still as typed there.
    const still = (await get(owner.access, `/api/people/${inOwners}`)).json<{ person: Person }>().person;
    expect(still).toMatchObject({ status: "invited", first_name: "K", last_name: "S", email: null });
  });

  it("checks the typed phone's country before looking anyone up", async () => {
    const owner = await signUp(server);
    const email = newEmail();
    const someone = await signUp(server);
    await (await testDatabase()).db
      .updateTable("users")
      .set({ email, email_verified_at: new Date() })
      .where("id", "=", someone.user.id)
      .execute();
    // The same answer whether the address is someone's verified email or nobody's.
    for (const address of [email, newEmail()]) {
      const response = await invite(server, owner.access, {
        first_name: "Sami",
        last_name: "Khoury",
        phone: "+4915123456789",
        email: address,
        role: "EMPLOYEE",
      });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        code: "sms_country_not_allowed",
        fields: { phone: "phone.countryNotAllowed" },
      });
    }
  });
});

describe("two invitations racing", () => {
  const racing = databaseKind() === "postgres" ? "" : " [serialised on PGlite; races on PostgreSQL]";

  it(`lets two organizations invite the same new phone at the same moment${racing}`, async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = [await signUp(server), await signUp(server)];
      const phone = newPhone();
      const body = { first_name: "Sami", last_name: "Khoury", phone, role: "EMPLOYEE" };
      const answers = await Promise.all([invite(server, a.access, body), invite(server, b.access, body)]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      const ids = answers.map((answer) => answer.json<{ person: Person }>().person.id);
      // One account, named by each organization's own id for it.
      expect(ids[0]).not.toBe(ids[1]);
      expect(await accountOf(a.organizationId, ids[0] ?? "")).toBe(await accountOf(b.organizationId, ids[1] ?? ""));
    }
  });

  it(`adds one person once when invited twice here at the same moment (409 alreadyMember)${racing}`, async () => {
    const owner = await signUp(server);
    const phone = newPhone();
    const body = { first_name: "Sami", last_name: "Khoury", phone, role: "EMPLOYEE" };
    const answers = await Promise.all([invite(server, owner.access, body), invite(server, owner.access, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.json()).toMatchObject({ code: "person_already_member", fields: { phone: "people.alreadyMember" } });
  });
});
