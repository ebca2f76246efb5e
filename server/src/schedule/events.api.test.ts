import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { eventually, openStream, scheduleEvents, type TestStream } from "../../test/event-stream.ts";
import { makeBoard } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { type Database, openDatabase } from "../lib/db/database.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { announceScheduleChange } from "./announce.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const open: TestStream[] = [];
async function stream(token: string, board: string, on: TestServer = server): Promise<TestStream> {
  const opened = await openStream(on, token, board);
  open.push(opened);
  return opened;
}
afterEach(async () => {
  for (const opened of open.splice(0)) opened.close();
  await eventually(() => server.app.scheduleEvents.size === 0, 5000, "every stream left the hub");
});

/** A change as a shift write makes it: NOTIFY inside the writing transaction. */
async function change(
  organizationId: string,
  boardIds: string[],
  actorId: string,
  options: { rollback?: boolean } = {},
) {
  const { db } = await testDatabase();
  const shiftId = randomUUID();
  await withOrganization(db, organizationId, async (tx) => {
    await announceScheduleChange(tx, organizationId, {
      board_ids: boardIds,
      shift_ids: [shiftId],
      actor_id: actorId,
      kind: "changed",
    });
    if (options.rollback) throw new Error("rolled back on purpose");
  }).catch((error: Error) => {
    if (!options.rollback) throw error;
  });
  return shiftId;
}

