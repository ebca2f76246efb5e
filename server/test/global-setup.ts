import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/lib/db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseKind: "pglite" | "postgres";
    /** pglite: a gzipped dump of a freshly migrated database, loaded by each worker. */
    snapshotFile: string;
    /** postgres: a database made for this run and migrated once. */
    databaseUrl: string;
  }
}

/**
 * Migrates once per run: initdb in WASM costs seconds, loading a dump well
 * under one, so workers start from a migrated snapshot (PGlite) or a database
 * created for this run (PostgreSQL, dropped at the end).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.provide.databaseKind;
  if (kind === "postgres") return setupPostgres(project);

  const pglite = await PGlite.create({ extensions: { btree_gist } });
  const database = await openDatabase({ kind: "pglite", dataDir: "" }, { pglite });
  const dump = await pglite.dumpDataDir("gzip");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshift-api-"));
  const snapshotFile = path.join(dir, "migrated.tar.gz");
  fs.writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("snapshotFile", snapshotFile);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `workshift_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await database.close();
  project.provide("databaseUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
