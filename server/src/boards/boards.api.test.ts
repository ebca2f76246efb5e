import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { personIdIn } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
type BoardBody = Json & { id: string; job_ids: string[]; member_ids: string[] };
const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const boardOf = (response: { json<T>(): T }) => response.json<{ board: BoardBody }>().board;

async function job(owner: SignedUp, name: string): Promise<string> {
  const created = await call(owner.access, "POST", "/api/jobs", { name, color: "#1971c2" });
  if (created.status !== 201) throw new Error(created.text);
  return created.json<{ job: { id: string } }>().job.id;
}

/** People of an organization made straight in the database (the team API is another feature's). */
async function people(organizationId: string, count: number, status: "active" | "invited" | "archived" = "active") {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => {
    const users = await tx
      .insertInto("users")
      .values(
        Array.from({ length: count }, (_, i) => ({
          first_name: `Person${i}`,
          last_name: "Board",
          email: `board-${randomUUID()}@example.com`,
          color: "#0b7285",
        })),
      )
      .returning("id")
      .execute();
    await tx
      .insertInto("memberships")
      .values(
        users.map((u) => ({
          organization_id: organizationId,
          user_id: u.id,
          role: "EMPLOYEE" as const,
          status,
          archived_at: status === "archived" ? new Date() : null,
        })),
      )
      .execute();
    // As the API names them: their person ids in the organization.
    return users.map((u) => personIdIn(organizationId, u.id)).sort();
  });
}

async function setStatus(organizationId: string, userId: string, status: "active" | "archived") {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx
      .updateTable("memberships")
      .set({ status, archived_at: status === "archived" ? new Date() : null })
      .where("id", "=", userId)
      .execute(),
  );
}

async function boardRows(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => ({
    boards: await tx.selectFrom("job_schedulers").selectAll().orderBy("created_at").execute(),
    jobs: await tx.selectFrom("job_scheduler_jobs").selectAll().orderBy("job_id").execute(),
    members: await tx.selectFrom("job_scheduler_members").selectAll().orderBy("user_id").execute(),
  }));
}

async function auditOf(organizationId: string, action: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute(),
  );
}

const sorted = (ids: string[]) => [...ids].sort();

