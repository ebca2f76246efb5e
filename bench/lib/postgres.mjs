import { randomBytes } from "node:crypto";
import pg from "pg";
import { isLoopbackHost } from "./http.mjs";
import { withTimeout } from "./time.mjs";

/** Where throwaway databases are created from; BENCH_PG_ADMIN_URL overrides it (loopback only). */
export const defaultAdminUrl = process.env.BENCH_PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/test";

function adminClient(adminUrl) {
  const url = new URL(adminUrl);
  if (!isLoopbackHost(url.hostname)) {
    throw new Error(`the bench only uses a loopback PostgreSQL, not ${url.hostname}`);
  }
  return new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000, statement_timeout: 30_000 });
}

async function withAdmin(adminUrl, what, fn) {
  const client = adminClient(adminUrl);
  try {
    await withTimeout(client.connect(), 10_000, `connecting to ${redact(adminUrl)}`);
    return await withTimeout(fn(client), 60_000, what);
  } catch (error) {
    throw new Error(`${what} on ${redact(adminUrl)} failed: ${error.message}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL without its password, for messages. */
function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

/**
 * `createdb` for the bench: makes an empty database `bench_<random>` on the
 * loopback PostgreSQL reached through `adminUrl` (a user allowed to CREATE
 * DATABASE), and returns { name, url, drop }. `url` is `adminUrl` pointed at
 * the new database, for DATABASE_URL. `drop()` removes the database
 * (disconnecting whoever still uses it) and may be called more than once.
 *
 * With a SuiteContext as `ctx`, dropping is registered as a clean-up step:
 *   const { url } = await createTempDatabase({ ctx });
 *   const server = await ctx.startServer({ databaseUrl: url });
 * (the server, started later, is stopped before the database is dropped).
 */
export async function createTempDatabase({ adminUrl = defaultAdminUrl, ctx } = {}) {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`, (client) => client.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropping = null;
  const drop = () => {
    dropping ??= withAdmin(adminUrl, `DROP DATABASE ${name}`, async (client) => {
      const { rows } = await client.query("select current_setting('server_version_num')::int as version");
      if (rows[0].version >= 130000) {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } else {
        await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }
    });
    return dropping;
  };
  if (ctx) {
    try {
      ctx.defer(`drop database ${name}`, drop);
    } catch (error) {
      await drop(); // the suite ended meanwhile
      throw error;
    }
  }
  return { name, url: url.href, drop };
}