/** A draft shift written as the shifts feature would. */
async function draftShift(organizationId: string, boardId: string, userId: string): Promise<string> {
  const { db } = await testDatabase();
  const row = await withOrganization(db, organizationId, (tx) =>
    tx
      .insertInto("shifts")
      .values({
        organization_id: organizationId,
        job_scheduler_id: boardId,
        user_id: userId,
        job_id: null,
        starts_at: new Date("2027-06-08T09:00:00Z"),
        ends_at: new Date("2027-06-08T17:00:00Z"),
        note: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

async function publish(on: TestServer, manager: SignedUp, shiftId: string) {
  const published = await on.request("/api/schedule/publish", {
    method: "POST",
    headers: bearer(manager.access),
    json: { ids: [shiftId] },
  });
  expect(published.status, published.text).toBe(200);
}

const ready = (s: TestStream) => s.waitFor((frame) => frame.event === "ready");
const eventFor = (s: TestStream, shiftId: string) =>
  s.waitFor((frame) => frame.event === "schedule" && JSON.parse(frame.data).shift_ids.includes(shiftId));

async function organizationWithBoards(): Promise<{ owner: SignedUp; boardA: string; boardB: string }> {
  const owner = await signUp(server);
  return {
    owner,
    boardA: await makeBoard(owner.organizationId, "Downtown"),
    boardB: await makeBoard(owner.organizationId, "Uptown"),
  };
}

describe("GET /api/schedule/events", () => {
  it("streams another manager's change on the board, without the organization id", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const manager = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]);

    const events = await stream(owner.access, boardA);
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(events.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(events.headers.get("x-accel-buffering")).toBe("no");
    expect(events.headers.get("x-content-type-options")).toBe("nosniff"); // the app's security headers still apply
    expect(JSON.parse((await ready(events)).data)).toEqual({ resync: false });
    expect(server.app.scheduleEvents.size).toBe(1);

    const shiftId = await change(owner.organizationId, [boardA], manager.user.id);
    expect(JSON.parse((await eventFor(events, shiftId)).data)).toEqual({
      board_ids: [boardA],
      shift_ids: [shiftId],
      actor_id: manager.user.person_id,
      kind: "changed",
    });
  });

  it("streams a publish made through the API to the board's managers", async () => {
    const { owner, boardA, boardB } = await organizationWithBoards();
    const manager = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]);
    const shiftId = await draftShift(owner.organizationId, boardA, owner.user.id);
    const onA = await stream(owner.access, boardA);
    const onB = await stream(owner.access, boardB);
    await Promise.all([ready(onA), ready(onB)]);

    await publish(server, manager, shiftId);
    const event = await onA.waitFor((frame) => frame.event === "schedule");
    expect(JSON.parse(event.data)).toEqual({
      board_ids: [boardA],
      shift_ids: [shiftId],
      actor_id: manager.user.person_id,
      kind: "published",
    });
    const marker = await change(owner.organizationId, [boardB], owner.user.id);
    await eventFor(onB, marker);
    expect(scheduleEvents(onB).map((e) => e.kind)).toEqual(["changed"]);
  });

  it("keeps to its board and its organization; 'all' follows every board", async () => {
    const { owner, boardA, boardB } = await organizationWithBoards();
    const other = await organizationWithBoards();
    const onA = await stream(owner.access, boardA);
    const onAll = await stream(owner.access, "all");
    const otherAll = await stream(other.owner.access, "all");
    await Promise.all([ready(onA), ready(onAll), ready(otherAll)]);

    const onB = await change(owner.organizationId, [boardB], owner.user.id);
    const elsewhere = await change(other.owner.organizationId, [other.boardA], other.owner.user.id);
    // Notifications arrive in commit order, so once the last one is in, the earlier ones would have been too.
    const onBoth = await change(owner.organizationId, [boardB, boardA], owner.user.id);
    await Promise.all([eventFor(onA, onBoth), eventFor(onAll, onBoth), eventFor(otherAll, elsewhere)]);

    expect(scheduleEvents(onA).map((e) => e.shift_ids[0])).toEqual([onBoth]);
    expect(scheduleEvents(onAll).map((e) => e.shift_ids[0])).toEqual([onB, onBoth]);
    expect(scheduleEvents(otherAll).map((e) => e.shift_ids[0])).toEqual([elsewhere]);
  });

  it("never delivers a change whose transaction rolled back", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const events = await stream(owner.access, boardA);
    await ready(events);

    const rolledBack = await change(owner.organizationId, [boardA], owner.user.id, { rollback: true });
    const committed = await change(owner.organizationId, [boardA], owner.user.id);
    await eventFor(events, committed);
    expect(scheduleEvents(events).map((e) => e.shift_ids[0])).toEqual([committed]);
    expect(rolledBack).not.toBe(committed);
  });

  it("is for people who may view the scheduler: OWNER, platform ADMIN, SUPERVISOR with view_scheduler", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const viewer = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const admin = await platformAdminIn(server, owner.organizationId);
    for (const person of [viewer, admin]) {
      const events = await stream(person.access, boardA);
      expect(events.status).toBe(200);
      await ready(events);
    }
    const shiftId = await change(owner.organizationId, [boardA], owner.user.id);
    for (const events of open) await eventFor(events, shiftId);
  });

  it("refuses everyone else with 403 and opens nothing", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const employee = await memberOf(server, owner.organizationId, "EMPLOYEE");
    const supervisor = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_timesheet"]);
    for (const person of [employee, supervisor]) {
      for (const board of [boardA, "all"]) {
        const refused = await stream(person.access, board);
        expect(refused.status).toBe(403);
        expect(JSON.parse(refused.text)).toMatchObject({ code: "forbidden" });
      }
    }
    const anonymous = await server.request(`/api/schedule/events?board=${boardA}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: "token_invalid" });
    expect(server.app.scheduleEvents.size).toBe(0);
  });

  it("answers 404 for another organization's board, an archived or unknown one, and 400 without a board", async () => {
    const { owner } = await organizationWithBoards();
    const other = await organizationWithBoards();
    const archived = await makeBoard(owner.organizationId, "Closed", true);
    for (const board of [other.boardA, archived, randomUUID(), "not-a-board"]) {
      const refused = await stream(owner.access, board);
      expect(refused.status, board).toBe(404);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "not_found" });
    }
    const missing = await server.request("/api/schedule/events", { headers: bearer(owner.access) });
    expect(missing.status).toBe(400);
    expect(server.app.scheduleEvents.size).toBe(0);
  });

  it("leaves the hub when the client goes away", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const first = await stream(owner.access, boardA);
    const second = await stream(owner.access, "all");
    await Promise.all([ready(first), ready(second)]);
    expect(server.app.scheduleEvents.size).toBe(2);
    first.close();
    await eventually(() => server.app.scheduleEvents.size === 1, 5000, "the closed stream left");
    second.close();
    await eventually(() => server.app.scheduleEvents.size === 0, 5000, "every stream left");
  });

  it("limits the streams one person holds open", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const limit = server.app.scheduleEvents.maxStreamsPerUser;
    const streams = [];
    for (let i = 0; i < limit; i++) streams.push(await stream(owner.access, boardA));
    await Promise.all(streams.map(ready));

    const refused = await stream(owner.access, "all");
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: "rate_limited" });
    // Someone else in the organization is not held back by it.
    const colleague = await memberOf(server, owner.organizationId, "OWNER");
    expect((await stream(colleague.access, boardA)).status).toBe(200);

    streams[0]?.close();
    await eventually(() => server.app.scheduleEvents.size === limit, 5000, "one stream left");
    const again = await stream(owner.access, boardA);
    expect(again.status).toBe(200);
    await ready(again);
  });

  it("is not cut short by the server's request or socket timeouts", () => {
    // A stream lives for hours: no request timeout, no idle socket timeout (keep-alive comments flow anyway).
    expect(server.app.server.requestTimeout).toBe(0);
    expect(server.app.server.timeout).toBe(0);
  });
});

describe("a long-lived stream", () => {
  const hub = () => server.app.scheduleEvents;
  let saved: typeof server.app.scheduleEvents.streamTimings;
  beforeAll(() => {
    saved = hub().streamTimings;
    hub().streamTimings = { keepaliveMs: 100, recheckMs: 150 };
  });
  afterAll(() => {
    hub().streamTimings = saved;
  });

  it("sends keep-alive comments and stays open while access holds", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const events = await stream(owner.access, boardA);
    await events.waitFor((frame) => frame.event === "comment" && frame.data === "keepalive");
    // Several access checks later it still delivers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const shiftId = await change(owner.organizationId, [boardA], owner.user.id);
    await eventFor(events, shiftId);
  });

  it("ends when the permission is withdrawn, the person archived, the board archived, or the session logged out", async () => {
    const { owner, boardA, boardB } = await organizationWithBoards();
    const viewer = await memberOf(server, owner.organizationId, "SUPERVISOR", ["view_scheduler"]);
    const archivedLater = await memberOf(server, owner.organizationId, "SUPERVISOR", ["manage_scheduler"]);
    const loggedOut = await memberOf(server, owner.organizationId, "OWNER");
    const keeps = await stream(owner.access, boardA);
    const withdrawn = await stream(viewer.access, "all");
    const archived = await stream(archivedLater.access, boardA);
    const signedOut = await stream(loggedOut.access, boardA);
    const boardGone = await stream(owner.access, boardB);
    await Promise.all([keeps, withdrawn, archived, signedOut, boardGone].map(ready));

    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, async (tx) => {
      await tx
        .updateTable("memberships")
        .set({ permissions: ["view_timesheet"] })
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", viewer.user.id)
        .execute();
      await tx
        .updateTable("memberships")
        .set({ status: "archived", archived_at: new Date() })
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", archivedLater.user.id)
        .execute();
      await tx
        .updateTable("job_schedulers")
        .set({ is_archived: true })
        .where("organization_id", "=", owner.organizationId)
        .where("id", "=", boardB)
        .execute();
    });
    expect((await server.request("/api/auth/logout", { headers: bearer(loggedOut.access) })).status).toBe(200);

    await Promise.all([withdrawn.ended, archived.ended, signedOut.ended, boardGone.ended]);
    await eventually(() => hub().size === 1, 5000, "only the owner's stream remains");
    const shiftId = await change(owner.organizationId, [boardA], owner.user.id);
    await eventFor(keeps, shiftId);
  });
});

describe("stopping the server", () => {
  it("ends open streams instead of waiting for them", async () => {
    const own = await startTestServer();
    try {
      const owner = await signUp(own);
      const events = await openStream(own, owner.access, "all");
      await ready(events);
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(3000);
      await events.ended;
      expect(own.app.scheduleEvents.size).toBe(0);
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});

describe.runIf(databaseKind() === "postgres")("two server instances on one PostgreSQL", () => {
  let second: TestServer;
  let secondDatabase: Database;
  beforeAll(async () => {
    const { inject } = await import("vitest");
    // Its own pool and its own LISTEN connection, as another process would have.
    secondDatabase = await openDatabase({ kind: "postgres", url: inject("databaseUrl") }, { migrate: false });
    second = await startTestServer({ database: secondDatabase });
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
  });

  it("a change made through one instance reaches a stream on the other", async () => {
    const { owner, boardA } = await organizationWithBoards();
    const shiftId = await draftShift(owner.organizationId, boardA, owner.user.id);
    const events = await stream(owner.access, boardA, second);
    await ready(events);
    await publish(server, owner, shiftId);
    await eventFor(events, shiftId);
    events.close();
    await eventually(() => second.app.scheduleEvents.size === 0, 5000, "the stream left the second hub");
  });
});
