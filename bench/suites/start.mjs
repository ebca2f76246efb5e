import { median } from "../lib/stats.mjs";
import { PortInUseError } from "../lib/workshift.mjs";

const WARM_STARTS = 3;

/**
 * Start-up time: spawn `node server/dist/main.js` → first 200 from /api/health
 * (polled every 25 ms). Cold: a brand-new empty DATA_DIR (initdb + migrations).
 * Warm: the same DATA_DIR again after a clean stop, median of 3.
 */
export default {
  name: "start",
  requires: ["server"],
  timeoutMs: 180_000,
  rows: [
    { name: "start.cold_ms", unit: "ms", max: 8000 },
    { name: "start.warm_ms", unit: "ms", max: 2500 },
  ],

  async run(ctx) {
    const { dataDir, startMs: cold } = await coldStart(ctx);
    ctx.record("start.cold_ms", cold);
    ctx.log(`cold start ${Math.round(cold)} ms`);

    const warm = [];
    for (let i = 0; i < WARM_STARTS; i++) {
      const server = await ctx.startServer({ dataDir });
      warm.push(server.startMs);
      await server.stopCleanly(); // the next start needs the DATA_DIR lock free
      ctx.log(`warm start ${i + 1}/${WARM_STARTS}: ${Math.round(server.startMs)} ms`);
    }
    ctx.record("start.warm_ms", median(warm), `median of ${warm.map(Math.round).join(", ")} ms`);
  },
};

/** One cold start; if the chosen port was taken meanwhile, tries again in another brand-new folder. */
async function coldStart(ctx) {
  for (let attempt = 1; ; attempt++) {
    const dataDir = await ctx.tempDir("cold");
    try {
      const server = await ctx.startServer({ dataDir, retries: 0 });
      await server.stopCleanly();
      return { dataDir, startMs: server.startMs };
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= 3) throw error;
    }
  }
}
