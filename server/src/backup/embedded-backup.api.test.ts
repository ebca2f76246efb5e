import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../../test/database.ts";
import { peopleOf } from "../../test/scratch-database.ts";
import { startTestServer } from "../../test/server.ts";
import { seedDemo } from "../demo/seed-demo.ts";
import { openDatabase } from "../lib/db/database.ts";
import { pgliteDirectory } from "../lib/db/pglite.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { startOpsServer } from "../ops/ops-server.ts";
import { backupRoute } from "./backup-route.ts";
import { RestoreRefused, restoreEmbedded } from "./embedded-restore.ts";
import { tableChecksums } from "./table-checksums.ts";

const BACKUP_TOKEN = "backup-token-0123456789abcdef";
const METRICS_TOKEN = "metrics-token-0123456789abcdef";

const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-backup-"));
  folders.push(dir);
  return dir;
};

/** Fingerprints of an embedded database on disk, read as its superuser once nobody else has it open. */
async function checksumsOf(dataDir: string) {
  const pglite = await PGlite.create(pgliteDirectory(dataDir), { extensions: { btree_gist } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  try {
    return await tableChecksums(pool);
  } finally {
    await pool.end();
    await pglite.close();
  }
}

describe.runIf(databaseKind() === "pglite")("backing up the running embedded database", () => {
  afterAll(() => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("waits for a transaction in progress, and restores into a new folder as the same data", async () => {
    const sourceDir = folder();
    const pglite = await PGlite.create(pgliteDirectory(sourceDir), {
      loadDataDir: new Blob([fs.readFileSync(inject("snapshotFile"))]),
      extensions: { btree_gist },
    });
    const database = await openDatabase({ kind: "pglite", dataDir: "" }, { pglite, migrate: false });
    const demo = await seedDemo(database.db);
    const api = await startTestServer({ database });
    // The operations port, guarded by the metrics token; the backup by a token of its own.
    const server = await startOpsServer({
      host: "127.0.0.1",
      port: 0,
      token: METRICS_TOKEN,
      log: api.app.log,
      routes: [(app) => backupRoute(app, { database, token: BACKUP_TOKEN })],
    });
    const asked = (authorization?: string) =>
      fetch(`${server.url}/backup`, authorization ? { headers: { authorization } } : {});
    expect((await asked()).status).toBe(401);
    expect((await asked(`Bearer ${METRICS_TOKEN}`)).status).toBe(401);

    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lateId = randomUUID();
    const transaction = withOrganization(database.db, lateId, async (tx) => {
      await tx.insertInto("organizations").values({ id: lateId, title: "Late Bakery" }).execute();
      await gate;
    });
    let answered = false;
    const download = asked(`Bearer ${BACKUP_TOKEN}`).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    release();
    await transaction;
    const response = await download;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="workshift-\d{8}-\d{6}\.tar\.gz"$/,
    );
    const backup = await asked(`Bearer ${BACKUP_TOKEN}`).then((answer) => answer.blob());
    await server.close();
    await api.close();
    await database.close();

    const restoredDir = path.join(folder(), "restored");
    await restoreEmbedded(backup, restoredDir);
    expect(await checksumsOf(restoredDir)).toEqual(await checksumsOf(sourceDir));

    const restored = await openDatabase({ kind: "pglite", dataDir: restoredDir });
    try {
      expect(restored.applied).toEqual([]);
      const people = await peopleOf(restored.db, demo.organizationId);
      expect(people).toHaveLength(62);
      expect(people).toContainEqual(
        expect.objectContaining({ first_name: "Nadia", last_name: "Haddad", role: "OWNER" }),
      );
      const late = await withOrganization(restored.db, lateId, (tx) =>
        tx.selectFrom("organizations").select("title").where("id", "=", lateId).execute(),
      );
      expect(late).toEqual([{ title: "Late Bakery" }]);
    } finally {
      await restored.close();
    }

    const before = fs.readdirSync(restoredDir).sort();
    await expect(restoreEmbedded(backup, restoredDir)).rejects.toThrow(
      new RestoreRefused(
        `DATA_DIR ${restoredDir} is not empty; restore into a new, empty folder and point DATA_DIR at it.`,
      ),
    );
    expect(fs.readdirSync(restoredDir).sort()).toEqual(before);
  }, 60_000);

  it("refuses a file that is no backup, and leaves the folder as empty as it was", async () => {
    const dir = folder();
    await expect(restoreEmbedded(new Blob(["not a backup"]), dir)).rejects.toThrow(RestoreRefused);
    expect(fs.existsSync(pgliteDirectory(dir))).toBe(false);
  });
});
