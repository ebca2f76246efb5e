import { ConfigError, loadConfig } from "./config.ts";
import { SeedRefused, seedDemo, signInInstructions } from "./demo/seed-demo.ts";
import { openDatabase } from "./lib/db/database.ts";

/**
 * `npm run seed:demo`: the demo company on the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL), migrated first. With the
 * embedded database, stop the server first (it holds the database's lock).
 */
try {
  const config = loadConfig();
  // The demo people have real-looking phone numbers: whoever holds one would sign in as its owner.
  // So the demo goes only where codes stay in the dev outbox.
  if (config.env === "production" || config.delivery.smtp || config.delivery.twilio) {
    throw new SeedRefused(
      "The demo company is for development only: unset NODE_ENV=production and the SMTP/Twilio settings, so sign-in codes stay in the dev outbox.",
    );
  }
  const database = await openDatabase(config.database, { migrate: true });
  try {
    const result = await seedDemo(database.db);
    process.stdout.write(`${signInInstructions(result.created)}\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof SeedRefused;
  process.stderr.write(`workshift: ${known ? (error as Error).message : String(error)}\n`);
  process.exit(1);
}
