import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadDataDir } from "../config.ts";
import { holdsEmbeddedDatabase, openPglite } from "../lib/db/pglite.ts";
import { backupFileName, dumpEmbedded } from "./embedded-backup.ts";

/**
 * `npm run db:backup-embedded -- [file]`: a backup of the embedded database in
 * DATA_DIR while no server runs (it opens the database, so it needs the lock).
 * While the server runs, download GET /backup from it instead.
 */
try {
  const dataDir = loadDataDir();
  if (!holdsEmbeddedDatabase(dataDir)) {
    throw new ConfigError(`DATA_DIR ${dataDir} holds no embedded database to back up.`);
  }
  const file = path.resolve(process.argv[2] ?? backupFileName(new Date()));
  if (fs.existsSync(file)) throw new ConfigError(`${file} already exists; name another file.`);
  const opened = await openPglite(dataDir, () => undefined);
  try {
    const backup = await dumpEmbedded(opened.pglite);
    fs.writeFileSync(file, Buffer.from(await backup.arrayBuffer()), { flag: "wx" });
  } finally {
    await opened.close();
  }
  process.stdout.write(`Wrote the backup of ${dataDir} to ${file}.\n`);
} catch (error) {
  process.stderr.write(`workshift: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
