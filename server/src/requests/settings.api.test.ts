import { DEFAULT_REQUEST_SETTINGS } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { auditOf } from "../../test/people.ts";
import { call } from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("request settings", () => {
  it("start at the defaults; an owner changes some (the others stay), audited with before and after", async () => {
    const owner = await signUp(server);
    const read = await call(server, owner, "GET", "/api/requests/settings");
    expect(read.json()).toEqual({ settings: DEFAULT_REQUEST_SETTINGS });
    const changed = await call(server, owner, "PUT", "/api/requests/settings", {
      claim_needs_approval: false,
      deadline_hours: 12,
    });
    expect(changed.status).toBe(200);
    const expected = { ...DEFAULT_REQUEST_SETTINGS, claim_needs_approval: false, deadline_hours: 12 };
    expect(changed.json()).toEqual({ settings: expected });
    expect((await call(server, owner, "GET", "/api/requests/settings")).json()).toEqual({ settings: expected });
    expect(await auditOf(owner.organizationId, "request.settings")).toEqual([
      expect.objectContaining({ actor_user_id: owner.user.id, before: DEFAULT_REQUEST_SETTINGS, after: expected }),
    ]);
  });

  it("refuse a deadline outside 0–336 hours, with nothing changed", async () => {
    const owner = await signUp(server);
    for (const deadline_hours of [-1, 337, 1.5]) {
      const response = await call(server, owner, "PUT", "/api/requests/settings", { deadline_hours });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ fields: { deadline_hours: "requests.deadlineInvalid" } });
    }
    expect((await call(server, owner, "GET", "/api/requests/settings")).json()).toEqual({
      settings: DEFAULT_REQUEST_SETTINGS,
    });
    expect(await auditOf(owner.organizationId, "request.settings")).toEqual([]);
  });

  it("are read by who opens the inbox and changed by an owner only", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const supervisor = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler", "manage_timesheet"]);
    const employee = await memberOf(server, org, "EMPLOYEE");
    const admin = await platformAdminIn(server, org);
    for (const who of [supervisor, admin]) {
      expect((await call(server, who, "GET", "/api/requests/settings")).status).toBe(200);
      expect((await call(server, who, "PUT", "/api/requests/settings", { deadline_hours: 1 })).status).toBe(403);
    }
    expect((await call(server, employee, "GET", "/api/requests/settings")).status).toBe(403);
    expect((await call(server, owner, "GET", "/api/requests/settings")).json()).toEqual({
      settings: DEFAULT_REQUEST_SETTINGS,
    });
  });
});
