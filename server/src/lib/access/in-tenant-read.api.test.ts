import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bearer, platformAdminIn, type SignedUp, signUp } from "../../../test/auth.ts";
import { databaseKind, testDatabase } from "../../../test/database.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import type { Db } from "../db/database.ts";
import type { Tables } from "../db/schema.ts";

/*
 * Heavy reads (inTenantRead) with a read replica. Here the "replica" is the
 * test database itself (so it has replayed everything): what is checked is
 * that the routes answer the same wherever they read, that a write leaves the
 * read-your-writes cookie, and that a replica that cannot be reached costs
 * nothing but the primary's work. The real streaming replica is in
 * scale/replica.scale.test.ts.
 */

let plain: TestServer;
let withReplica: TestServer;
let unreachable: TestServer;
let nowhere: Db;
beforeAll(async () => {
  const database = await testDatabase();
  // Port 1 refuses at once: a replica that is down.
  nowhere = new Kysely<Tables>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 500 }),
    }),
  });
  [plain, withReplica, unreachable] = await Promise.all([
    startTestServer({ metrics: true }),
    startTestServer({ database: { ...database, replica: database.db }, metrics: true }),
    startTestServer({ database: { ...database, replica: nowhere }, metrics: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), withReplica.close(), unreachable.close()]);
  await nowhere.destroy();
});

const month = new Date().toISOString().slice(0, 7);

/** An owner with a board (UTC) holding one draft shift on the 15th of this month, made through `server`. */
async function ownerWithShift(server: TestServer) {
  const owner = await signUp(server);
  const board = await server.request("/api/boards", {
    method: "POST",
    headers: bearer(owner.access),
    json: { name: "Front", time_zone: "UTC" },
  });
  expect(board.status).toBe(201);
  const boardId = board.json<{ board: { id: string } }>().board.id;
  const shift = await server.request("/api/schedule/shifts", {
    method: "POST",
    headers: bearer(owner.access),
    json: { board_id: boardId, starts_at: `${month}-15T09:00:00Z`, ends_at: `${month}-15T17:00:00Z` },
  });
  expect(shift.status, shift.text).toBe(201);
  return { owner, boardId, written: shift.headers.get("set-cookie") };
}

const heavyReads = (boardId: string) => [
  `/api/schedule/boards/${boardId}/month?month=${month}`,
  `/api/schedule/boards/all/month?month=${month}`,
  "/api/time-clock/boards/all/timesheets",
  "/api/time-clock/boards/all/timesheets.csv",
  "/api/overview",
];

function read(server: TestServer, who: SignedUp, path: string, cookie?: string) {
  return server.request(path, { headers: { ...bearer(who.access), ...(cookie ? { cookie } : {}) } });
}

async function readsServedBy(server: TestServer): Promise<Record<string, number>> {
  const metric = server.app.metrics?.registry.getSingleMetric("workshift_db_reads_total");
  const values = (await metric?.get())?.values ?? [];
  return Object.fromEntries(values.map((value) => [String(value.labels.pool), value.value]));
}

async function gauge(server: TestServer, name: string): Promise<number | undefined> {
  const metric = server.app.metrics?.registry.getSingleMetric(name);
  return (await metric?.get())?.values[0]?.value;
}

const shiftsIn = (body: { days: Array<{ shifts: number }> }) => body.days.reduce((sum, day) => sum + day.shifts, 0);

describe("heavy reads without a replica", () => {
  it("answer from the primary, and a write sets no cookie", async () => {
    const { owner, boardId, written } = await ownerWithShift(plain);
    expect(written).toBeNull();
    for (const path of heavyReads(boardId)) expect((await read(plain, owner, path)).status).toBe(200);
    expect(await readsServedBy(plain)).toEqual({});
    expect(plain.app.metrics?.registry.getSingleMetric("workshift_db_replica_lag_seconds")).toBeUndefined();
    expect(plain.app.metrics?.registry.getSingleMetric("workshift_db_replica_up")).toBeUndefined();
  });
});

