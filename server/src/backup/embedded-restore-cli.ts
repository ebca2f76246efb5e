import fs from "node:fs";
import { ConfigError, loadDataDir } from "../config.ts";
import { RestoreRefused, restoreEmbedded } from "./embedded-restore.ts";

/** `npm run db:restore-embedded -- <file>`: an embedded backup into DATA_DIR, which must be new or empty. */
try {
  const file = process.argv[2];
  if (!file) throw new ConfigError("Name the backup to restore: npm run db:restore-embedded -- <file>.");
  if (!fs.existsSync(file)) throw new ConfigError(`There is no file ${file}.`);
  const dataDir = loadDataDir();
  await restoreEmbedded(new Blob([fs.readFileSync(file)]), dataDir);
  process.stdout.write(`Restored ${file} into ${dataDir}. Start the server with DATA_DIR=${dataDir}.\n`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof RestoreRefused;
  process.stderr.write(`workshift: ${known ? (error as Error).message : String(error)}\n`);
  process.exit(1);
}
