// What each layer of the server's middleware costs GET /api/health in
// requests per second. Run after `npm ci` (it imports the server's TypeScript
// through tsx, no build needed):
//
//   node --import tsx bench/profile/middleware-layers.mjs
//
// Each variant is an app built in its own process from the server's own
// modules, adding one layer at a time in app.ts's order, up to buildApp
// itself (with and without metrics); the variants are loaded in turn with
// autocannon (10 connections, BENCH_LOAD_SECONDS each after a 1 s warm-up,
// BENCH_LOAD_ROUNDS rounds) and compared by their median requests/s.
// The database is a stub whose ping answers at once: health's own check is
// cached for a second anyway. Nothing here runs in the product.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { assertHealthyLoad, measureRps } from "../lib/load.mjs";
import { median } from "../lib/stats.mjs";

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 5;
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS) || 2;

/** Layers in app.ts's order; each variant has every layer up to its own. */
const LAYERS = [
  "hello",
  "health-route",
  "logger",
  "request-id",
  "x-request-id-header",
  "security-headers",
  "cache-control",
  "compression",
  "route-access",
  "build-app",
  "build-app+metrics",
];

async function buildVariant(layer) {
  const upTo = LAYERS.indexOf(layer);
  const has = (name) => LAYERS.indexOf(name) <= upTo;
  const { default: Fastify } = await import("fastify");
  const ping = async () => {};
  if (has("build-app")) {
    const { buildApp } = await import("../../server/src/app.ts");
    const { loadConfig } = await import("../../server/src/config.ts");
    return buildApp({
      config: loadConfig({ NODE_ENV: "test", WEB_DIST: "", LOG_LEVEL: "warn" }),
      database: { db: {}, ping },
      metrics: layer === "build-app+metrics",
    });
  }
  if (layer === "hello") {
    const app = Fastify();
    app.get("/api/health", async () => ({ hello: "world" }));
    return app;
  }
  const { serializerCompiler, validatorCompiler } = await import("fastify-type-provider-zod");
  const { loggerOptions } = await import("../../server/src/lib/http/logging.ts");
  const { requestIds } = await import("../../server/src/lib/http/request-id.ts");
  const app = Fastify({
    ...(has("logger") ? { logger: loggerOptions("warn") } : {}),
    ...(has("request-id") ? { requestIdHeader: false, genReqId: requestIds() } : {}),
    trustProxy: (_address, hop) => hop < 0,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (has("x-request-id-header")) {
    let stopping = false;
    app.addHook("preClose", async () => {
      stopping = true;
    });
    app.addHook("onSend", (request, reply, _payload, done) => {
      reply.header("x-request-id", request.id);
      if (stopping) reply.header("connection", "close");
      done();
    });
    const { installErrorHandling } = await import("../../server/src/lib/http/errors.ts");
    installErrorHandling(app);
  }
  if (has("security-headers")) (await import("../../server/src/lib/http/security.ts")).installSecurityHeaders(app);
  if (has("cache-control")) (await import("../../server/src/lib/http/cache-control.ts")).installCacheControl(app);
  if (has("compression")) await (await import("../../server/src/lib/http/compression.ts")).installCompression(app);
  if (has("route-access")) {
    const { installRouteAccess } = await import("../../server/src/lib/access/route-access.ts");
    const { installPersonIdAnswers } = await import("../../server/src/lib/access/person-ids.ts");
    installRouteAccess(app, new Uint8Array(32));
    installPersonIdAnswers(app);
  }
  const { healthRoutes } = await import("../../server/src/health/routes.ts");
  healthRoutes(app, ping);
  return app;
}

/** Child: build one variant, listen on a free loopback port, say where, stop when told. */
async function serve(layer) {
  const app = await buildVariant(layer);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send({ port: app.server.address().port });
  process.on("disconnect", () => app.close().then(() => process.exit(0)));
}

async function startVariant(layer) {
  const child = fork(fileURLToPath(import.meta.url), [layer], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("exit", (code) => reject(new Error(`${layer} exited with ${code}`)));
  });
  return { layer, url: `http://127.0.0.1:${port}/api/health`, child, runs: [] };
}

async function main() {
  const variants = [];
  for (const layer of LAYERS) variants.push(await startVariant(layer));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const variant of variants) {
        await measureRps(variant.url, { connections: CONNECTIONS, seconds: 1 });
        const result = await measureRps(variant.url, { connections: CONNECTIONS, seconds: SECONDS });
        assertHealthyLoad(variant.layer, result);
        variant.runs.push(result.rps);
        process.stderr.write(`${variant.layer} round ${round}: ${Math.round(result.rps)} req/s\n`);
      }
    }
  } finally {
    for (const variant of variants) variant.child.disconnect();
  }
  const hello = median(variants[0].runs);
  let previous = hello;
  process.stdout.write(
    "| layer added | req/s | of hello | cost of this layer (% of hello's req/s) |\n|---|---|---|---|\n",
  );
  for (const variant of variants) {
    const rps = median(variant.runs);
    const cost = ((previous - rps) / hello) * 100;
    process.stdout.write(
      `| ${variant.layer} | ${Math.round(rps)} | ${(rps / hello).toFixed(2)} | ${variant === variants[0] ? "" : cost.toFixed(1)} |\n`,
    );
    previous = rps;
  }
}

const layer = process.argv[2];
if (layer) await serve(layer);
else await main();
