import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../lib/db/database.ts";

/**
 * A consistent backup of the running server's embedded database: PGlite's own
 * dump of its data directory (a gzipped tar of DATA_DIR/pgdata), restored with
 * its loadDataDir. PGlite is one session, and the app's pool has one
 * connection to it; holding that connection while dumping means no app
 * transaction is half done in the copy and none starts until it is finished
 * (requests wait, as they wait for any transaction). pg_dump for PGlite is no
 * fit here: it would run inside that same session, as the app's role, and
 * change its settings under the app.
 */
export async function embeddedBackup(database: Database): Promise<Blob> {
  const pglite = database.pglite;
  if (!pglite) throw new Error("This server runs on PostgreSQL; back it up with pg_dump.");
  return database.db.connection().execute(() => dumpEmbedded(pglite));
}

/** The dump itself, for an engine nobody else is using (the server stopped, the CLI holding the lock). */
export function dumpEmbedded(pglite: PGlite): Promise<Blob> {
  return pglite.dumpDataDir("gzip");
}

/** workshift-20250102-030405.tar.gz, in UTC. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replaceAll("-", "")
    .replaceAll(":", "")
    .replace("T", "-");
  return `workshift-${stamp}.tar.gz`;
}
