import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { databaseKind, testDatabase } from "../../../test/database.ts";
import { eventually } from "../../../test/event-stream.ts";
import { backoffMs, postgresListener } from "./listen.ts";

const channel = () => `test_${randomBytes(6).toString("hex")}`;
const notify = async (name: string, payload: string) => {
  const { db } = await testDatabase();
  await sql`select pg_notify(${name}, ${payload})`.execute(db);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Database.listen", () => {
  it("hears a NOTIFY sent inside a transaction once, after the commit, and never one rolled back", async () => {
    const database = await testDatabase();
    const name = channel();
    const heard: string[] = [];
    const stop = await database.listen(name, (payload) => heard.push(payload));
    try {
      await database.db.transaction().execute(async (tx) => {
        await sql`select pg_notify(${name}, 'committed')`.execute(tx);
        await pause(50);
        expect(heard).toEqual([]); // not before the commit
      });
      await database.db
        .transaction()
        .execute(async (tx) => {
          await sql`select pg_notify(${name}, 'rolled back')`.execute(tx);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await notify(name, "last");
      await eventually(() => heard.includes("last"), 5000, "the last notification arrived");
      expect(heard).toEqual(["committed", "last"]);
    } finally {
      await stop();
    }
  });

  it("starts listening after a transaction that is open meanwhile, not inside it (it may roll back)", async () => {
    const database = await testDatabase();
    const name = channel();
    const heard: string[] = [];
    let listening: Promise<() => Promise<void>> | undefined;
    await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`select 1`.execute(tx);
        listening = database.listen(name, (payload) => heard.push(payload));
        await pause(50);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const stop = await (listening as Promise<() => Promise<void>>);
    try {
      await notify(name, "after");
      await eventually(() => heard.length === 1, 5000, "the notification arrived");
      expect(heard).toEqual(["after"]);
    } finally {
      await stop();
    }
  });

  it("gives each subscriber every payload until it stops", async () => {
    const database = await testDatabase();
    const name = channel();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen(name, (payload) => first.push(payload));
    const stopSecond = await database.listen(name, (payload) => second.push(payload));
    await notify(name, "both");
    await eventually(() => first.length === 1 && second.length === 1, 5000, "both heard it");
    await stopFirst();
    await notify(name, "second only");
    await eventually(() => second.length === 2, 5000, "the second heard it");
    await stopSecond();
    await notify(name, "nobody");
    await pause(100);
    expect(first).toEqual(["both"]);
    expect(second).toEqual(["both", "second only"]);
  });

  it("refuses a channel name that is not a plain identifier", async () => {
    const database = await testDatabase();
    await expect(database.listen('x"; drop table shifts; --', () => undefined)).rejects.toThrow(/not a channel name/);
  });
});

describe.runIf(databaseKind() === "postgres")("the PostgreSQL listener", () => {
  it("reconnects with backoff when its connection drops, LISTENs again and says so", async () => {
    const url = inject("databaseUrl");
    const applicationName = `workshift-listen-test-${randomBytes(4).toString("hex")}`;
    const listener = postgresListener({ connectionString: url, application_name: applicationName });
    const name = channel();
    const heard: string[] = [];
    const lost: number[] = [];
    const restored: number[] = [];
    await listener.listen(name, (payload) => heard.push(payload), {
      onLost: (_error, attempt) => lost.push(attempt),
      onRestored: (attempts) => restored.push(attempts),
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await notify(name, "before");
      await eventually(() => heard.length === 1, 5000, "the first notification arrived");

      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [applicationName],
      );
      expect(killed.rowCount).toBe(1);
      await eventually(() => restored.length === 1, 10_000, "the listener reconnected");
      expect(lost).toEqual([1]);
      expect(restored).toEqual([1]);

      await notify(name, "after");
      await eventually(() => heard.length === 2, 5000, "a notification after the reconnect arrived");
      expect(heard).toEqual(["before", "after"]);
    } finally {
      await admin.end();
      await listener.close();
    }
    // Closed means closed: no connection left behind, no reconnecting.
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      await eventually(() => true);
      const left = await check.query("select count(*)::int as n from pg_stat_activity where application_name = $1", [
        applicationName,
      ]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
  });
});

describe("a PostgreSQL listener that cannot connect", () => {
  it("fails the listen (the caller may try again) and leaves nothing running", async () => {
    const listener = postgresListener({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 2000,
    });
    await expect(listener.listen(channel(), () => undefined)).rejects.toThrow();
    await expect(listener.listen(channel(), () => undefined)).rejects.toThrow();
    await listener.close();
    await expect(listener.listen(channel(), () => undefined)).rejects.toThrow(/closed/);
  });
});

describe("backoffMs", () => {
  it("doubles from a quarter second up to thirty seconds, with up to half taken off at random", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, () => 1))).toEqual([250, 500, 1000, 2000]);
    expect(backoffMs(1, () => 0)).toBe(125);
    expect(backoffMs(50, () => 1)).toBe(30_000);
    expect(backoffMs(50, () => 0)).toBe(15_000);
  });
});
