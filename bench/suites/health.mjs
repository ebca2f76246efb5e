import { waitFor200 } from "../lib/http.mjs";
import { assertHealthyLoad, measureRps } from "../lib/load.mjs";
import { helloServerScript } from "../lib/paths.mjs";
import { median } from "../lib/stats.mjs";

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 5;
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS) || 2;

/**
 * Throughput of GET /api/health on the real server, relative to a bare
 * Fastify hello-world in its own process on the same machine, in the same run.
 * Both are loaded alternately (hello, health, hello, health), each run after a
 * 1 s warm-up, same connections and duration; the ratio is of the medians.
 */
export default {
  name: "health",
  requires: ["server"],
  timeoutMs: 180_000,
  rows: [
    { name: "health.rps_ratio", unit: "ratio", min: 0.7 },
    { name: "health.rps", unit: "req/s" },
    { name: "hello.rps", unit: "req/s" },
  ],

  async run(ctx) {
    const server = await ctx.startServer({ dataDir: await ctx.freshDataDir() });
    const hello = await startHelloServer(ctx);
    const targets = [
      { label: "hello", url: `${hello}/`, runs: [] },
      { label: "health", url: `${server.baseUrl}/api/health`, runs: [] },
    ];

    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const options = { connections: CONNECTIONS, signal: ctx.signal };
        await measureRps(target.url, { ...options, seconds: WARMUP_SECONDS });
        const result = await measureRps(target.url, { ...options, seconds: SECONDS });
        assertHealthyLoad(`${target.label} round ${round}`, result);
        target.runs.push(result.rps);
        ctx.log(`${target.label} round ${round}/${ROUNDS}: ${Math.round(result.rps)} req/s`);
      }
    }

    const [helloRps, healthRps] = targets.map((target) => median(target.runs));
    const runs = (target) => `runs ${target.runs.map(Math.round).join(", ")}`;
    const setup = `${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} after ${WARMUP_SECONDS} s warm-up`;
    ctx.record("hello.rps", helloRps, `${runs(targets[0])} (${setup})`);
    ctx.record("health.rps", healthRps, runs(targets[1]));
    ctx.record("health.rps_ratio", healthRps / helloRps);
  },
};

/** Starts bench/lib/hello-server.mjs and returns its base URL; it is stopped when the suite ends. */
async function startHelloServer(ctx) {
  const child = await ctx.spawnNode("hello-server", helloServerScript, {
    env: { ...process.env, NODE_ENV: "production" },
  });
  const [, port] = await child.waitForLine(/^hello-server listening on (\d+)$/, 15_000);
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/`, { timeoutMs: 5_000, child, signal: ctx.signal });
  return url;
}
