import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { inject } from "vitest";
import { type Database, openDatabase } from "../src/lib/db/database.ts";

let shared: Promise<Database> | null = null;

/**
 * The worker's database, opened once and shared by every API test file the
 * worker runs (files are not isolated), already migrated. Tests keep apart by
 * building their own organizations.
 */
export function testDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

export const databaseKind = () => inject("databaseKind");

async function open(): Promise<Database> {
  if (inject("databaseKind") === "postgres") {
    return openDatabase({ kind: "postgres", url: inject("databaseUrl") }, { migrate: false });
  }
  const snapshot = new Blob([fs.readFileSync(inject("snapshotFile"))]);
  const pglite = await PGlite.create({ loadDataDir: snapshot, extensions: { btree_gist } });
  return openDatabase({ kind: "pglite", dataDir: "" }, { pglite, migrate: false });
}
