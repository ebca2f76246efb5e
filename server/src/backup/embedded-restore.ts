import fs from "node:fs";
import { ConfigError } from "../config.ts";
import { openPglite, pgliteDirectory } from "../lib/db/pglite.ts";

/** The restore would overwrite or mix with something; nothing was written. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/**
 * Unpacks an embedded backup (see embedded-backup.ts) into a DATA_DIR that is
 * new or empty, under that folder's lock, and checks that the database opens
 * and reads. A folder holding anything is refused: a restore never replaces a
 * database in place.
 */
export async function restoreEmbedded(backup: Blob, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is not empty; restore into a new, empty folder and point DATA_DIR at it.`,
    );
  }
  try {
    const opened = await openPglite(dataDir, () => undefined, { loadDataDir: backup });
    try {
      await opened.pglite.query("select count(*) from schema_migrations");
    } finally {
      await opened.close();
    }
  } catch (error) {
    // The folder was empty: what is in it now is only our half-made copy.
    fs.rmSync(pgliteDirectory(dataDir), { recursive: true, force: true });
    // The folder's own trouble (not writable, held by a server) says so in its own words.
    if (error instanceof ConfigError) throw error;
    throw new RestoreRefused(`The file is not a Workshift embedded backup, or is damaged: ${(error as Error).message}`);
  }
}
