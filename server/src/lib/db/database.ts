import type { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { ConfigError, type DatabaseConfig } from "../../config.ts";
import { migrationsDir } from "../../paths.ts";
import { APP_ROLE } from "./app-role.ts";
import { type Listener, pgliteListener, postgresListener } from "./listen.ts";
import { readMigrations, runMigrations } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import type { Tables } from "./schema.ts";

export type Db = Kysely<Tables>;

export interface Database {
  kind: DatabaseConfig["kind"];
  /** The embedded engine (null on PostgreSQL), for a backup taken while `db` holds its only connection. */
  pglite: PGlite | null;
  /** Runs every query as the application role, under row-level security. */
  db: Db;
  /** Migrations applied by this open (empty when the schema was current). */
  applied: string[];
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY sent inside a transaction arrives once, after
   * its commit, on every server instance). PostgreSQL: one dedicated
   * connection per process, reconnected with backoff. Resolves with a way to stop.
   */
  listen: Listener["listen"];
  close(): Promise<void>;
}

export interface OpenOptions {
  migrate?: boolean;
  /** An already open embedded database to use (tests load a migrated snapshot); closed with the rest. */
  pglite?: PGlite;
  /** Called when the embedded database's lock is lost (another process took it). */
  onFatal?: (error: Error) => void;
}

/** A pool; `asAppRole` makes every connection start as the application role where the engine allows it. */
type PoolFactory = (asAppRole?: boolean) => pg.Pool;

function describeConnectError(url: string, error: unknown): ConfigError {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new ConfigError(
    `Cannot reach the database in DATABASE_URL (${where}): ${reason}. Check that PostgreSQL runs there and the user and database exist.`,
  );
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  let makePool: PoolFactory;
  let closeEngine = async () => {};
  let makeListener: (appPool: pg.Pool) => Listener;
  let pglite: PGlite | null = null;

  if (config.kind === "pglite") {
    const opened = options.pglite
      ? { pglite: options.pglite, close: () => options.pglite?.close() ?? Promise.resolve() }
      : await openPglite(config.dataDir, options.onFatal ?? (() => {}));
    // One PGlite session behind a pool of one: a transaction holds the only
    // connection, so concurrent transactions queue instead of interleaving.
    makePool = () => new pg.Pool({ ...createPgConfig(opened.pglite), max: 1, idleTimeoutMillis: 0 });
    closeEngine = opened.close;
    pglite = opened.pglite;
    makeListener = (appPool) =>
      pgliteListener(opened.pglite, async (statement) => {
        await appPool.query(statement);
      });
  } else {
    const url = config.url;
    makePool = (asAppRole = false) =>
      new pg.Pool({
        connectionString: url,
        max: 10,
        connectionTimeoutMillis: 5000,
        // Set at connection start: no query can ever run as the owner on these connections.
        ...(asAppRole ? { options: `-c role=${APP_ROLE}` } : {}),
      });
    makeListener = () =>
      postgresListener({
        connectionString: url,
        connectionTimeoutMillis: 5000,
        application_name: "workshift-listen",
        options: `-c role=${APP_ROLE}`,
      });
  }

  // The owner's connection: migrations only, then closed.
  const ownerPool = makePool();
  let applied: string[] = [];
  try {
    try {
      await ownerPool.query("select 1");
    } catch (error) {
      throw config.kind === "postgres" ? describeConnectError(config.url, error) : error;
    }
    if (options.migrate !== false) applied = await runMigrations(ownerPool, readMigrations(migrationsDir));
    await ownerPool.query(`set role ${APP_ROLE}; reset role`).catch((error: Error) => {
      throw new ConfigError(
        `The database user cannot act as role ${APP_ROLE} (${error.message}); grant it with: GRANT ${APP_ROLE} TO <user>.`,
      );
    });
  } catch (error) {
    await ownerPool.end().catch(() => undefined);
    await closeEngine();
    throw error;
  }
  await ownerPool.end();

  const appPool = makePool(true);
  appPool.on("connect", (client) => {
    // Queued before any other query on this client, so nothing runs as the owner.
    client.query(`set role ${APP_ROLE}`).catch(() => client.release(new Error("set role failed")));
  });
  appPool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: appPool }) });
  const listener = makeListener(appPool);

  return {
    kind: config.kind,
    pglite,
    db,
    applied,
    async ping() {
      await sql`select 1`.execute(db);
    },
    listen: (channel, onPayload, events) => listener.listen(channel, onPayload, events),
    async close() {
      await listener.close();
      await db.destroy();
      await closeEngine();
    },
  };
}
