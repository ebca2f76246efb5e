import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/auth.ts";
import { auditOf } from "../../../test/people.ts";
import { call } from "../../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { leaveTypes, makePolicy, timeOffFootprint, timeOffTeam } from "../../../test/time-off-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const policyBody = (leaveTypeId: string, more: Record<string, unknown> = {}) => ({
  leave_type_id: leaveTypeId,
  name: "Full time",
  accrual: "per_hours",
  amount_minutes: 60,
  per_worked_minutes: 1800,
  reset_month: 4,
  reset_day: 1,
  prorate: true,
  max_balance_minutes: 9600,
  carryover_max_minutes: 2400,
  waiting_days: 90,
  negative_allowance_minutes: 480,
  ...more,
});

describe("policies", () => {
  it("are made, changed and archived by an owner, listed in the setup with how many people are on them", async () => {
    const owner = await signUp(server);
    const [vacation] = await leaveTypes(server, owner);
    const typeId = (vacation as { id: string }).id;
    const created = await call(server, owner, "POST", "/api/time-off/policies", policyBody(typeId));
    expect(created.status).toBe(201);
    const policy = created.json<{ policy: { id: string } }>().policy;
    expect(policy).toEqual({ id: policy.id, ...policyBody(typeId), archived: false, people: 0 });
    await call(server, owner, "POST", "/api/time-off/assignments", {
      user_ids: [owner.user.person_id],
      leave_type_id: typeId,
      policy_id: policy.id,
    });
    const changed = await call(server, owner, "PATCH", `/api/time-off/policies/${policy.id}`, {
      accrual: "yearly",
      per_worked_minutes: null,
      amount_minutes: 4800,
    });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({ policy: { accrual: "yearly", per_worked_minutes: null, people: 1 } });
    const archived = await call(server, owner, "PATCH", `/api/time-off/policies/${policy.id}`, { archived: true });
    expect(archived.json()).toMatchObject({ policy: { archived: true } });
    const setup = (await call(server, owner, "GET", "/api/time-off/setup")).json<{ policies: unknown[] }>();
    expect(setup.policies).toEqual([expect.objectContaining({ id: policy.id, archived: true, people: 1 })]);
    expect(await auditOf(owner.organizationId, "leavePolicy.create")).toHaveLength(1);
    expect(await auditOf(owner.organizationId, "leavePolicy.update")).toHaveLength(2);
  });

  it("refuse a taken name (409), another organization's type or policy (404), an archived type (422), worked minutes off per hours (400), writing nothing", async () => {
    const owner = await signUp(server);
    const [vacation, sick] = await leaveTypes(server, owner);
    const typeId = (vacation as { id: string }).id;
    const other = await signUp(server);
    const [theirType] = await leaveTypes(server, other);
    const theirs = await makePolicy(server, other, (theirType as { id: string }).id);
    await call(server, owner, "POST", "/api/time-off/policies", policyBody(typeId));
    await call(server, owner, "PATCH", `/api/time-off/types/${sick?.id}`, { archived: true });
    const mine = await makePolicy(server, owner, typeId);
    const before = await timeOffFootprint(owner.organizationId);

    const taken = await call(
      server,
      owner,
      "POST",
      "/api/time-off/policies",
      policyBody(typeId, { name: "FULL TIME" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "time_off_name_taken" });
    const rename = await call(server, owner, "PATCH", `/api/time-off/policies/${mine.id}`, { name: "full time" });
    expect(rename.status).toBe(409);
    expect((await call(server, owner, "POST", "/api/time-off/policies", policyBody(theirType?.id ?? ""))).status).toBe(
      404,
    );
    expect((await call(server, owner, "PATCH", `/api/time-off/policies/${theirs.id}`, { name: "Mine" })).status).toBe(
      404,
    );
    const archivedType = await call(server, owner, "POST", "/api/time-off/policies", policyBody(sick?.id ?? ""));
    expect(archivedType.status).toBe(422);
    expect(archivedType.json()).toMatchObject({ code: "time_off_type_archived" });
    const noWorked = await call(
      server,
      owner,
      "POST",
      "/api/time-off/policies",
      policyBody(typeId, { name: "B", per_worked_minutes: null }),
    );
    expect(noWorked.status).toBe(400);
    expect(noWorked.json()).toMatchObject({ fields: { per_worked_minutes: "timeOff.perWorkedInvalid" } });
    const toHours = await call(server, owner, "PATCH", `/api/time-off/policies/${mine.id}`, { accrual: "per_hours" });
    expect(toHours.status).toBe(400);
    expect(toHours.json()).toMatchObject({ fields: { per_worked_minutes: "timeOff.perWorkedInvalid" } });
    expect(await timeOffFootprint(owner.organizationId)).toEqual(before);
  });

  it("are managed by owners only", async () => {
    const t = await timeOffTeam(server);
    const [vacation] = await leaveTypes(server, t.owner);
    const typeId = (vacation as { id: string }).id;
    const policy = await makePolicy(server, t.owner, typeId);
    const before = await timeOffFootprint(t.org);
    for (const who of [t.approver, t.supervisor, t.employee, t.admin]) {
      expect(
        (await call(server, who, "POST", "/api/time-off/policies", policyBody(typeId, { name: "Z" }))).status,
      ).toBe(403);
      expect((await call(server, who, "PATCH", `/api/time-off/policies/${policy.id}`, { name: "Z" })).status).toBe(403);
      const assign = { user_ids: [t.employee.user.person_id], leave_type_id: typeId, policy_id: policy.id };
      expect((await call(server, who, "POST", "/api/time-off/assignments", assign)).status).toBe(403);
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });
});

describe("assignments", () => {
  it("put people on a policy in bulk, move them to another and take them off, audited per person", async () => {
    const t = await timeOffTeam(server);
    const [vacation] = await leaveTypes(server, t.owner);
    const typeId = (vacation as { id: string }).id;
    const first = await makePolicy(server, t.owner, typeId);
    const second = await makePolicy(server, t.owner, typeId, { amount_minutes: 100 });
    const people = [t.employee.user.person_id, t.approver.user.person_id];
    const assign = (policy_id: string | null, user_ids = people) =>
      call(server, t.owner, "POST", "/api/time-off/assignments", { user_ids, leave_type_id: typeId, policy_id });
    expect((await assign(first.id)).json()).toEqual({ assigned: 2 });
    expect((await assign(second.id, [people[0] as string])).json()).toEqual({ assigned: 1 });
    const balances = await call(server, t.owner, "GET", `/api/time-off/balances?leave_type_id=${typeId}`);
    const policyOf = new Map(
      balances
        .json<{ people: { user_id: string; policy_id: string | null }[] }>()
        .people.map((person) => [person.user_id, person.policy_id]),
    );
    expect(policyOf.get(people[0] as string)).toBe(second.id);
    expect(policyOf.get(people[1] as string)).toBe(first.id);
    expect(policyOf.get(t.owner.user.person_id)).toBeNull();
    expect((await assign(null)).json()).toEqual({ assigned: 2 });
    expect((await timeOffFootprint(t.org)).assignments).toBe(0);
    expect(await auditOf(t.org, "leaveAssignment.set")).toHaveLength(5);
  });

  it("refuse anyone not a member (404), a policy of another type or archived (422), too many people (400), writing nothing", async () => {
    const t = await timeOffTeam(server);
    const [vacation, sick] = await leaveTypes(server, t.owner);
    const typeId = (vacation as { id: string }).id;
    const policy = await makePolicy(server, t.owner, typeId);
    const archived = await makePolicy(server, t.owner, typeId);
    await call(server, t.owner, "PATCH", `/api/time-off/policies/${archived.id}`, { archived: true });
    const stranger = await signUp(server);
    const before = await timeOffFootprint(t.org);
    const assign = (body: Record<string, unknown>) =>
      call(server, t.owner, "POST", "/api/time-off/assignments", {
        user_ids: [t.employee.user.person_id],
        leave_type_id: typeId,
        policy_id: policy.id,
        ...body,
      });
    expect((await assign({ user_ids: [t.employee.user.person_id, stranger.user.person_id] })).status).toBe(404);
    expect((await assign({ leave_type_id: sick?.id })).status).toBe(422);
    expect((await assign({ policy_id: archived.id })).status).toBe(422);
    const many = Array.from({ length: 2001 }, () => t.employee.user.person_id);
    expect((await assign({ user_ids: many })).status).toBe(400);
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });
});
