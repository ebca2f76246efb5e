import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = {
  title: "Cedar Café",
  employee_count: "11-30",
  industry: "food_beverage",
  logo: null,
  country_code: "LB",
  address: "Hamra Street 12, Beirut",
  zip_code: "1103",
};

const put = (token: string, body: unknown, language = "en") =>
  server.request("/api/company/details", {
    method: "PUT",
    headers: { ...bearer(token), "accept-language": language },
    json: body,
  });

describe("company details", () => {
  it("are saved by the owner and answered with the country named in the reader's language", async () => {
    const owner = await signUp(server);
    const saved = await put(owner.access, valid);
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ ...valid, country: "Lebanon", time_zone: "UTC", week_start: 1, currency: "USD" });

    const inFrench = await server.request("/api/company/details", {
      headers: { ...bearer(owner.access), "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(inFrench.json()).toMatchObject({ country: "Liban", country_code: "LB" });
    const inArabic = await server.request("/api/company/details", {
      headers: { ...bearer(owner.access), "accept-language": "ar" },
    });
    expect(inArabic.json()).toMatchObject({ country: "لبنان" });
  });

  it("accept a country given by its name in another language, and store its code", async () => {
    const owner = await signUp(server);
    const saved = await put(owner.access, { ...valid, country_code: undefined, country: "لبنان" }, "fr");
    expect(saved.json()).toMatchObject({ country: "Liban", country_code: "LB" });
  });

  it("keep the name, address and zip exactly as typed (a # and a / too), and the old name when none is sent", async () => {
    const owner = await signUp(server);
    const typed = { title: "Cedar & Co. (Hamra)", address: "Hamra St. #12, Bldg 3/B", zip_code: "1103 2040" };
    const saved = await put(owner.access, { ...valid, ...typed });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject(typed);
    const read = await server.request("/api/company/details", { headers: bearer(owner.access) });
    expect(read.json()).toMatchObject(typed);
    const unchanged = await put(owner.access, { ...valid, title: undefined });
    expect(unchanged.json()).toMatchObject({ title: typed.title });
  });

  it.each([
    ["title", "Cedar\u202eCafé"],
    ["address", "Hamra St.\u0000 #12"],
    ["address", "Hamra\u2066 St."],
    ["zip_code", "1103\u001b"],
  ])(
    "refuse a %s holding a control or text-direction character at the field, and save nothing",
    async (field, value) => {
      const owner = await signUp(server);
      const before = (await server.request("/api/company/details", { headers: bearer(owner.access) })).json();
      const refused = await put(owner.access, { ...valid, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({
        code: "validation_failed",
        fields: { [field]: "validation.unsafeCharacters" },
      });
      const after = (await server.request("/api/company/details", { headers: bearer(owner.access) })).json();
      expect(after).toEqual(before);
    },
  );

  it.each([
    [{ employee_count: undefined }, "employee_count", "company.employeesError"],
    [{ employee_count: "7" }, "employee_count", "company.employeesError"],
    [{ industry: undefined }, "industry", "company.industryError"],
    [{ industry: "piracy" }, "industry", "company.industryError"],
    [{ title: "x".repeat(51) }, "title", "company.nameTooLong"],
    [{ zip_code: "1".repeat(51) }, "zip_code", "company.zipTooLong"],
    [{ country_code: "XX" }, "country_code", "company.countryInvalid"],
    [{ country_code: undefined, country: "Atlantis" }, "country", "company.countryInvalid"],
  ])("refuse %o with the spec's key, and save nothing", async (change, field, key) => {
    const owner = await signUp(server);
    const before = await server.request("/api/company/details", { headers: bearer(owner.access) });
    const refused = await put(owner.access, { ...valid, ...change });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", fields: { [field]: key } });
    const after = await server.request("/api/company/details", { headers: bearer(owner.access) });
    expect(after.json()).toEqual(before.json());
  });

  it("record each change in the audit log with before and after", async () => {
    const owner = await signUp(server);
    await put(owner.access, valid);
    const { db } = await testDatabase();
    const entries = await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .selectFrom("audit_log")
        .select(["action", "before", "after"])
        .where("action", "=", "company.updated")
        .execute(),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ industry: "food_beverage", country_code: "LB" });
    expect(entries[0]?.before).toMatchObject({ industry: null });
  });

  it("may be read by owners and supervisors, changed only by the owner; an employee or platform admin gets neither", async () => {
    const owner = await signUp(server);
    await put(owner.access, valid);
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const admin = await platformAdminIn(server, owner.organizationId);

    expect((await server.request("/api/company/details", { headers: bearer(supervisor.access) })).status).toBe(200);
    for (const reader of [supervisor, employee]) {
      const refused = await put(reader.access, { ...valid, title: "Taken over" });
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: "forbidden" });
    }
    expect((await server.request("/api/company/details", { headers: bearer(employee.access) })).status).toBe(403);
    expect((await server.request("/api/company/details", { headers: bearer(admin.access) })).status).toBe(403);
    expect((await put(admin.access, valid)).status).toBe(403);
    const now = await server.request("/api/company/details", { headers: bearer(owner.access) });
    expect(now.json()).toMatchObject({ title: "Cedar Café" });
  });

  it("are never another organization's: a token only ever reaches its own", async () => {
    const mine = await signUp(server);
    const theirs = await signUp(server);
    await put(theirs.access, { ...valid, title: "Their Secret Co" });
    const read = await server.request("/api/company/details", { headers: bearer(mine.access) });
    expect(read.json()).not.toMatchObject({ title: "Their Secret Co" });
    await put(mine.access, { ...valid, title: "Mine" });
    const theirsAfter = await server.request("/api/company/details", { headers: bearer(theirs.access) });
    expect(theirsAfter.json()).toMatchObject({ title: "Their Secret Co" });
  });

  it("need a signed-in person in an organization", async () => {
    expect((await server.request("/api/company/details")).status).toBe(403);
  });
});

