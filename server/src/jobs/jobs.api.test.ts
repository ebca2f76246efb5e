import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const createJob = (token: string, body: Json) => call(token, "POST", "/api/jobs", body);
const jobOf = (response: { json<T>(): T }) => response.json<{ job: Json & { id: string } }>().job;

const kitchen = {
  name: "Kitchen",
  color: "#E03131",
  description: "Prep and line cooks.\nBring your apron.",
  address: "Hamra Street 12, Beirut",
  latitude: 33.8959,
  longitude: 35.4828,
  radius_m: 150,
  time_zone: "asia/beirut",
  hourly_rate: "12,50",
};

async function jobRows(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) => tx.selectFrom("jobs").selectAll().orderBy("name").execute());
}

async function auditOf(organizationId: string, action: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute(),
  );
}

describe("jobs", () => {
  it("are created, listed and read, with numbers as numbers and the zone canonical; the creation is audited", async () => {
    const owner = await signUp(server);
    const created = await createJob(owner.access, kitchen);
    expect(created.status).toBe(201);
    const job = jobOf(created);
    expect(job).toMatchObject({
      name: "Kitchen",
      color: "#e03131",
      description: "Prep and line cooks.\nBring your apron.",
      address: "Hamra Street 12, Beirut",
      latitude: 33.8959,
      longitude: 35.4828,
      radius_m: 150,
      time_zone: "Asia/Beirut",
      hourly_rate: 12.5,
      is_archived: false,
      people_count: 0,
      board_count: 0,
    });

    const list = await call(owner.access, "GET", "/api/jobs");
    expect(list.status).toBe(200);
    expect(list.json<{ jobs: Json[] }>().jobs).toEqual([job]);
    const one = await call(owner.access, "GET", `/api/jobs/${job.id}`);
    expect(jobOf(one)).toEqual(job);

    const audit = await auditOf(owner.organizationId, "job.created");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.user.id, target_id: job.id, before: null });
    expect(audit[0]?.after).toMatchObject({ name: "Kitchen", hourly_rate: 12.5 });
  });

  it("need only a name and a colour; the optional fields are null", async () => {
    const owner = await signUp(server);
    const job = jobOf(await createJob(owner.access, { name: "  Bar  ", color: "#2f9e44", description: "   " }));
    expect(job).toMatchObject({
      name: "Bar",
      description: null,
      address: null,
      latitude: null,
      longitude: null,
      radius_m: null,
      time_zone: null,
      hourly_rate: null,
    });
  });

  it("keep the name and address exactly as typed: a # and a / survive the round trip", async () => {
    const owner = await signUp(server);
    const typed = { name: "Grill #2 / Bar <night>", address: "Hamra St. #12, Bldg 3/B" };
    const job = jobOf(await createJob(owner.access, { name: typed.name, color: "#2f9e44", address: typed.address }));
    expect(job).toMatchObject(typed);
    expect(jobOf(await call(owner.access, "GET", `/api/jobs/${job.id}`))).toMatchObject(typed);
  });

  it.each([
    [{ name: undefined }, "name", "jobs.nameRequired"],
    [{ name: "   " }, "name", "jobs.nameRequired"],
    [{ name: "Bar\u202e" }, "name", "validation.unsafeCharacters"],
    [{ address: "Hamra St.\u0000 #12" }, "address", "validation.unsafeCharacters"],
    [{ name: "x".repeat(61) }, "name", "jobs.nameTooLong"],
    [{ color: "red" }, "color", "jobs.colorInvalid"],
    [{ color: "#12345" }, "color", "jobs.colorInvalid"],
    [{ color: undefined }, "color", "jobs.colorInvalid"],
    [{ description: "d".repeat(501) }, "description", "jobs.descriptionTooLong"],
    [{ address: "a".repeat(201) }, "address", "jobs.addressTooLong"],
    [{ latitude: 91 }, "latitude", "jobs.latitudeInvalid"],
    [{ longitude: -181 }, "longitude", "jobs.longitudeInvalid"],
    [{ longitude: null }, "longitude", "jobs.positionIncomplete"],
    [{ latitude: null, longitude: null }, "radius_m", "jobs.radiusNeedsPosition"],
    [{ radius_m: 5 }, "radius_m", "jobs.radiusInvalid"],
    [{ radius_m: 100_001 }, "radius_m", "jobs.radiusInvalid"],
    [{ radius_m: 10.5 }, "radius_m", "jobs.radiusInvalid"],
    [{ time_zone: "Mars/Olympus_Mons" }, "time_zone", "timeZone.invalid"],
    [{ time_zone: "" }, "time_zone", "timeZone.invalid"],
    [{ hourly_rate: -1 }, "hourly_rate", "people.rateInvalid"],
    [{ hourly_rate: "12.345" }, "hourly_rate", "people.rateInvalid"],
  ])("refuse %o with a field message and write nothing", async (change, field, key) => {
    const owner = await signUp(server);
    const refused = await createJob(owner.access, { ...kitchen, ...change });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", fields: { [field]: key } });
    expect(await jobRows(owner.organizationId)).toEqual([]);
    expect(await auditOf(owner.organizationId, "job.created")).toEqual([]);
  });

  it("have names unique among active jobs, ignoring case; an archived job's name can be used again", async () => {
    const owner = await signUp(server);
    const first = jobOf(await createJob(owner.access, kitchen));
    const taken = await createJob(owner.access, { ...kitchen, name: "KITCHEN" });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "job_name_taken", fields: { name: "jobs.nameTaken" } });
    expect(await jobRows(owner.organizationId)).toHaveLength(1);

    const archived = await call(owner.access, "POST", `/api/jobs/${first.id}/archive`);
    expect(jobOf(archived)).toMatchObject({ is_archived: true });
    const second = await createJob(owner.access, { ...kitchen, name: "kitchen" });
    expect(second.status).toBe(201);

    // Restoring the first would make two active "kitchen"s.
    const restore = await call(owner.access, "POST", `/api/jobs/${first.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.json()).toMatchObject({ code: "job_name_taken", fields: { name: "jobs.nameTaken" } });
    expect(jobOf(await call(owner.access, "GET", `/api/jobs/${first.id}`))).toMatchObject({ is_archived: true });

    // Renaming an active job to a taken name is refused too; renaming the archived one is not.
    const bar = jobOf(await createJob(owner.access, { name: "Bar", color: "#2f9e44" }));
    const rename = await call(owner.access, "PATCH", `/api/jobs/${bar.id}`, { name: "Kitchen" });
    expect(rename.status).toBe(409);
    expect(rename.json()).toMatchObject({ code: "job_name_taken" });
    const renameArchived = await call(owner.access, "PATCH", `/api/jobs/${first.id}`, { name: "Old kitchen" });
    expect(renameArchived.status).toBe(200);
    expect((await call(owner.access, "POST", `/api/jobs/${first.id}/restore`)).status).toBe(200);
  });

  it("are listed by name, searched by name or address, archived ones only when asked", async () => {
    const owner = await signUp(server);
    await createJob(owner.access, { name: "Waiter", color: "#1971c2", address: "Gemmayzeh" });
    await createJob(owner.access, { name: "bar_1", color: "#2f9e44", address: "Hamra" });
    const cook = jobOf(await createJob(owner.access, { name: "Cook", color: "#e03131", address: "Hamra Street" }));
    await call(owner.access, "POST", `/api/jobs/${cook.id}/archive`);

    const names = async (query: string) =>
      (await call(owner.access, "GET", `/api/jobs${query}`))
        .json<{ jobs: { name: string }[] }>()
        .jobs.map((j) => j.name);
    expect(await names("")).toEqual(["bar_1", "Waiter"]);
    expect(await names("?include_archived=true")).toEqual(["bar_1", "Waiter", "Cook"]);
    expect(await names("?search=hamra")).toEqual(["bar_1"]);
    expect(await names("?search=hamra&include_archived=true")).toEqual(["bar_1", "Cook"]);
    expect(await names("?search=WAIT")).toEqual(["Waiter"]);
    expect(await names(`?search=${encodeURIComponent("_")}`)).toEqual(["bar_1"]);
    expect((await call(owner.access, "GET", "/api/jobs?include_archived=maybe")).status).toBe(400);
  });

  it("change in part; the position rule holds on the job as it would become; the change is audited", async () => {
    const owner = await signUp(server);
    const plain = jobOf(await createJob(owner.access, { name: "Bar", color: "#2f9e44" }));
    const radiusAlone = await call(owner.access, "PATCH", `/api/jobs/${plain.id}`, { radius_m: 100 });
    // A well-formed change that would leave the job with a radius but no position: a rule broken.
    expect(radiusAlone.status).toBe(422);
    expect(radiusAlone.json()).toMatchObject({
      code: "job_position_incomplete",
      fields: { radius_m: "jobs.radiusNeedsPosition" },
    });
    // Half a position in the body itself: malformed.
    const halfPosition = await call(owner.access, "PATCH", `/api/jobs/${plain.id}`, { latitude: 10 });
    expect(halfPosition.status).toBe(400);
    expect(halfPosition.json()).toMatchObject({
      code: "validation_failed",
      fields: { longitude: "jobs.positionIncomplete" },
    });
    expect(await auditOf(owner.organizationId, "job.updated")).toEqual([]);

    const changed = await call(owner.access, "PATCH", `/api/jobs/${plain.id}`, {
      latitude: 1.5,
      longitude: 2.5,
      radius_m: 50,
      hourly_rate: 9,
      time_zone: "Europe/Paris",
    });
    expect(changed.status).toBe(200);
    expect(jobOf(changed)).toMatchObject({ name: "Bar", latitude: 1.5, longitude: 2.5, radius_m: 50, hourly_rate: 9 });

    const cleared = await call(owner.access, "PATCH", `/api/jobs/${plain.id}`, {
      latitude: null,
      longitude: null,
      radius_m: null,
      hourly_rate: null,
      time_zone: null,
    });
    expect(jobOf(cleared)).toMatchObject({
      latitude: null,
      longitude: null,
      radius_m: null,
      hourly_rate: null,
      time_zone: null,
    });

    const audit = await auditOf(owner.organizationId, "job.updated");
    expect(audit).toHaveLength(2);
    expect(audit[0]?.before).toMatchObject({ latitude: null, hourly_rate: null });
    expect(audit[0]?.after).toMatchObject({ latitude: 1.5, hourly_rate: 9 });
  });

  it("count the people who can work them and the boards they are on (archived ones left out)", async () => {
    const owner = await signUp(server);
    const job = jobOf(await createJob(owner.access, kitchen));
    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, async (tx) => {
      const users = await tx
        .insertInto("users")
        .values(
          [0, 1].map((i) => ({
            first_name: `P${i}`,
            last_name: "T",
            email: `jobs-${job.id}-${i}@example.com`,
            color: "#0b7285",
          })),
        )
        .returning("id")
        .execute();
      await tx
        .insertInto("memberships")
        .values([
          { organization_id: owner.organizationId, user_id: users[0]?.id ?? "", role: "EMPLOYEE" },
          {
            organization_id: owner.organizationId,
            user_id: users[1]?.id ?? "",
            role: "EMPLOYEE",
            status: "archived",
            archived_at: new Date(),
          },
        ])
        .execute();
      await tx
        .insertInto("membership_jobs")
        .values(users.map((u) => ({ organization_id: owner.organizationId, user_id: u.id, job_id: job.id })))
        .execute();
      const boards = await tx
        .insertInto("job_schedulers")
        .values([
          { organization_id: owner.organizationId, name: "Open" },
          { organization_id: owner.organizationId, name: "Closed", is_archived: true },
        ])
        .returning("id")
        .execute();
      await tx
        .insertInto("job_scheduler_jobs")
        .values(boards.map((b) => ({ organization_id: owner.organizationId, job_scheduler_id: b.id, job_id: job.id })))
        .execute();
    });
    expect(jobOf(await call(owner.access, "GET", `/api/jobs/${job.id}`))).toMatchObject({
      people_count: 1,
      board_count: 1,
    });
  });

  it("of another organization are not found, and stay as they were", async () => {
    const owner = await signUp(server);
    const job = jobOf(await createJob(owner.access, kitchen));
    const stranger = await signUp(server);
    const before = await jobRows(owner.organizationId);

    const attempts = [
      call(stranger.access, "GET", `/api/jobs/${job.id}`),
      call(stranger.access, "PATCH", `/api/jobs/${job.id}`, { name: "Mine now" }),
      call(stranger.access, "POST", `/api/jobs/${job.id}/archive`),
      call(stranger.access, "POST", `/api/jobs/${job.id}/restore`),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(404);
      expect(attempt.json()).toMatchObject({ code: "not_found" });
    }
    expect((await call(stranger.access, "GET", "/api/jobs?include_archived=true")).json()).toEqual({ jobs: [] });
    expect(await jobRows(owner.organizationId)).toEqual(before);
    expect(await jobRows(stranger.organizationId)).toEqual([]);
    expect((await call(owner.access, "GET", "/api/jobs/not-a-uuid")).status).toBe(404);
  });

  it("are seen by owners and supervisors and changed only with manage_scheduler; admins only read them; employees get nothing", async () => {
    const owner = await signUp(server);
    const job = jobOf(await createJob(owner.access, kitchen));
    const [viewer, scheduler, employee, admin] = await Promise.all([
      memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler", "view_timesheet"]),
      memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]),
      memberOf(server, owner.organizationId, "EMPLOYEE"),
      platformAdminIn(server, owner.organizationId),
    ]);
    const plainSupervisor = await memberOf(server, owner.organizationId, "SUPERVISOR");

    const everything = (person: SignedUp, name: string) => [
      call(person.access, "GET", "/api/jobs"),
      call(person.access, "GET", `/api/jobs/${job.id}`),
      call(person.access, "POST", "/api/jobs", { name, color: "#495057" }),
      call(person.access, "PATCH", `/api/jobs/${job.id}`, { description: `by ${name}` }),
      call(person.access, "POST", `/api/jobs/${job.id}/archive`),
      call(person.access, "POST", `/api/jobs/${job.id}/restore`),
    ];
    const statuses = async (person: SignedUp, name: string) =>
      (await Promise.all(everything(person, name))).map((r) => r.status);

    expect(await statuses(plainSupervisor, "A")).toEqual([200, 200, 403, 403, 403, 403]);
    expect(await statuses(viewer, "B")).toEqual([200, 200, 403, 403, 403, 403]);
    expect(await statuses(employee, "C")).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await statuses(admin, "D")).toEqual([200, 200, 403, 403, 403, 403]);
    expect((await jobRows(owner.organizationId)).map((j) => j.name)).toEqual(["Kitchen"]);

    // A scheduler may do everything (run in order: archive, then restore).
    expect((await createJob(scheduler.access, { name: "E", color: "#495057" })).status).toBe(201);
    expect((await call(scheduler.access, "PATCH", `/api/jobs/${job.id}`, { description: "x" })).status).toBe(200);
    expect((await call(scheduler.access, "POST", `/api/jobs/${job.id}/archive`)).status).toBe(200);
    expect((await call(scheduler.access, "POST", `/api/jobs/${job.id}/restore`)).status).toBe(200);
  });

  it("need a signed-in person in an organization", async () => {
    expect((await server.request("/api/jobs")).status).toBe(403);
    expect((await server.request("/api/jobs", { method: "POST", json: { name: "X", color: "#000000" } })).status).toBe(
      403,
    );
  });
});
