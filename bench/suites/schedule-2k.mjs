import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createTempDatabase } from "../lib/postgres.mjs";
import { boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { weekDecoder } from "../lib/week-wire.mjs";
import { BROWSER_ACCEPT_ENCODING, wireSize } from "../lib/wire.mjs";
import { call, measureMoves, measurePublishAndCopy, measureWeek } from "./schedule.mjs";
import { devEnv, request, signUpOwner } from "./users.mjs";

/** 2,000 people × 6 days = 12,000 shifts: four times the schedule suite's board. */
const SIZE = boardSize(2000);
const KB = 1024;

/**
 * The schedule suite's server rows at four times the size, measured the same
 * way (see schedule.mjs): one board of 2,000 people with 12,000 shifts in the
 * week, PostgreSQL. The week is asked for as a browser asks (Accept-Encoding
 * with br and gzip), so its time includes the compression the server does.
 * - schedule.week_wire_kb_2k: the week's answer on the wire (compressed body bytes).
 */
export default {
  name: "schedule-2k",
  requires: ["server"],
  timeoutMs: 600_000,
  rows: [
    { name: "schedule.week_api_p95_ms_2k", unit: "ms", max: 150 },
    { name: "schedule.week_wire_kb_2k", unit: "KB", max: 400 },
    { name: "schedule.move_roundtrip_p95_ms_2k", unit: "ms", max: 60 },
    { name: "schedule.publish_ms_2k", unit: "ms", max: 4000 },
    { name: "schedule.copy_week_ms_2k", unit: "ms", max: 3000 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Schedule 2k");
    const started = now();
    const seeded = await seedSchedule(url, owner, SIZE);
    ctx.log(`board of ${SIZE.people} people with ${SIZE.shifts} shifts seeded in ${Math.round(now() - started)} ms`);
    const api = (path, options = {}) => call(server.baseUrl, path, { token: owner.token, ...options });

    await measurePublishAndCopy(ctx, api, seeded);
    await measureWeek(ctx, api, seeded, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
    await measureWire(ctx, server, owner, seeded);
    await measureMoves(ctx, api, seeded);
  },
};

/**
 * The week's compressed size as the browser receives it, and (for the note)
 * its plain size and what writing and reading it costs: compressing the same
 * text here as the server does (brotli quality 1, gzip level 1) and parsing it.
 */
async function measureWire(ctx, server, owner, seeded) {
  const url = `${server.baseUrl}/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`;
  const wire = await wireSize(url, { token: owner.token });
  if (wire.status !== 200) throw new Error(`the week answered ${wire.status}`);
  const plain = await request(server.baseUrl, `/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`, {
    token: owner.token,
    headers: { "accept-encoding": "identity" },
  });
  const text = plain.text;
  const timed = (fn) => {
    const times = [];
    let result;
    for (let i = 0; i < 5; i++) {
      const started = now();
      result = fn();
      times.push(now() - started);
    }
    return { ms: median(times), result };
  };
  const br = timed(() => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }));
  // Whether the compact text changes the best level (compression.ts): the next qualities, for the note.
  const br4 = timed(() => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  const gz = timed(() => gzipSync(text, { level: 1 }));
  const parse = timed(() => JSON.parse(text));
  const body = parse.result;
  const decodeWeek = await weekDecoder();
  const decode = timed(() => decodeWeek(body));
  const parts = ["people", "shifts", "nearby_shifts", "requests", "time_off", "availability", "jobs"]
    .map((key) => `${key} ${(JSON.stringify(body[key]).length / KB).toFixed(0)}`)
    .join(", ");
  ctx.record(
    "schedule.week_wire_kb_2k",
    wire.bytes / KB,
    `${wire.encoding}; ${(Buffer.byteLength(text) / KB).toFixed(0)} KB of JSON (${parts} KB); ` +
      `brotli q1 ${(br.result.length / KB).toFixed(0)} KB in ${br.ms.toFixed(0)} ms, q4 ${(br4.result.length / KB).toFixed(0)} KB in ${br4.ms.toFixed(0)} ms, gzip 1 ${(gz.result.length / KB).toFixed(0)} KB in ${gz.ms.toFixed(0)} ms, JSON.parse ${parse.ms.toFixed(0)} ms, decodeWeek ${decode.ms.toFixed(0)} ms (here, medians of 5)`,
  );
}
