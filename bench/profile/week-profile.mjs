// Where the 2,000-person week's time goes on the server. Run after `npm run build`, as root
// (it reads PostgreSQL's log), on a machine doing nothing else:
//
//   node bench/profile/week-profile.mjs [--others] [out-dir]
//
// With --others the database first gets the tenancy suite's 10,000 other
// organizations (tenant-noise.mjs), as tenancy.noise_ratio measures.
//
// Seeds the schedule-2k board in a throwaway database whose sessions load
// auto_explain (every statement of 2 ms or more logged with its plan, timed),
// publishes the week, then asks for it once uncached and 50 times as the
// browser does, with the server profiled (cpu-profile.cjs). Prints the week's
// statements' plans from PostgreSQL's log and the profile's heaviest
// functions by self time; the .cpuprofile stays in out-dir (open it in
// Chrome DevTools or speedscope). Nothing here runs in the product.
import { readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { seedOtherOrganizations } from "../lib/tenant-noise.mjs";
import { BROWSER_ACCEPT_ENCODING } from "../lib/wire.mjs";
import { startWorkshift } from "../lib/workshift.mjs";
import { call } from "../suites/schedule.mjs";
import { devEnv, signUpOwner } from "../suites/users.mjs";
import { printSelfTime } from "./self-time.mjs";

const PG_LOG = process.env.BENCH_PG_LOG || "/var/log/postgresql/postgresql-15-main.log";
const args = process.argv.slice(2);
const withOthers = args.includes("--others");
const outDir = args.find((arg) => !arg.startsWith("--")) ?? (await mkdtemp(path.join(os.tmpdir(), "week-profile-")));

await mkdir(outDir, { recursive: true });
const db = await createTempDatabase();
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query(`alter database "${db.name}" set session_preload_libraries = 'auto_explain'`);
for (const [name, value] of [
  ["log_min_duration", "2"],
  ["log_analyze", "on"],
  ["log_buffers", "on"],
  ["log_timing", "on"],
  ["log_nested_statements", "on"],
]) {
  await admin.query(`alter database "${db.name}" set auto_explain.${name} = '${value}'`);
}
await admin.end();

const server = await startWorkshift({
  databaseUrl: db.url,
  env: {
    ...devEnv,
    NODE_OPTIONS: `--require ${fileURLToPath(new URL("cpu-profile.cjs", import.meta.url))}`,
    CPU_PROFILE_DIR: outDir,
  },
});
try {
  if (withOthers) await seedOtherOrganizations(db.url, { organizations: 10_000, people: 8, week: WEEK });
  const owner = await signUpOwner(server.baseUrl, "Profile");
  const seeded = await seedSchedule(db.url, owner, boardSize(2000));
  const api = (p, options = {}) => call(server.baseUrl, p, { token: owner.token, ...options });
  await api("/api/schedule/publish", { method: "POST", json: { board: seeded.boardId, date: WEEK } });
  const logFrom = statSync(PG_LOG).size;
  const week = `/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`;
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const first = await api(week, { headers });
  const times = [];
  const repeats = withOthers ? 5 : 50;
  for (let i = 0; i < repeats; i++) times.push((await api(week, { headers })).elapsed);
  times.sort((a, b) => a - b);
  process.stdout.write(
    `uncached ${first.elapsed.toFixed(0)} ms; cached: median ${times[repeats >> 1].toFixed(0)} ms, max ${times[repeats - 1].toFixed(0)} ms\n\n`,
  );
  const log = readFileSync(PG_LOG).subarray(logFrom).toString();
  const plans = log.split(/\n(?=\S+ \S+ UTC \[\d+\] )/).filter((entry) => entry.includes("duration:"));
  process.stdout.write(`${plans.length} statements of 2 ms or more in PostgreSQL's log:\n\n${plans.join("\n\n")}\n`);
} finally {
  await server.stop();
  await db.drop();
}

printSelfTime(outDir);
