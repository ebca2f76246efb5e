import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { backupRoute } from "./backup/backup-route.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createProviders } from "./delivery/providers.ts";
import { createDeliveryWorker } from "./delivery/worker.ts";
import { createLifecycle } from "./health/lifecycle.ts";
import { openDatabase } from "./lib/db/database.ts";
import { metricsRoute } from "./ops/metrics-route.ts";
import { type OpsServer, startOpsServer } from "./ops/ops-server.ts";

/** A configuration problem is one clear line, never a stack trace. */
function fail(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`workshift: ${error.message}\n`);
  } else {
    process.stderr.write(
      `workshift: start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}

/** Fails fast on a taken port, before the database start-up that may take seconds. */
function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, variable = "PORT"): Error {
  if (error.code === "EADDRINUSE") {
    return new ConfigError(`Port ${port} is already in use; stop what uses it or start with another ${variable}.`);
  }
  if (error.code === "EACCES") {
    return new ConfigError(`Port ${port} needs more privileges; choose a ${variable} above 1023.`);
  }
  return error;
}

async function start(): Promise<void> {
  const config = loadConfig();
  await checkPortFree(config.port, config.host);
  const database = await openDatabase(config.database, {
    onFatal: (error) => {
      process.stderr.write(`workshift: lost the lock on DATA_DIR (${error.message}); stopping.\n`);
      process.exit(1);
    },
  });
  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    database,
    delivery: { wake: () => delivery.wake() },
    lifecycle,
    metrics: config.metrics !== null,
    readMaxLagMs: config.database.kind === "postgres" ? config.database.readMaxLagMs : undefined,
  });
  const delivery = createDeliveryWorker({
    db: database.db,
    providers: createProviders(config),
    scrub: config.env === "production",
    log: app.log.child({ component: "delivery" }),
  });

  let ops: OpsServer | null = null;
  closeWithGrace({ delay: config.shutdownDrainMs + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "stopping after an uncaught error");
    else app.log.info({ signal, drainMs: config.shutdownDrainMs }, "stopping");
    // Readiness answers 503 from now on while the server still serves, so a
    // load balancer stops sending before the listener closes.
    lifecycle.drain();
    if (signal && config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
    // Stops accepting and lets requests in flight finish, while the worker
    // finishes its batch (deliveries past its grace are retried at the next start).
    await Promise.all([app.close(), delivery.stop()]);
    await ops?.close();
    await database.close();
    process.stdout.write("Workshift stopped.\n");
  });

  if (config.metrics && app.metrics) {
    const { host, port, token } = config.metrics;
    try {
      ops = await startOpsServer({
        host,
        port,
        token,
        log: app.log.child({ component: "ops" }),
        routes: [
          metricsRoute(app.metrics.registry),
          ...(config.backupToken
            ? [(ops: FastifyInstance) => backupRoute(ops, { database, token: config.backupToken as string })]
            : []),
        ],
      });
    } catch (error) {
      await database.close();
      throw listenError(error as NodeJS.ErrnoException, port, "METRICS_PORT");
    }
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await ops?.close();
    await database.close();
    throw listenError(error as NodeJS.ErrnoException, config.port);
  }
  delivery.start();

  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const where = config.database.kind === "pglite" ? `embedded database in ${config.database.dataDir}` : "PostgreSQL";
  process.stdout.write(`Workshift is ready at http://localhost:${port} (${where}).\n`);
  if (ops) process.stdout.write(`Metrics at ${ops.url}/metrics.\n`);
  if (config.env !== "production") {
    process.stdout.write(
      `In development, sign-in codes appear on this console and at http://localhost:${port}/api/dev/outbox.\n`,
    );
  }
}

start().catch(fail);