describe("the organization's time zone, week start and currency", () => {
  const read = async (token: string) =>
    (await server.request("/api/company/details", { headers: bearer(token) })).json<Record<string, unknown>>();
  const settingsOf = async (organizationId: string) => {
    const { db } = await testDatabase();
    return withOrganization(db, organizationId, (tx) =>
      tx
        .selectFrom("organization_settings")
        .select(["time_zone", "week_start", "currency"])
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow(),
    );
  };

  it("start as the owner's at sign-up: the phone's country and its week, the browser's zone, US dollars", async () => {
    const beirut = await signUp(server, { time_zone: "asia/beirut" });
    expect(await read(beirut.access)).toMatchObject({
      country_code: "LB",
      country: "Lebanon",
      time_zone: "Asia/Beirut",
      week_start: 1,
      currency: "USD",
    });
    expect(await settingsOf(beirut.organizationId)).toEqual({
      time_zone: "Asia/Beirut",
      week_start: 1,
      currency: "USD",
    });
    // A zone the server does not know, or none, is UTC: it never stops a sign-up.
    const unknown = await signUp(server, { time_zone: "Mars/Olympus_Mons" });
    expect(await read(unknown.access)).toMatchObject({ time_zone: "UTC", week_start: 1 });
    const none = await signUp(server);
    expect(await read(none.access)).toMatchObject({ time_zone: "UTC", week_start: 1, currency: "USD" });
  });

  it("are changed by the owner with the company details, and recorded in the audit log", async () => {
    const owner = await signUp(server);
    const saved = await put(owner.access, { ...valid, time_zone: "asia/beirut", week_start: 0, currency: "LBP" });
    expect(saved.status).toBe(200);
    // The zone is stored in its canonical spelling.
    expect(saved.json()).toMatchObject({
      title: "Cedar Café",
      time_zone: "Asia/Beirut",
      week_start: 0,
      currency: "LBP",
    });
    expect(await read(owner.access)).toMatchObject({ time_zone: "Asia/Beirut", week_start: 0, currency: "LBP" });
    expect(await settingsOf(owner.organizationId)).toEqual({
      time_zone: "Asia/Beirut",
      week_start: 0,
      currency: "LBP",
    });

    const { db } = await testDatabase();
    const entries = await withOrganization(db, owner.organizationId, (tx) =>
      tx.selectFrom("audit_log").select(["before", "after"]).where("action", "=", "company.updated").execute(),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ time_zone: "UTC", week_start: 1, currency: "USD" });
    expect(entries[0]?.after).toMatchObject({ time_zone: "Asia/Beirut", week_start: 0, currency: "LBP" });
  });

  it("stay as they are when a body leaves them out", async () => {
    const owner = await signUp(server);
    await put(owner.access, { ...valid, time_zone: "Europe/Paris", week_start: 6, currency: "EUR" });
    const saved = await put(owner.access, { ...valid, title: "Renamed", currency: "GBP" });
    expect(saved.json()).toMatchObject({ title: "Renamed", time_zone: "Europe/Paris", week_start: 6, currency: "GBP" });
  });

  it("become the defaults of a new schedule board", async () => {
    const owner = await signUp(server);
    await put(owner.access, { ...valid, time_zone: "America/New_York", week_start: 0 });
    const created = await server.request("/api/boards", {
      method: "POST",
      headers: bearer(owner.access),
      json: { name: "Downtown", job_ids: [], member_ids: [] },
    });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ board: { time_zone: "America/New_York", week_start: 0 } });
  });

  it.each([
    [{ time_zone: "Mars/Olympus" }, "time_zone", "timeZone.invalid"],
    [{ time_zone: "" }, "time_zone", "timeZone.invalid"],
    [{ time_zone: null }, "time_zone", "timeZone.invalid"],
    [{ week_start: 7 }, "week_start", "company.weekStartInvalid"],
    [{ week_start: -1 }, "week_start", "company.weekStartInvalid"],
    [{ week_start: 1.5 }, "week_start", "company.weekStartInvalid"],
    [{ week_start: "1" }, "week_start", "company.weekStartInvalid"],
    [{ currency: "usd" }, "currency", "company.currencyInvalid"],
    [{ currency: "XYZ" }, "currency", "company.currencyInvalid"],
    [{ currency: "US" }, "currency", "company.currencyInvalid"],
    [{ currency: null }, "currency", "company.currencyInvalid"],
  ])("refuse %o with the field's key, and save nothing", async (change, field, key) => {
    const owner = await signUp(server);
    const before = await read(owner.access);
    const refused = await put(owner.access, { ...valid, title: "Not saved", ...change });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", fields: { [field]: key } });
    expect(await read(owner.access)).toEqual(before);
    expect(await settingsOf(owner.organizationId)).toEqual({ time_zone: "UTC", week_start: 1, currency: "USD" });
  });

  it("are refused to a supervisor, and nothing is written", async () => {
    const owner = await signUp(server);
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler", "manage_users"]);
    const refused = await put(supervisor.access, { ...valid, time_zone: "Asia/Tokyo", week_start: 0, currency: "JPY" });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden" });
    expect(await settingsOf(owner.organizationId)).toEqual({ time_zone: "UTC", week_start: 1, currency: "USD" });
    // The supervisor reads them.
    expect(await read(supervisor.access)).toMatchObject({ time_zone: "UTC", week_start: 1, currency: "USD" });
  });

  it("are the organization's own: another organization keeps its settings", async () => {
    const mine = await signUp(server);
    const theirs = await signUp(server);
    await put(mine.access, { ...valid, time_zone: "Asia/Beirut", week_start: 0, currency: "EUR" });
    expect(await read(theirs.access)).toMatchObject({ time_zone: "UTC", week_start: 1, currency: "USD" });
    expect(await settingsOf(theirs.organizationId)).toEqual({ time_zone: "UTC", week_start: 1, currency: "USD" });
  });
});