describe("schedule boards", () => {
  it("are created with the organization's time zone and week start by default, with their jobs and people", async () => {
    const owner = await signUp(server);
    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .updateTable("organization_settings")
        .set({ time_zone: "Asia/Beirut", week_start: 0 })
        .where("organization_id", "=", owner.organizationId)
        .execute(),
    );
    const kitchen = await job(owner, "Kitchen");
    const bar = await job(owner, "Bar");
    const team = await people(owner.organizationId, 2);

    const created = await call(owner.access, "POST", "/api/boards", {
      name: "  Downtown ",
      job_ids: [kitchen, bar, kitchen],
      member_ids: team,
    });
    expect(created.status).toBe(201);
    const board = boardOf(created);
    expect(board).toMatchObject({
      name: "Downtown",
      time_zone: "Asia/Beirut",
      week_start: 0,
      is_archived: false,
      job_count: 2,
      member_count: 2,
    });
    expect(board.job_ids).toEqual([bar, kitchen]); // by job name
    expect(sorted(board.member_ids)).toEqual(team);

    const explicit = boardOf(
      await call(owner.access, "POST", "/api/boards", { name: "Uptown", time_zone: "europe/paris", week_start: 1 }),
    );
    expect(explicit).toMatchObject({ time_zone: "Europe/Paris", week_start: 1, job_ids: [], member_ids: [] });

    const list = await call(owner.access, "GET", "/api/boards");
    expect(list.json<{ boards: BoardBody[] }>().boards.map((b) => b.name)).toEqual(["Downtown", "Uptown"]);
    expect(boardOf(await call(owner.access, "GET", `/api/boards/${board.id}`))).toEqual(board);

    // The jobs now count the board, and the sidebar's list has both, oldest first.
    const jobs = await call(owner.access, "GET", "/api/jobs");
    expect(jobs.json<{ jobs: { board_count: number }[] }>().jobs.map((j) => j.board_count)).toEqual([1, 1]);
    const sidebar = await call(owner.access, "GET", "/api/company/job-schedulers/get");
    expect(sidebar.json()).toEqual({
      job_schedulers: [
        { id: board.id, name: "Downtown", is_archived: false },
        { id: explicit.id, name: "Uptown", is_archived: false },
      ],
    });

    const audit = await auditOf(owner.organizationId, "board.created");
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.user.id, target_id: board.id, before: null });
  });

  it("keep a name exactly as typed: a # and a / survive the round trip", async () => {
    const owner = await signUp(server);
    const created = boardOf(await call(owner.access, "POST", "/api/boards", { name: "Bar #2 / Terrace" }));
    expect(created.name).toBe("Bar #2 / Terrace");
    const list = await call(owner.access, "GET", "/api/boards");
    expect(list.json<{ boards: BoardBody[] }>().boards.map((b) => b.name)).toEqual(["Bar #2 / Terrace"]);
  });

  it.each([
    [{ name: undefined }, "name", "boards.nameRequired"],
    [{ name: " " }, "name", "boards.nameRequired"],
    [{ name: "Bar\u2067 2" }, "name", "validation.unsafeCharacters"],
    [{ name: "n".repeat(61) }, "name", "boards.nameTooLong"],
    [{ time_zone: "Nowhere/Land" }, "time_zone", "timeZone.invalid"],
    [{ week_start: 7 }, "week_start", "boards.weekStartInvalid"],
    [{ week_start: 1.5 }, "week_start", "boards.weekStartInvalid"],
    [{ job_ids: ["nope"] }, "job_ids.0", "boards.unknownJob"],
    [{ member_ids: "everyone" }, "member_ids", "boards.unknownMember"],
  ])("refuse %o with a field message and write nothing", async (change, field, key) => {
    const owner = await signUp(server);
    const refused = await call(owner.access, "POST", "/api/boards", { name: "Main", ...change });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation_failed", fields: { [field]: key } });
    expect((await boardRows(owner.organizationId)).boards).toEqual([]);
  });

  it("take only active jobs and people of the organization (422 otherwise), and write nothing", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const mine = await job(owner, "Kitchen");
    const archivedJob = await job(owner, "Old");
    await call(owner.access, "POST", `/api/jobs/${archivedJob}/archive`);
    const theirJob = await job(other, "Their kitchen");
    const [memberId] = await people(owner.organizationId, 1);
    const [archivedMember] = await people(owner.organizationId, 1, "archived");
    const [theirMember] = await people(other.organizationId, 1);

    const jobRefusal = ["board_job_not_active", "job_ids", "boards.unknownJob"] as const;
    const memberRefusal = ["board_member_not_active", "member_ids", "boards.unknownMember"] as const;
    for (const [body, [code, field, key]] of [
      [{ job_ids: [mine, theirJob] }, jobRefusal],
      [{ job_ids: [archivedJob] }, jobRefusal],
      [{ job_ids: [randomUUID()] }, jobRefusal],
      [{ member_ids: [memberId, theirMember] }, memberRefusal],
      [{ member_ids: [archivedMember] }, memberRefusal],
      [{ member_ids: [owner.user.person_id, other.user.person_id] }, memberRefusal],
    ] as const) {
      const refused = await call(owner.access, "POST", "/api/boards", { name: "Main", ...body });
      expect(refused.status).toBe(422);
      expect(refused.json()).toMatchObject({ code, fields: { [field]: key } });
    }
    expect(await boardRows(owner.organizationId)).toEqual({ boards: [], jobs: [], members: [] });
    expect((await boardRows(other.organizationId)).boards).toEqual([]);
    // Invited people may be put on a board before they activate.
    const [invited] = await people(owner.organizationId, 1, "invited");
    const fine = await call(owner.access, "POST", "/api/boards", { name: "Main", member_ids: [memberId, invited] });
    expect(fine.status).toBe(201);
  });

  it("replace their job and people sets whole and at once; a refused change changes nothing", async () => {
    const owner = await signUp(server);
    const [a, b, c] = [await job(owner, "A"), await job(owner, "B"), await job(owner, "C")];
    const team = await people(owner.organizationId, 3);
    const board = boardOf(
      await call(owner.access, "POST", "/api/boards", { name: "Main", job_ids: [a, b], member_ids: team.slice(0, 2) }),
    );

    const replaced = await call(owner.access, "PATCH", `/api/boards/${board.id}`, {
      name: "Main floor",
      week_start: 6,
      job_ids: [c, b],
      member_ids: [team[2]],
    });
    expect(replaced.status).toBe(200);
    expect(boardOf(replaced)).toMatchObject({
      name: "Main floor",
      week_start: 6,
      job_ids: [b, c],
      member_ids: [team[2]],
    });

    const before = await boardRows(owner.organizationId);
    const refused = await call(owner.access, "PATCH", `/api/boards/${board.id}`, {
      name: "Renamed",
      job_ids: [a],
      member_ids: [team[0], randomUUID()],
    });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "board_member_not_active",
      fields: { member_ids: "boards.unknownMember" },
    });
    expect(await boardRows(owner.organizationId)).toEqual(before);

    const emptied = await call(owner.access, "PATCH", `/api/boards/${board.id}`, { job_ids: [], member_ids: [] });
    expect(boardOf(emptied)).toMatchObject({ job_ids: [], member_ids: [], job_count: 0, member_count: 0 });
    // Only what was sent changes.
    const renamed = await call(owner.access, "PATCH", `/api/boards/${board.id}`, { time_zone: "America/New_York" });
    expect(boardOf(renamed)).toMatchObject({ name: "Main floor", time_zone: "America/New_York", week_start: 6 });

    const audit = await auditOf(owner.organizationId, "board.updated");
    expect(audit).toHaveLength(3);
    expect(audit[0]?.before).toMatchObject({ name: "Main", job_ids: [a, b] }); // by job name
    expect(audit[0]?.after).toMatchObject({ name: "Main floor" });
  });

  it("leave archived people and jobs out while keeping their place, so restoring them puts them back", async () => {
    const owner = await signUp(server);
    const kitchen = await job(owner, "Kitchen");
    const bar = await job(owner, "Bar");
    const team = await people(owner.organizationId, 2);
    const board = boardOf(
      await call(owner.access, "POST", "/api/boards", { name: "Main", job_ids: [kitchen, bar], member_ids: team }),
    );
    const [gone, staying] = team as [string, string];
    await setStatus(owner.organizationId, gone, "archived");
    await call(owner.access, "POST", `/api/jobs/${kitchen}/archive`);

    const now = boardOf(await call(owner.access, "GET", `/api/boards/${board.id}`));
    expect(now).toMatchObject({ member_ids: [staying], member_count: 1, job_ids: [bar], job_count: 1 });
    // Saving the board as shown keeps the archived rows.
    await call(owner.access, "PATCH", `/api/boards/${board.id}`, { job_ids: [bar], member_ids: [staying] });
    expect((await boardRows(owner.organizationId)).members).toHaveLength(2);

    await setStatus(owner.organizationId, gone, "active");
    await call(owner.access, "POST", `/api/jobs/${kitchen}/restore`);
    const back = boardOf(await call(owner.access, "GET", `/api/boards/${board.id}`));
    expect(sorted(back.member_ids)).toEqual(team);
    expect(back.job_ids).toEqual([bar, kitchen]);
  });

  it("have names unique among active boards; archived ones may share a name and come back only when it is free", async () => {
    const owner = await signUp(server);
    const first = boardOf(await call(owner.access, "POST", "/api/boards", { name: "Main" }));
    const taken = await call(owner.access, "POST", "/api/boards", { name: "MAIN" });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ code: "board_name_taken", fields: { name: "boards.nameTaken" } });

    const archived = await call(owner.access, "POST", `/api/boards/${first.id}/archive`);
    expect(boardOf(archived)).toMatchObject({ is_archived: true });
    expect(await auditOf(owner.organizationId, "board.archived")).toHaveLength(1);
    const second = boardOf(await call(owner.access, "POST", "/api/boards", { name: "main" }));

    const listed = async (query = "") =>
      (await call(owner.access, "GET", `/api/boards${query}`)).json<{ boards: BoardBody[] }>().boards.map((b) => b.id);
    expect(await listed()).toEqual([second.id]);
    expect(await listed("?include_archived=true")).toEqual([second.id, first.id]);
    const sidebar = await call(owner.access, "GET", "/api/company/job-schedulers/get");
    expect(sidebar.json()).toEqual({
      job_schedulers: [
        { id: first.id, name: "Main", is_archived: true },
        { id: second.id, name: "main", is_archived: false },
      ],
    });

    const restore = await call(owner.access, "POST", `/api/boards/${first.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.json()).toMatchObject({ code: "board_name_taken" });
    const rename = await call(owner.access, "PATCH", `/api/boards/${second.id}`, { name: "Second" });
    expect(rename.status).toBe(200);
    const restored = await call(owner.access, "POST", `/api/boards/${first.id}/restore`);
    expect(boardOf(restored)).toMatchObject({ is_archived: false });
    expect(await auditOf(owner.organizationId, "board.restored")).toHaveLength(1);
    const renameToTaken = await call(owner.access, "PATCH", `/api/boards/${second.id}`, { name: "main" });
    expect(renameToTaken.status).toBe(409);
    expect(renameToTaken.json()).toMatchObject({ code: "board_name_taken" });
  });

  it("of another organization are not found, and stay as they were", async () => {
    const owner = await signUp(server);
    const kitchen = await job(owner, "Kitchen");
    const board = boardOf(await call(owner.access, "POST", "/api/boards", { name: "Main", job_ids: [kitchen] }));
    const stranger = await signUp(server);
    const before = await boardRows(owner.organizationId);
    const attempts = await Promise.all([
      call(stranger.access, "GET", `/api/boards/${board.id}`),
      call(stranger.access, "PATCH", `/api/boards/${board.id}`, { name: "Mine", job_ids: [] }),
      call(stranger.access, "POST", `/api/boards/${board.id}/archive`),
      call(stranger.access, "POST", `/api/boards/${board.id}/restore`),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.json()).toMatchObject({ code: "not_found" });
    }
    expect((await call(stranger.access, "GET", "/api/boards?include_archived=true")).json()).toEqual({ boards: [] });
    // Nor can the stranger put this organization's job on a board of theirs.
    const borrowed = await call(stranger.access, "POST", "/api/boards", { name: "Mine", job_ids: [kitchen] });
    expect(borrowed.status).toBe(422);
    expect(borrowed.json()).toMatchObject({ code: "board_job_not_active" });
    expect(await boardRows(owner.organizationId)).toEqual(before);
    expect((await boardRows(stranger.organizationId)).boards).toEqual([]);
    expect((await call(owner.access, "GET", "/api/boards/all")).status).toBe(404);
  });

  it("are seen and changed by exactly the roles and permissions the table gives", async () => {
    const owner = await signUp(server);
    const board = boardOf(await call(owner.access, "POST", "/api/boards", { name: "Main" }));
    const [plain, viewer, manager, employee, admin] = await Promise.all([
      memberOf(server, owner.organizationId, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]),
      memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]),
      memberOf(server, owner.organizationId, "EMPLOYEE"),
      platformAdminIn(server, owner.organizationId),
    ]);
    const statuses = async (person: SignedUp, name: string) =>
      (
        await Promise.all([
          call(person.access, "GET", "/api/boards"),
          call(person.access, "GET", `/api/boards/${board.id}`),
          call(person.access, "POST", "/api/boards", { name }),
          call(person.access, "PATCH", `/api/boards/${board.id}`, { week_start: 3 }),
        ])
      ).map((r) => r.status);
    const archiveAndRestore = async (person: SignedUp) => [
      (await call(person.access, "POST", `/api/boards/${board.id}/archive`)).status,
      (await call(person.access, "POST", `/api/boards/${board.id}/restore`)).status,
    ];

    expect(await statuses(plain, "A")).toEqual([403, 403, 403, 403]);
    expect(await archiveAndRestore(plain)).toEqual([403, 403]);
    expect(await statuses(employee, "B")).toEqual([403, 403, 403, 403]);
    expect(await archiveAndRestore(employee)).toEqual([403, 403]);
    expect(await statuses(viewer, "C")).toEqual([200, 200, 403, 403]);
    expect(await archiveAndRestore(viewer)).toEqual([403, 403]);
    expect((await boardRows(owner.organizationId)).boards.map((b) => b.name)).toEqual(["Main"]);

    expect(await statuses(manager, "D")).toEqual([200, 200, 201, 200]);
    expect(await archiveAndRestore(manager)).toEqual([200, 200]);
    expect(await statuses(admin, "E")).toEqual([200, 200, 201, 200]);
    expect(await archiveAndRestore(admin)).toEqual([200, 200]);
  });

  it("need a signed-in person in an organization", async () => {
    expect((await server.request("/api/boards")).status).toBe(403);
    expect((await server.request("/api/boards", { method: "POST", json: { name: "X" } })).status).toBe(403);
  });
});