describe("heavy reads with a replica", () => {
  it("a write answers with the primary's WAL position in a cookie only the API gets back", async () => {
    const { written } = await ownerWithShift(withReplica);
    expect(written).toMatch(
      /^ws_wal=[0-9A-F]{1,8}\/[0-9A-F]{1,8}; Path=\/api; Max-Age=300; HttpOnly; SameSite=Strict$/,
    );
  });

  it("answer what the primary answers, from the replica when it has replayed the reader's write", async () => {
    const { owner, boardId, written } = await ownerWithShift(withReplica);
    const cookie = written?.split(";")[0];
    const before = await readsServedBy(withReplica);
    for (const path of heavyReads(boardId)) {
      const [onReplica, onPrimary] = await Promise.all([
        read(withReplica, owner, path, cookie),
        read(plain, owner, path),
      ]);
      expect(onReplica.status, path).toBe(200);
      if (path.endsWith(".csv")) expect(onReplica.text).toBe(onPrimary.text);
      else expect(onReplica.json(), path).toEqual(onPrimary.json());
    }
    const month = await read(withReplica, owner, heavyReads(boardId)[0] as string, cookie);
    expect(shiftsIn(month.json())).toBe(1);
    const after = await readsServedBy(withReplica);
    expect((after.replica ?? 0) - (before.replica ?? 0)).toBe(heavyReads(boardId).length + 1);
    expect(after.primary ?? 0).toBe(before.primary ?? 0);
  });

  it("stay on the primary for a reader whose last write the replica has not replayed", async () => {
    const { owner, boardId } = await ownerWithShift(withReplica);
    const before = await readsServedBy(withReplica);
    const answer = await read(withReplica, owner, heavyReads(boardId)[0] as string, "ws_wal=FFFFFFFF/FFFFFFFF");
    expect(shiftsIn(answer.json())).toBe(1);
    const after = await readsServedBy(withReplica);
    expect((after.primary ?? 0) - (before.primary ?? 0)).toBe(1);
    expect(after.replica).toBe(before.replica);
  });

  it("still refuse who may not read, wherever they read", async () => {
    const { boardId } = await ownerWithShift(withReplica);
    const stranger = await signUp(withReplica);
    const answer = await read(withReplica, stranger, heavyReads(boardId)[0] as string);
    expect(answer.status).toBe(404);
    expect((await read(withReplica, stranger, "/api/overview")).status).toBe(200);
  });

  it("let a platform admin who is not a member read, as on the primary", async () => {
    const { owner, boardId } = await ownerWithShift(withReplica);
    const admin = await platformAdminIn(withReplica, owner.organizationId);
    const before = await readsServedBy(withReplica);
    const answer = await read(withReplica, admin, heavyReads(boardId)[0] as string);
    expect(answer.status).toBe(200);
    expect(shiftsIn(answer.json())).toBe(1);
    expect((await readsServedBy(withReplica)).replica).toBe((before.replica ?? 0) + 1);
  });

  it("answer from the primary when the replica cannot be reached, and writes still get their cookie", async () => {
    const { owner, boardId, written } = await ownerWithShift(unreachable);
    expect(written).toMatch(/^ws_wal=/);
    for (const path of heavyReads(boardId)) expect((await read(unreachable, owner, path)).status, path).toBe(200);
    const served = await readsServedBy(unreachable);
    expect(served.replica).toBeUndefined();
    expect(served.primary).toBe(heavyReads(boardId).length);
    expect(await gauge(unreachable, "workshift_db_replica_up")).toBe(0);
    expect(await gauge(unreachable, "workshift_db_replica_lag_seconds")).toBeNaN();
  });

  it("report the replica's lag in the metrics", async () => {
    expect(await gauge(withReplica, "workshift_db_replica_up")).toBe(1);
    expect(await gauge(withReplica, "workshift_db_replica_lag_seconds")).toBe(0);
  });
});

describe.runIf(databaseKind() === "postgres")("a DATABASE_READ_URL that leads to no replica of the primary", () => {
  let elsewhere: TestServer;
  let other: Db;
  let admin: pg.Client;
  const name = `ws_not_a_replica_${process.pid}_${Date.now()}`;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(inject("databaseUrl"));
    url.pathname = `/${name}`;
    other = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }),
    });
    const database = await testDatabase();
    elsewhere = await startTestServer({ database: { ...database, replica: other }, metrics: true });
  });
  afterAll(async () => {
    await elsewhere.close();
    await other.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("(another database, not replaying anything) serves no read: all go to the primary", async () => {
    const { owner, boardId } = await ownerWithShift(elsewhere);
    for (const path of heavyReads(boardId)) expect((await read(elsewhere, owner, path)).status, path).toBe(200);
    const served = await readsServedBy(elsewhere);
    expect(served.replica).toBeUndefined();
    expect(await gauge(elsewhere, "workshift_db_replica_up")).toBe(0);
  });
});
