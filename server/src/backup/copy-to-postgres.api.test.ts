import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../../test/database.ts";
import { createScratchDatabase, peopleOf } from "../../test/scratch-database.ts";
import { seedDemo } from "../demo/seed-demo.ts";
import { openDatabase } from "../lib/db/database.ts";
import { readMigrations } from "../lib/db/migrate.ts";
import { migrationsDir } from "../paths.ts";
import { CopyRefused, copyToPostgres } from "./copy-to-postgres.ts";
import { tableChecksums } from "./table-checksums.ts";

const migrations = readMigrations(migrationsDir);

/** The demo company in an embedded database of its own, and a pool on it as PGlite's superuser. */
async function embeddedDemo() {
  const snapshot = new Blob([fs.readFileSync(inject("snapshotFile"))]);
  const seeding = await PGlite.create({ loadDataDir: snapshot, extensions: { btree_gist } });
  const database = await openDatabase({ kind: "pglite", dataDir: "" }, { pglite: seeding, migrate: false });
  const demo = await seedDemo(database.db);
  const seeded = await seeding.dumpDataDir("gzip");
  await database.close();
  const pglite = await PGlite.create({ loadDataDir: seeded, extensions: { btree_gist } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  return { organizationId: demo.organizationId, pglite, pool };
}

// Needs both databases: it runs in the embedded project when PostgreSQL is there too (CI sets TEST_DATABASE_URL).
describe.runIf(databaseKind() === "pglite" && process.env.TEST_DATABASE_URL)(
  "copying the embedded database to PostgreSQL",
  () => {
    let source: Awaited<ReturnType<typeof embeddedDemo>>;
    const cleanups: (() => Promise<void>)[] = [];

    async function emptyTarget() {
      const scratch = await createScratchDatabase("copy");
      const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
      cleanups.push(async () => {
        await pool.end();
        await scratch.drop();
      });
      return { url: scratch.url, pool };
    }

    beforeAll(async () => {
      source = await embeddedDemo();
    }, 60_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await source?.pool.end();
      await source?.pglite.close();
    });

    it("copies every table and sequence, checked by count and checksum, and the app on the copy shows the same people", async () => {
      const target = await emptyTarget();
      const result = await copyToPostgres(source.pool, target.pool, migrations);

      expect(result.ok).toBe(true);
      expect(result.comparison.filter((entry) => !entry.ok)).toEqual([]);
      const rows = Object.fromEntries(result.comparison.map((entry) => [entry.name, entry.target?.rows]));
      expect(rows).toMatchObject({
        organizations: 1,
        users: 62,
        memberships: 62,
        schema_migrations: migrations.length,
      });
      expect(rows.shifts).toBeGreaterThan(0);
      // Checked again from outside the copy's transaction, with the same fingerprints.
      expect(await tableChecksums(target.pool)).toEqual(await tableChecksums(source.pool));

      const onCopy = await openDatabase({ kind: "postgres", url: target.url });
      const onSource = await openDatabase(
        { kind: "pglite", dataDir: "" },
        {
          pglite: await PGlite.create({ loadDataDir: await source.pglite.dumpDataDir(), extensions: { btree_gist } }),
          migrate: false,
        },
      );
      try {
        expect(onCopy.applied).toEqual([]);
        const people = await peopleOf(onCopy.db, source.organizationId);
        expect(people).toHaveLength(62);
        expect(people).toContainEqual(
          expect.objectContaining({
            first_name: "Nadia",
            last_name: "Haddad",
            role: "OWNER",
            title: "Cedar Coast Hospitality",
          }),
        );
        expect(people).toEqual(await peopleOf(onSource.db, source.organizationId));
      } finally {
        await onCopy.close();
        await onSource.close();
      }
    });

    it("refuses a database that already holds an organization, and writes nothing to it", async () => {
      const target = await emptyTarget();
      expect((await copyToPostgres(source.pool, target.pool, migrations)).ok).toBe(true);
      const before = await tableChecksums(target.pool);

      await expect(copyToPostgres(source.pool, target.pool, migrations)).rejects.toThrow(
        new CopyRefused(
          "The database in DATABASE_URL already holds an organization; copy only into a new, empty database (e.g. createdb workshift).",
        ),
      );
      expect(await tableChecksums(target.pool)).toEqual(before);
    });

    it("is all or nothing: a table that cannot take its rows leaves the target without any", async () => {
      const target = await emptyTarget();
      const migrated = await openDatabase({ kind: "postgres", url: target.url });
      await migrated.close();
      await target.pool.query("alter table shifts add constraint refuse_every_shift check (false) not valid");

      await expect(copyToPostgres(source.pool, target.pool, migrations)).rejects.toThrow(/refuse_every_shift/);
      const counts = Object.fromEntries((await tableChecksums(target.pool)).map((entry) => [entry.name, entry.rows]));
      expect(counts).toMatchObject({ organizations: 0, users: 0, memberships: 0, shifts: 0 });
    });
  },
);
