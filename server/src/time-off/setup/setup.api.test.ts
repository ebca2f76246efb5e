import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/auth.ts";
import { auditOf, makeBoard, makeJob } from "../../../test/people.ts";
import { call, personSettings } from "../../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { leaveTypes, timeOffFootprint, timeOffTeam } from "../../../test/time-off-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const red = "#e03131";

describe("the setup", () => {
  it("starts with Vacation, Sick and Unpaid, named in the owner's language, made once", async () => {
    const owner = await signUp(server);
    await personSettings(owner, { language: "fr" });
    const first = await call(server, owner, "GET", "/api/time-off/setup");
    expect(first.status).toBe(200);
    const body = first.json<{
      leave_types: { name: string; paid: boolean }[];
      settings: unknown;
      policies: unknown[];
    }>();
    expect(body.leave_types.map((type) => [type.name, type.paid])).toEqual([
      ["Congés payés", true],
      ["Maladie", true],
      ["Sans solde", false],
    ]);
    expect(body.settings).toEqual({
      day_minutes: 480,
      weekend_days: [0, 6],
      blocked_dates_policy: "refuse",
      leave_scheduling_policy: "warn",
      job_limits: [],
    });
    expect(body.policies).toEqual([]);
    await call(server, owner, "GET", "/api/time-off/setup");
    expect((await timeOffFootprint(owner.organizationId)).types).toBe(3);
  });

  it("is read by managers, not by employees or the platform admin", async () => {
    const t = await timeOffTeam(server);
    for (const who of [t.owner, t.approver, t.supervisor]) {
      expect((await call(server, who, "GET", "/api/time-off/setup")).status).toBe(200);
    }
    for (const who of [t.employee, t.admin]) {
      expect((await call(server, who, "GET", "/api/time-off/setup")).status).toBe(403);
    }
  });
});

describe("leave types", () => {
  it("are added, renamed, archived and restored by an owner, audited", async () => {
    const owner = await signUp(server);
    await leaveTypes(server, owner);
    const created = await call(server, owner, "POST", "/api/time-off/types", {
      name: "Training",
      color: red,
      paid: true,
    });
    expect(created.status).toBe(201);
    const type = created.json<{ leave_type: { id: string } }>().leave_type;
    expect(type).toMatchObject({ name: "Training", color: red, paid: true, archived: false });
    const renamed = await call(server, owner, "PATCH", `/api/time-off/types/${type.id}`, { name: "Courses" });
    expect(renamed.json()).toMatchObject({ leave_type: { name: "Courses" } });
    const archived = await call(server, owner, "PATCH", `/api/time-off/types/${type.id}`, { archived: true });
    expect(archived.json()).toMatchObject({ leave_type: { archived: true } });
    // An archived type's name is free again; restoring it while another has it is a conflict.
    expect(
      (await call(server, owner, "POST", "/api/time-off/types", { name: "courses", color: red, paid: false })).status,
    ).toBe(201);
    const before = await timeOffFootprint(owner.organizationId);
    const restore = await call(server, owner, "PATCH", `/api/time-off/types/${type.id}`, { archived: false });
    expect(restore.status).toBe(409);
    expect(restore.json()).toMatchObject({ code: "time_off_name_taken", fields: { name: "timeOff.nameTaken" } });
    expect(await timeOffFootprint(owner.organizationId)).toEqual(before);
    expect(await auditOf(owner.organizationId, "leaveType.create")).toHaveLength(2);
    expect(await auditOf(owner.organizationId, "leaveType.update")).toHaveLength(2);
  });

  it("refuse a taken name (409), a bad colour (400), another organization's type (404), writing nothing", async () => {
    const owner = await signUp(server);
    const [vacation] = await leaveTypes(server, owner);
    const other = await signUp(server);
    const [theirs] = await leaveTypes(server, other);
    const before = await timeOffFootprint(owner.organizationId);
    const taken = await call(server, owner, "POST", "/api/time-off/types", {
      name: (vacation as { name: string }).name.toUpperCase(),
      color: red,
      paid: true,
    });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "time_off_name_taken" });
    expect(
      (await call(server, owner, "POST", "/api/time-off/types", { name: "X", color: "red", paid: true })).status,
    ).toBe(400);
    expect((await call(server, owner, "PATCH", `/api/time-off/types/${theirs?.id}`, { name: "Mine" })).status).toBe(
      404,
    );
    expect((await call(server, owner, "PATCH", "/api/time-off/types/nope", { name: "Mine" })).status).toBe(404);
    expect(await timeOffFootprint(owner.organizationId)).toEqual(before);
  });

  it("are changed by owners only", async () => {
    const t = await timeOffTeam(server);
    const [vacation] = await leaveTypes(server, t.owner);
    const before = await timeOffFootprint(t.org);
    for (const who of [t.approver, t.supervisor, t.employee, t.admin]) {
      expect(
        (await call(server, who, "POST", "/api/time-off/types", { name: "New", color: red, paid: true })).status,
      ).toBe(403);
      expect((await call(server, who, "PATCH", `/api/time-off/types/${vacation?.id}`, { name: "New" })).status).toBe(
        403,
      );
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });
});

