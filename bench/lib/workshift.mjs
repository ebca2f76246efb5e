import { randomBytes } from "node:crypto";
import { getFreePort, isLoopbackHost, LOOPBACK, waitFor200 } from "./http.mjs";
import { serverMain } from "./paths.mjs";
import { spawnNode } from "./process.mjs";
import { now } from "./time.mjs";

/** Variables of the bench's own environment that would change what the server does; never passed on. */
const SERVER_VARIABLES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "WEB_DIST",
  "NODE_ENV",
  "APP_SECRET",
  "LOG_LEVEL",
];

const READY_LINE = /^Workshift is ready at http:\/\/localhost:(\d+) \((.*)\)\.$/;
const STOPPED_LINE = "Workshift stopped.";

export class PortInUseError extends Error {
  name = "PortInUseError";
  code = "EADDRINUSE";
}

/**
 * Starts `node server/dist/main.js` on a free loopback port and waits until
 * GET /api/health answers 200 (polled every `pollMs`).
 *
 * Options: exactly one of `dataDir` (embedded PGlite) or `databaseUrl` (PostgreSQL,
 * loopback only); `env` adds/overrides variables; `retries` is how many times
 * to try again on another port if the chosen one was taken meanwhile (keep 0
 * when a failed attempt would spoil the measurement, e.g. a cold start).
 *
 * Returns a WorkshiftServer; `startMs` is spawn → first 200 from /api/health.
 */
export async function startWorkshift({
  dataDir,
  databaseUrl,
  env = {},
  timeoutMs = 60_000,
  pollMs = 25,
  retries = 2,
  signal,
}) {
  if ((dataDir === undefined) === (databaseUrl === undefined)) {
    throw new Error("startWorkshift needs exactly one of dataDir or databaseUrl");
  }
  if (databaseUrl !== undefined && !isLoopbackHost(new URL(databaseUrl).hostname)) {
    throw new Error(`the bench only uses loopback databases, not ${new URL(databaseUrl).hostname}`);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOnce({ dataDir, databaseUrl, env, timeoutMs, pollMs, signal });
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= retries) throw error;
    }
  }
}

async function startOnce({ dataDir, databaseUrl, env, timeoutMs, pollMs, signal }) {
  signal?.throwIfAborted();
  const port = await getFreePort();
  const childEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete childEnv[name];
  Object.assign(
    childEnv,
    {
      PORT: String(port),
      HOST: LOOPBACK,
      // Measure the configuration that gets deployed; a throwaway secret is enough.
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      // Production refuses to start without message delivery; the benchmarks send nothing, so a
      // loopback SMTP address that nobody listens on satisfies it without leaving the machine.
      SMTP_URL: "smtp://127.0.0.1:9",
      SMTP_FROM: "Workshift bench <bench@example.com>",
      LOG_LEVEL: "warn",
    },
    dataDir !== undefined ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl },
    env,
  );

  const startedAt = now();
  const child = spawnNode("workshift server", serverMain, { env: childEnv });
  const server = new WorkshiftServer(child, port);
  try {
    const healthyAt = await waitFor200(`${server.baseUrl}/api/health`, {
      timeoutMs,
      intervalMs: pollMs,
      child,
      signal,
    });
    server.startMs = healthyAt - startedAt;
    // By now the ready line has been printed; check it says what we expect.
    const [, readyPort, where] = await child.waitForLine(READY_LINE, 2_000);
    if (Number(readyPort) !== port) {
      throw new Error(`the server says it is ready on port ${readyPort}, but it was started with PORT=${port}`);
    }
    server.where = where;
    return server;
  } catch (error) {
    await server.stop();
    if (child.stderrTail.some((line) => /already in use/i.test(line))) {
      throw new PortInUseError(`port ${port} was taken before the server could listen on it`);
    }
    throw error;
  }
}

/** A running Workshift server started by startWorkshift. */
export class WorkshiftServer {
  constructor(child, port) {
    this.child = child;
    this.port = port;
    this.baseUrl = `http://${LOOPBACK}:${port}`;
    /** Spawn → first 200 from /api/health, in ms. */
    this.startMs = null;
    /** What the ready line says it uses, e.g. "embedded database in /tmp/x" or "PostgreSQL". */
    this.where = null;
    this.stopResult = null;
  }

  get running() {
    return this.child.running;
  }

  /**
   * SIGTERM, then waits for the exit (SIGKILL after `graceMs`). Never throws;
   * the result says whether the stop was clean (exit 0 after "Workshift stopped.").
   * Calling it again returns the first result.
   */
  async stop({ graceMs = 15_000 } = {}) {
    this.stopping ??= this.child.stop({ graceMs }).then((info) => {
      const printedStopped = this.child.stdoutLines.includes(STOPPED_LINE);
      this.stopResult = { ...info, clean: info.code === 0 && !info.forced && printedStopped };
      return this.stopResult;
    });
    return this.stopping;
  }

  /** Like stop(), but throws unless the server stopped cleanly. */
  async stopCleanly(options) {
    const result = await this.stop(options);
    if (!result.clean) {
      const how = result.forced ? "it had to be killed after SIGTERM" : this.child.describeExit();
      throw new Error(`the server did not stop cleanly: ${how}`);
    }
    return result;
  }
}
