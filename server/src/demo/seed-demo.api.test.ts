import type { PeopleResponse, SessionResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, lastCode, requestCode, verify } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { DEMO_OWNER, DEMO_TITLE } from "./demo-data.ts";
import { seedDemo, signInInstructions } from "./seed-demo.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("npm run seed:demo", () => {
  it("creates the demo company once; its owner signs in with the printed phone and sees the team", async () => {
    const { db } = await testDatabase();
    const first = await seedDemo(db);
    const again = await seedDemo(db);
    expect(again).toEqual({ created: false, organizationId: first.organizationId });
    expect(signInInstructions(true)).toContain("+961 70 000 001");

    const phone = DEMO_OWNER.phone;
    expect((await requestCode(server, { phone })).status).toBe(200);
    const session = (await verify(server, { phone }, await lastCode(server, phone))).json<SessionResponse>();
    const organizations = await server.request("/api/organizations", { headers: bearer(session.access) });
    const demo = organizations.json<{ organizations: { id: string; title: string }[] }>().organizations;
    expect(demo).toEqual([{ id: first.organizationId, title: DEMO_TITLE, role: "OWNER", last_used: false }]);
    const entered = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(session.access),
      json: { organization_id: first.organizationId },
    });
    const owner = entered.json<SessionResponse>();

    const team = (
      await server.request("/api/people?page_size=100", { headers: bearer(owner.access) })
    ).json<PeopleResponse>();
    // 62 people, 4 of them archived (not listed by default).
    expect(team.total).toBe(58);
    expect(team.people.some((person) => /[\u0600-\u06FF]/.test(person.first_name))).toBe(true);
    expect(team.people.filter((person) => person.job_ids.length > 0).length).toBeGreaterThan(50);
    const archived = await server.request("/api/people?status=archived", { headers: bearer(owner.access) });
    expect(archived.json<PeopleResponse>().total).toBe(4);
    const boards = await server.request("/api/company/job-schedulers/get", { headers: bearer(owner.access) });
    expect(boards.json<{ job_schedulers: unknown[] }>().job_schedulers).toHaveLength(3);
  });
});
