import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKind } from "../../test/database.ts";
import { createScratchDatabase, peopleOf } from "../../test/scratch-database.ts";
import { startTestServer } from "../../test/server.ts";
import { seedDemo } from "../demo/seed-demo.ts";
import { openDatabase } from "../lib/db/database.ts";
import { tableChecksums } from "./table-checksums.ts";

const run = promisify(execFile);

/** Its fingerprints, read by the database's owner through a pool of its own. */
async function checksumsOf(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await tableChecksums(pool);
  } finally {
    await pool.end();
  }
}

// The documented recipe, as written in docs/configuration.md: pg_dump's custom format, pg_restore into a new database.
describe.runIf(databaseKind() === "postgres")("backing up PostgreSQL with pg_dump while the server runs", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("restores with pg_restore into a fresh database as the same data, which the app reads", async () => {
    const live = await createScratchDatabase("live");
    cleanups.push(live.drop);
    const database = await openDatabase({ kind: "postgres", url: live.url });
    cleanups.push(() => database.close());
    const demo = await seedDemo(database.db);
    const server = await startTestServer({ database });
    cleanups.push(() => server.close());

    // Requests keep coming while the dump runs: pg_dump reads one snapshot and blocks no one.
    let serving = true;
    const traffic = (async () => {
      let answered = 0;
      while (serving) {
        expect((await server.request("/api/health")).status).toBe(200);
        answered += 1;
      }
      return answered;
    })();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-pgdump-"));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "workshift.dump");
    await run("pg_dump", ["--format=custom", `--file=${file}`, live.url]);
    serving = false;
    expect(await traffic).toBeGreaterThan(0);

    const copy = await createScratchDatabase("restored");
    cleanups.push(copy.drop);
    await run("pg_restore", ["--exit-on-error", "--no-owner", `--dbname=${copy.url}`, file]);

    expect(await checksumsOf(copy.url)).toEqual(await checksumsOf(live.url));

    const restored = await openDatabase({ kind: "postgres", url: copy.url });
    try {
      expect(restored.applied).toEqual([]);
      const people = await peopleOf(restored.db, demo.organizationId);
      expect(people).toHaveLength(62);
      expect(people).toEqual(await peopleOf(database.db, demo.organizationId));
    } finally {
      await restored.close();
    }
  }, 60_000);
});
