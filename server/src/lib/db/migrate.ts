import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { APP_ROLE } from "./app-role.ts";

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** The .sql files of a folder, in name order (0001_…, 0002_…). */
export function readMigrations(dir: string): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK_KEY = 724_190_001;

/**
 * Applies the migrations not yet recorded, each in its own transaction with
 * its record, under an advisory lock so that several instances starting at
 * once apply each migration exactly once. An applied migration whose file has
 * since changed stops start-up: migrations are append-only.
 */
export async function runMigrations(pool: pg.Pool, files: MigrationFile[]): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const { rows } = await client.query<{ name: string; checksum: string }>(
      "select name, checksum from schema_migrations",
    );
    const done = new Map(rows.map((row) => [row.name, row.checksum]));
    for (const file of files) {
      const recorded = done.get(file.name);
      if (recorded !== undefined) {
        if (recorded !== file.checksum) {
          throw new MigrationError(
            `Migration ${file.name} was changed after it was applied; add a new migration instead of editing it.`,
          );
        }
        continue;
      }
      await client.query("begin");
      try {
        await client.query(file.sql);
        await client.query("insert into schema_migrations (name, checksum) values ($1, $2)", [
          file.name,
          file.checksum,
        ]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw new MigrationError(`Migration ${file.name} failed: ${(error as Error).message}`);
      }
      applied.push(file.name);
    }
    await grantAppRole(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/**
 * The app role may read and write every table, and owns none of them. It may
 * read which migrations ran (readiness compares them with its files), never
 * record or change one.
 */
async function grantAppRole(client: pg.PoolClient): Promise<void> {
  await client.query(`grant usage on schema public to ${APP_ROLE}`);
  await client.query(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`);
  await client.query(`grant usage, select on all sequences in schema public to ${APP_ROLE}`);
  await client.query(`revoke all on schema_migrations from ${APP_ROLE}`);
  await client.query(`grant select on schema_migrations to ${APP_ROLE}`);
}
