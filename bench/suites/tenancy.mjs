import { createTempDatabase } from "../lib/postgres.mjs";
import { boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { median } from "../lib/stats.mjs";
import { seedOtherOrganizations } from "../lib/tenant-noise.mjs";
import { now } from "../lib/time.mjs";
import { decodeWeek } from "../lib/week-wire.mjs";
import { BROWSER_ACCEPT_ENCODING } from "../lib/wire.mjs";
import { call } from "./schedule.mjs";
import { devEnv, percentile, signUpOwner } from "./users.mjs";

const SIZE = boardSize(2000);
const OTHER_ORGANIZATIONS = 10_000;
const PEOPLE_PER_OTHER = 8;
/** Fewer than the week rows' 200: with the others, one week has taken seconds (see docs/benchmarks.md). */
const REQUESTS = 100;
const WARMUP_REQUESTS = 10;

/**
 * Whether a tenant pays for the others: the same 2,000-person board (12,000
 * shifts, seeded alike) in two PostgreSQL databases, one holding only its
 * organization and one also holding 10,000 other organizations (each a board,
 * 8 people, 96 published shifts over the week and the one before, 40 time
 * entries: about 960,000 shifts and 400,000 entries in all). Two servers; the
 * week is asked of each in turn, one request at a time, so both see the same
 * moments of a busy machine.
 * - tenancy.noise_ratio: p95 with the others over p95 alone (100 each after 10 warm-up).
 */
export default {
  name: "tenancy",
  requires: ["server"],
  timeoutMs: 1_200_000,
  rows: [{ name: "tenancy.noise_ratio", unit: "ratio", max: 1.1 }],

  async run(ctx) {
    const alone = await createTempDatabase({ ctx });
    const crowded = await createTempDatabase({ ctx });
    const aloneServer = await ctx.startServer({ databaseUrl: alone.url, env: devEnv });
    const crowdedServer = await ctx.startServer({ databaseUrl: crowded.url, env: devEnv });
    const started = now();
    const others = await seedOtherOrganizations(crowded.url, {
      organizations: OTHER_ORGANIZATIONS,
      people: PEOPLE_PER_OTHER,
      week: WEEK,
    });
    ctx.log(
      `other organizations: ${others.organizations}, ${others.people} people, ${others.shifts} shifts, ` +
        `${others.timeEntries} time entries, seeded in ${Math.round((now() - started) / 1000)} s`,
    );

    const boards = [];
    for (const [label, server, url] of [
      ["alone", aloneServer, alone.url],
      ["with others", crowdedServer, crowded.url],
    ]) {
      const owner = await signUpOwner(server.baseUrl, "Bench Tenant");
      const seeded = await seedSchedule(url, owner, SIZE);
      const path = `/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`;
      const get = () =>
        call(server.baseUrl, path, { token: owner.token, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
      const first = await decodeWeek((await get()).body);
      if (first.shifts.length !== SIZE.shifts) {
        throw new Error(`${label}: the week shows ${first.shifts.length} shifts`);
      }
      boards.push({ label, get, times: [] });
    }

    for (let i = 0; i < WARMUP_REQUESTS + REQUESTS; i++) {
      // Alternate who goes first, so neither always follows the other's answer.
      const order = i % 2 === 0 ? boards : [...boards].reverse();
      for (const board of order) {
        ctx.signal.throwIfAborted();
        const { elapsed } = await board.get();
        if (i >= WARMUP_REQUESTS) board.times.push(elapsed);
      }
    }
    const [lone, crowd] = boards;
    const summary = (board) =>
      `${board.label}: p95 ${percentile(board.times, 95).toFixed(1)} ms, median ${median(board.times).toFixed(1)} ms`;
    ctx.record(
      "tenancy.noise_ratio",
      percentile(crowd.times, 95) / percentile(lone.times, 95),
      `${summary(crowd)}; ${summary(lone)}; ${SIZE.shifts} shifts, ${SIZE.people} people; ` +
        `others: ${others.organizations} organizations, ${others.shifts} shifts, ${others.timeEntries} time entries`,
    );
  },
};