describe("blocked dates", () => {
  it("are set for the organization or a board and removed, audited", async () => {
    const owner = await signUp(server);
    const board = await makeBoard(owner.organizationId, "Terrace");
    const whole = await call(server, owner, "POST", "/api/time-off/blocks", {
      board_id: null,
      starts_on: "2026-12-20",
      ends_on: "2026-12-31",
      reason: "The holiday season",
    });
    expect(whole.status).toBe(201);
    const onBoard = await call(server, owner, "POST", "/api/time-off/blocks", {
      board_id: board,
      starts_on: "2026-08-01",
      ends_on: "2026-08-02",
      reason: "Festival",
    });
    const blockId = onBoard.json<{ block: { id: string } }>().block.id;
    const setup = (await call(server, owner, "GET", "/api/time-off/setup")).json<{ blocks: unknown[] }>();
    expect(setup.blocks).toEqual([
      { id: blockId, board_id: board, starts_on: "2026-08-01", ends_on: "2026-08-02", reason: "Festival" },
      expect.objectContaining({ board_id: null, starts_on: "2026-12-20", ends_on: "2026-12-31" }),
    ]);
    expect((await call(server, owner, "DELETE", `/api/time-off/blocks/${blockId}`)).status).toBe(204);
    expect((await call(server, owner, "DELETE", `/api/time-off/blocks/${blockId}`)).status).toBe(404);
    expect(await auditOf(owner.organizationId, "timeOffBlock.create")).toHaveLength(2);
    expect(await auditOf(owner.organizationId, "timeOffBlock.delete")).toHaveLength(1);
  });

  it("refuse another organization's board (404), a range backwards or over a year (400), writing nothing", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const theirs = await makeBoard(other.organizationId, "Theirs");
    const before = await timeOffFootprint(owner.organizationId);
    const base = { board_id: null, starts_on: "2026-01-10", ends_on: "2026-01-12", reason: "Stock-taking" };
    expect((await call(server, owner, "POST", "/api/time-off/blocks", { ...base, board_id: theirs })).status).toBe(404);
    expect((await call(server, owner, "POST", "/api/time-off/blocks", { ...base, ends_on: "2026-01-09" })).status).toBe(
      400,
    );
    expect((await call(server, owner, "POST", "/api/time-off/blocks", { ...base, ends_on: "2027-03-01" })).status).toBe(
      400,
    );
    expect((await call(server, owner, "POST", "/api/time-off/blocks", { ...base, reason: "" })).status).toBe(400);
    expect(await timeOffFootprint(owner.organizationId)).toEqual(before);
    const theirBlock = await call(server, other, "POST", "/api/time-off/blocks", base);
    const id = theirBlock.json<{ block: { id: string } }>().block.id;
    expect((await call(server, owner, "DELETE", `/api/time-off/blocks/${id}`)).status).toBe(404);
  });
});

describe("time-off settings", () => {
  it("change some settings and the job limits (null removes one), audited with before and after", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const bar = await makeJob(org, "Bartender");
    const cook = await makeJob(org, "Cook");
    const first = await call(server, owner, "PATCH", "/api/time-off/settings", {
      day_minutes: 450,
      weekend_days: [5, 6],
      blocked_dates_policy: "warn",
      job_limits: [
        { job_id: bar, max_off: 2 },
        { job_id: cook, max_off: 1 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({
      settings: {
        day_minutes: 450,
        weekend_days: [5, 6],
        blocked_dates_policy: "warn",
        leave_scheduling_policy: "warn",
      },
    });
    const second = await call(server, owner, "PATCH", "/api/time-off/settings", {
      leave_scheduling_policy: "refuse",
      job_limits: [
        { job_id: bar, max_off: 3 },
        { job_id: cook, max_off: null },
      ],
    });
    expect(second.json()).toMatchObject({
      settings: { day_minutes: 450, leave_scheduling_policy: "refuse", job_limits: [{ job_id: bar, max_off: 3 }] },
    });
    const audit = await auditOf(org, "timeOff.settings");
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      before: { leave_scheduling_policy: "warn" },
      after: { leave_scheduling_policy: "refuse" },
    });
  });

  it("refuse another organization's job (404) and bad values (400), writing nothing; owners only", async () => {
    const t = await timeOffTeam(server);
    const other = await signUp(server);
    const theirs = await makeJob(other.organizationId, "Theirs");
    const before = await timeOffFootprint(t.org);
    const unknown = await call(server, t.owner, "PATCH", "/api/time-off/settings", {
      day_minutes: 300,
      job_limits: [{ job_id: theirs, max_off: 1 }],
    });
    expect(unknown.status).toBe(404);
    for (const body of [
      { day_minutes: 30 },
      { weekend_days: [7] },
      { weekend_days: [1, 1] },
      { blocked_dates_policy: "no" },
    ]) {
      expect((await call(server, t.owner, "PATCH", "/api/time-off/settings", body)).status).toBe(400);
    }
    for (const who of [t.approver, t.supervisor, t.employee, t.admin]) {
      expect((await call(server, who, "PATCH", "/api/time-off/settings", { day_minutes: 300 })).status).toBe(403);
    }
    expect(await timeOffFootprint(t.org)).toEqual(before);
  });
});
