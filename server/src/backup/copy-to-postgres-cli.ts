import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import pg from "pg";
import { ConfigError, loadConfig, loadDataDir } from "../config.ts";
import { MigrationError, readMigrations } from "../lib/db/migrate.ts";
import { holdsEmbeddedDatabase, openPglite } from "../lib/db/pglite.ts";
import { migrationsDir } from "../paths.ts";
import { CopyRefused, copyToPostgres } from "./copy-to-postgres.ts";
import { formatComparison } from "./table-checksums.ts";

/**
 * `npm run db:copy-to-postgres`: everything in the embedded database in
 * DATA_DIR, copied into the empty PostgreSQL database in DATABASE_URL, then
 * checked table by table. Stop the server first (it holds DATA_DIR's lock).
 */
try {
  const target = loadConfig().database;
  if (target.kind !== "postgres") {
    throw new ConfigError(
      "Set DATABASE_URL to the new, empty PostgreSQL database to copy into, e.g. postgres://workshift@127.0.0.1:5432/workshift.",
    );
  }
  const dataDir = loadDataDir();
  if (!holdsEmbeddedDatabase(dataDir)) throw new ConfigError(`DATA_DIR ${dataDir} holds no embedded database to copy.`);

  const targetPool = new pg.Pool({ connectionString: target.url, max: 2, connectionTimeoutMillis: 5000 });
  try {
    await targetPool.query("select 1").catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(`Cannot reach the database in DATABASE_URL: ${error.code ?? error.message}.`);
    });
    const embedded = await openPglite(dataDir, (error) => {
      process.stderr.write(`workshift: lost the lock on DATA_DIR (${error.message}); the copy is rolled back.\n`);
      process.exit(1);
    });
    const sourcePool = new pg.Pool({ ...createPgConfig(embedded.pglite), max: 1, idleTimeoutMillis: 0 });
    try {
      const result = await copyToPostgres(sourcePool, targetPool, readMigrations(migrationsDir));
      process.stdout.write(`${formatComparison(result.comparison)}\n`);
      if (!result.ok) {
        process.stderr.write(
          "workshift: some tables differ after the copy; it was rolled back and nothing was written.\n",
        );
        process.exitCode = 1;
      } else {
        process.stdout.write(
          "Copied the embedded database to PostgreSQL; every table matches. Start the server with DATABASE_URL set.\n",
        );
      }
    } finally {
      await sourcePool.end();
      await embedded.close();
    }
  } finally {
    await targetPool.end();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof CopyRefused || error instanceof MigrationError;
  process.stderr.write(`workshift: ${known ? (error as Error).message : String(error)}\n`);
  process.exit(1);
}
