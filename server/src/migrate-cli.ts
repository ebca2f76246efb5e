import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./lib/db/database.ts";

/** `npm run migrate`: applies pending migrations and says which. */
try {
  const config = loadConfig();
  const database = await openDatabase(config.database, { migrate: true });
  await database.close();
  process.stdout.write(
    database.applied.length === 0
      ? "The database schema is up to date.\n"
      : `Applied ${database.applied.length} migration(s): ${database.applied.join(", ")}\n`,
  );
} catch (error) {
  process.stderr.write(`workshift: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
