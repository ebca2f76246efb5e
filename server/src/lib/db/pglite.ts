import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import lockfile from "proper-lockfile";
import { ConfigError } from "../../config.ts";

export interface OpenedPglite {
  pglite: PGlite;
  close(): Promise<void>;
}

/** Where PGlite keeps its cluster inside DATA_DIR (the rest is free for the app). */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pgdata");
}

/** mkdir -p, one level at a time: Node's recursive mkdir spins forever under /proc. */
function makeDirectory(dir: string): void {
  if (fs.existsSync(dir)) return;
  const parent = path.dirname(dir);
  if (parent !== dir) makeDirectory(parent);
  fs.mkdirSync(dir);
}

function ensureWritable(dataDir: string): void {
  try {
    makeDirectory(dataDir);
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `DATA_DIR ${dataDir} cannot be written (${reason}); point DATA_DIR at a folder this user may write to.`,
    );
  }
}

/**
 * PGlite has no lock of its own: two processes on one directory silently lose
 * writes. A lock file (refreshed while we run, stale a few seconds after a
 * crash) makes a second server refuse to start instead.
 */
async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "server.lock"),
      realpath: false,
      stale: 4000,
      update: 1000,
      retries: { retries: 5, minTimeout: 500, maxTimeout: 1000 },
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new ConfigError(
        `DATA_DIR ${dataDir} is in use by another Workshift server; stop it first, or start this one with another DATA_DIR.`,
      );
    }
    throw error;
  }
}

/** Whether DATA_DIR holds an embedded database (opening one that does not creates it). */
export function holdsEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"));
}

export interface OpenPgliteOptions {
  /** A backup (PGlite's dumpDataDir) to unpack into a DATA_DIR that holds no database yet. */
  loadDataDir?: Blob;
}

export async function openPglite(
  dataDir: string,
  onLockLost: (error: Error) => void,
  options: OpenPgliteOptions = {},
): Promise<OpenedPglite> {
  ensureWritable(dataDir);
  const unlock = await lockDataDir(dataDir, onLockLost);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(pgliteDirectory(dataDir), {
      extensions: { btree_gist },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  return {
    pglite,
    async close() {
      try {
        await pglite.close();
      } finally {
        await unlock();
      }
    },
  };
}