describe("job schedulers for the sidebar", () => {
  it("lists the organization's boards oldest first, and no other organization's", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .insertInto("job_schedulers")
        .values([
          {
            organization_id: owner.organizationId,
            name: "Kitchen",
            is_archived: true,
            created_at: new Date(Date.now() - 2000),
          },
          { organization_id: owner.organizationId, name: "Front of house", created_at: new Date(Date.now() - 1000) },
        ])
        .execute(),
    );
    await withOrganization(db, other.organizationId, (tx) =>
      tx.insertInto("job_schedulers").values({ organization_id: other.organizationId, name: "Elsewhere" }).execute(),
    );
    const listed = await server.request("/api/company/job-schedulers/get", { headers: bearer(owner.access) });
    expect(listed.status).toBe(200);
    const boards = listed.json<{ job_schedulers: { name: string; is_archived: boolean }[] }>().job_schedulers;
    expect(boards.map((b) => [b.name, b.is_archived])).toEqual([
      ["Kitchen", true],
      ["Front of house", false],
    ]);
  });

  it("answer owners, supervisors (with or without view_scheduler) and a platform admin; an employee gets 403", async () => {
    const owner = await signUp(server);
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR");
    const scheduler = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const admin = await platformAdminIn(server, owner.organizationId);
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");
    for (const reader of [owner, supervisor, scheduler, admin]) {
      const listed = await server.request("/api/company/job-schedulers/get", { headers: bearer(reader.access) });
      expect(listed.status).toBe(200);
    }
    const refused = await server.request("/api/company/job-schedulers/get", { headers: bearer(employee.access) });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden" });
  });
});
