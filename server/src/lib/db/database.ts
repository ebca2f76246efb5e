import type { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { ConfigError, type DatabaseConfig } from "../../config.ts";
import { migrationsDir } from "../../paths.ts";
import { APP_ROLE } from "./app-role.ts";
import { boundedPing } from "./bounded-ping.ts";
import { type Listener, pgliteListener, postgresListener } from "./listen.ts";
import { type LoginStanding, loginProblem, memberLoginQuery } from "./member-login.ts";
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
  /** The same over a streaming replica (DATABASE_READ_URL), for heavy reads; null without one. */
  replica: Db | null;
  /** The replica could not be reached at start, so its login is still to be checked before it serves. */
  replicaLoginUnchecked?: boolean;
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
  /** The connection pools queries use, by name, for metrics (its gauges read their counts). */
  pools(): Array<{ name: string; pool: pg.Pool }>;
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

/**
 * A pool whose connections run as the application role. Through a pooler in
 * transaction mode (or on a replica) a session's state cannot be trusted to
 * follow our client, so such a URL must log in as a plain member of the app
 * role (checked by `checkMemberLogin`) and no startup options are sent, which
 * PgBouncer would refuse.
 */
function memberPool(url: string, size: number, queryTimeoutMs?: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: 5000,
    onConnect: becomeAppRole,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
  });
}

/** Longer than any heavy read takes (a 2,000-person export is a few seconds). */
const REPLICA_QUERY_TIMEOUT_MS = 60_000;

/**
 * Runs before a new connection is handed out (pg-pool awaits it): a
 * connection that cannot take the app role is closed and its first query
 * fails, so nothing ever runs as the login it came in with.
 */
async function becomeAppRole(client: pg.ClientBase): Promise<void> {
  await client.query(`set role ${APP_ROLE}`);
}

/**
 * Refuses a pooled or replica login that could see past row-level security
 * (`loginProblem`). A database that cannot be reached is refused for
 * DATABASE_POOL_URL; for the optional replica it is not (`optional`): the
 * server starts, its reads go to the primary, and the replica is checked
 * again each time it is looked at (replica-reads.ts).
 */
async function checkMemberLogin(url: string, variable: string, optional = false): Promise<boolean> {
  // A client of its own: the pool's connections take the app role first, which a wrong login cannot.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  let row: LoginStanding | undefined;
  try {
    await client.connect();
    ({
      rows: [row],
    } = await client.query<LoginStanding>(memberLoginQuery));
  } catch (error) {
    if (optional) return false;
    throw describeConnectError(variable, url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
  const problem = row ? loginProblem(row) : null;
  if (problem) {
    throw new ConfigError(
      `${variable} logs in as ${row?.login}, which ${problem}; log in there as a plain member of ${APP_ROLE} (see deploy/postgres/roles.sql).`,
    );
  }
  return true;
}

function describeConnectError(variable: string, url: string, error: unknown): ConfigError {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new ConfigError(
    `Cannot reach the database in ${variable} (${where}): ${reason}. Check that PostgreSQL runs there and the user and database exist.`,
  );
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  let makePool: PoolFactory;
  let closeEngine = async () => {};
  let makeListener: (appPool: pg.Pool) => Listener;
  let makeAppPool: () => Promise<pg.Pool> = async () => makePool(true);
  let makeReplicaPool: () => Promise<pg.Pool | null> = async () => null;
  let replicaLoginUnchecked = false;
  let pglite: PGlite | null = null;

  if (config.kind === "pglite") {
    const opened = options.pglite
      ? { pglite: options.pglite, close: () => options.pglite?.close() ?? Promise.resolve() }
      : await openPglite(config.dataDir, options.onFatal ?? (() => {}));
    // One PGlite session behind a pool of one: a transaction holds the only
    // connection, so concurrent transactions queue instead of interleaving.
    makePool = (asAppRole = false) =>
      new pg.Pool({
        ...createPgConfig(opened.pglite),
        max: 1,
        idleTimeoutMillis: 0,
        ...(asAppRole ? { onConnect: becomeAppRole } : {}),
      });
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
        max: config.poolSize ?? 10,
        connectionTimeoutMillis: 5000,
        // Set at connection start: no query can ever run as the owner on these connections.
        ...(asAppRole ? { options: `-c role=${APP_ROLE}`, onConnect: becomeAppRole } : {}),
      });
    makeListener = () =>
      postgresListener({
        connectionString: url,
        connectionTimeoutMillis: 5000,
        application_name: "workshift-listen",
        options: `-c role=${APP_ROLE}`,
      });
    const size = config.poolSize ?? 10;
    const { poolUrl, readUrl } = config;
    if (poolUrl !== undefined) {
      makeAppPool = async () => {
        await checkMemberLogin(poolUrl, "DATABASE_POOL_URL");
        return memberPool(poolUrl, size);
      };
    }
    if (readUrl !== undefined) {
      makeReplicaPool = async () => {
        replicaLoginUnchecked = !(await checkMemberLogin(readUrl, "DATABASE_READ_URL", true));
        // A replica that hangs mid-read must not hold the request: the error sends the read to the primary.
        return memberPool(readUrl, size, REPLICA_QUERY_TIMEOUT_MS);
      };
    }
  }

  // The owner's connection: migrations only, then closed.
  const ownerPool = makePool();
  let applied: string[] = [];
  try {
    try {
      await ownerPool.query("select 1");
    } catch (error) {
      throw config.kind === "postgres" ? describeConnectError("DATABASE_URL", config.url, error) : error;
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

  const appPool = await makeAppPool().catch(async (error) => {
    await closeEngine();
    throw error;
  });
  const replicaPool = await makeReplicaPool().catch(async (error) => {
    await appPool.end().catch(() => undefined);
    await closeEngine();
    throw error;
  });
  // PostgreSQL: probes ask on a connection of their own, the way queries go (through the pooler if
  // any), so an app pool busy with long exports is not taken for a database that is down. The
  // embedded database has one connection only; its probes queue with everything else.
  const pingPool =
    config.kind === "postgres"
      ? new pg.Pool({ connectionString: config.poolUrl ?? config.url, max: 1, connectionTimeoutMillis: 2000 })
      : null;
  pingPool?.on("error", () => undefined);
  const db = appDb(appPool);
  const replica = replicaPool ? appDb(replicaPool) : null;
  const listener = makeListener(appPool);

  return {
    kind: config.kind,
    pglite,
    db,
    replica,
    replicaLoginUnchecked,
    applied,
    ping: boundedPing(() =>
      pingPool ? pingPool.query("select 1").then(() => undefined) : sql`select 1`.execute(db).then(() => undefined),
    ),
    listen: (channel, onPayload, events) => listener.listen(channel, onPayload, events),
    pools: () => [{ name: "primary", pool: appPool }, ...(replicaPool ? [{ name: "replica", pool: replicaPool }] : [])],
    async close() {
      await listener.close();
      await Promise.all([db.destroy(), replica?.destroy(), pingPool?.end()]);
      await closeEngine();
    },
  };
}

/** Kysely over a pool whose connections became the app role (`becomeAppRole`). */
function appDb(pool: pg.Pool): Db {
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}
