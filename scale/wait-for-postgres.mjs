import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/**
 * Resolves once `url` accepts a connection and answers `select 1`. Throws
 * `describe(error)` when the process `child` exits first or `timeoutMs` passes.
 */
export async function waitForPostgres(url, { child, timeoutMs, describe }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!child.running || Date.now() > deadline) throw new Error(describe(error));
      await sleep(100);
    }
  }
}
