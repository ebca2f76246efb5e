// Where the 2,000-person period's time goes on the server, kept and counted. Run after
// `npm run build` (take the bench lock):
//
//   node bench/profile/timesheet-profile.mjs [out-dir]
//
// Seeds timesheet-2k's period in a throwaway database, then, with the server
// profiled (cpu-profile.cjs), asks for the page's first request (40 people and
// everyone's totals) and the whole period, each after a change to one entry
// (counted afresh) and then kept. Prints the times and the profile's heaviest
// functions by self time. Nothing here runs in the product.

import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { BIG_PEOPLE } from "../lib/big.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { DATE, seedPeriod } from "../lib/timesheet-seed.mjs";
import { BROWSER_ACCEPT_ENCODING } from "../lib/wire.mjs";
import { startWorkshift } from "../lib/workshift.mjs";
import { call } from "../suites/schedule.mjs";
import { devEnv, signUpOwner } from "../suites/users.mjs";
import { printSelfTime } from "./self-time.mjs";

const outDir = process.argv[2] ?? (await mkdtemp(path.join(os.tmpdir(), "timesheet-profile-")));
await mkdir(outDir, { recursive: true });
const db = await createTempDatabase();
const server = await startWorkshift({
  databaseUrl: db.url,
  env: {
    ...devEnv,
    NODE_OPTIONS: `--require ${fileURLToPath(new URL("cpu-profile.cjs", import.meta.url))}`,
    CPU_PROFILE_DIR: outDir,
  },
});
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
try {
  const owner = await signUpOwner(server.baseUrl, "Profile");
  await seedPeriod(db.url, owner.organizationId, owner.userId, { people: BIG_PEOPLE });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const touch = () =>
    client.query(
      `update time_entries set note = coalesce(note, '') || '.' where id = (
         select id from time_entries where organization_id = $1 order by clock_in_at limit 1)`,
      [owner.organizationId],
    );
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const api = (p) => call(server.baseUrl, p, { token: owner.token, headers });
  const base = `/api/time-clock/boards/all/timesheets?date=${DATE}`;
  for (const [what, p, repeats] of [
    ["first page", `${base}&limit=40`, 10],
    ["whole period", base, 5],
  ]) {
    const changed = [];
    const kept = [];
    for (let i = 0; i < 3; i++) {
      await touch();
      changed.push((await api(p)).elapsed);
      for (let j = 0; j < repeats; j++) kept.push((await api(p)).elapsed);
    }
    process.stdout.write(
      `${what}: after a change ${changed.map(Math.round).join(", ")} ms; kept: median ${Math.round(median(kept))} ms (${kept.length})\n`,
    );
  }
  await client.end();
} finally {
  await server.stop();
  await db.drop();
}

printSelfTime(outDir);
