import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, type SignedUp, signUp } from "../../../test/auth.ts";
import { testDatabase } from "../../../test/database.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { withOrganization } from "../db/tenancy.ts";
import { inTenant } from "./in-tenant.ts";

/**
 * Authorization inside the write: a right withdrawn while a write is in
 * flight either lets that write commit first or refuses it; never a write
 * after the withdrawal. The write here is a route made for the test (it
 * holds its transaction open until the test lets it go), authorized like
 * every tenant route; the withdrawal is the real API's.
 */

let server: TestServer;
let release: () => void = () => {};
let started: () => void = () => {};

function slowWriteRoute(app: FastifyInstance) {
  app.post("/api/test/slow-job", { config: { access: "jobs.manage" } }, async (request, reply) => {
    const id = await inTenant(request, async (tx, actor) => {
      const row = await tx
        .insertInto("jobs")
        .values({ organization_id: actor.organizationId, name: `Slow ${Date.now()}`, color: "#1864ab" })
        .returning("id")
        .executeTakeFirstOrThrow();
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return row.id;
    });
    return reply.status(201).send({ id });
  });
}

beforeAll(async () => {
  server = await startTestServer({ extend: slowWriteRoute });
});
afterAll(() => server.close());

async function jobCount(organizationId: string): Promise<number> {
  const { db } = await testDatabase();
  const row = await withOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

const withdraw = (owner: SignedUp, supervisor: SignedUp) =>
  server.request(`/api/people/${supervisor.user.person_id}`, {
    method: "PATCH",
    headers: bearer(owner.access),
    json: { permissions: [] },
  });

describe("a permission withdrawn while a write is in flight", () => {
  it("waits for the write, which commits; the next write is refused", async () => {
    const owner = await signUp(server);
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]);
    const writeStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const write = server.request("/api/test/slow-job", { method: "POST", headers: bearer(supervisor.access) });
    await writeStarted;

    let withdrawn = false;
    const withdrawal = withdraw(owner, supervisor).then((response) => {
      withdrawn = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(withdrawn).toBe(false);

    release();
    expect((await write).status).toBe(201);
    expect((await withdrawal).status).toBe(200);
    expect(await jobCount(owner.organizationId)).toBe(1);

    const after = await server.request("/api/jobs", {
      method: "POST",
      headers: bearer(supervisor.access),
      json: { name: "Too late", color: "#1864ab" },
    });
    expect(after.status).toBe(403);
    expect(after.json()).toMatchObject({ code: "forbidden" });
    expect(await jobCount(owner.organizationId)).toBe(1);
  });

  it("refuses a write that starts after the withdrawal committed, and writes nothing", async () => {
    const owner = await signUp(server);
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]);
    expect((await withdraw(owner, supervisor)).status).toBe(200);
    const refused = await server.request("/api/test/slow-job", { method: "POST", headers: bearer(supervisor.access) });
    expect(refused.status).toBe(403);
    expect(await jobCount(owner.organizationId)).toBe(0);
  });

  it("refuses before validating: who may not do something hears 403 whatever they sent", async () => {
    const owner = await signUp(server);
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const refused = await server.request("/api/jobs", {
      method: "POST",
      headers: bearer(employee.access),
      json: { name: "" },
    });
    expect(refused.status).toBe(403);
    const malformed = await server.request("/api/jobs", { method: "POST", headers: bearer(owner.access), json: {} });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ code: "validation_failed", fields: { name: expect.any(String) } });
  });
});
