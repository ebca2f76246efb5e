import { boardShown } from "../lib/board-shown.mjs";
import { chromiumUnavailableReason } from "../lib/browser.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { addDays, boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { openSignedInPage } from "../lib/signed-in-page.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { decodeWeek } from "../lib/week-wire.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

/** 500 people × 6 days = 3,000 shifts. */
const SIZE = boardSize(500);
const WEEK_REQUESTS = 200;
const MOVE_REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const RENDER_RUNS = 5;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Shift scheduling at scale: one board of 500 people with 3,000
 * shifts in one week, on PostgreSQL, seeded straight into the database.
 * - schedule.week_api_p95_ms: GET the week, p95 of 200 requests one at a time.
 * - schedule.move_roundtrip_p95_ms: PATCH a shift to another day and (every
 *   other time) another person, as a drag-and-drop move saves it; p95 of 200.
 * - schedule.publish_ms: publish a whole week of 3,000 drafts (500 people
 *   told); median of 3 weeks.
 * - schedule.copy_week_ms: copy the 3,000 shifts into another week; median of 3.
 * - schedule.week_render_ms: headless Chromium at 1440×900, signed in, from
 *   navigation to the board showing its first screen of rows with shifts;
 *   median of 3 loads after one warm-up load (a returning manager).
 */
export default {
  name: "schedule",
  requires: ["server", "web"],
  timeoutMs: 300_000,
  rows: [
    { name: "schedule.week_api_p95_ms", unit: "ms", max: 100 },
    { name: "schedule.move_roundtrip_p95_ms", unit: "ms", max: 150 },
    { name: "schedule.publish_ms", unit: "ms", max: 2000 },
    { name: "schedule.copy_week_ms", unit: "ms", max: 2000 },
    { name: "schedule.week_render_ms", unit: "ms", max: 600 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Schedule");
    const seeded = await seedSchedule(url, owner, SIZE);
    ctx.log(`board of ${seeded.people.length} people with ${SIZE.shifts} shifts in the week of ${WEEK}`);
    const api = (path, options = {}) => call(server.baseUrl, path, { token: owner.token, ...options });

    // Publishing first leaves a published week to read, move (pending changes) and render, as boards mostly are.
    await measurePublishAndCopy(ctx, api, seeded);
    await measureWeek(ctx, api, seeded);
    await measureMoves(ctx, api, seeded);
    await measureRender(ctx, server, owner, seeded);
  },
};

/** A request that must answer `expect` (default 200); its JSON and how long it took. */
export async function call(baseUrl, path, { expect = 200, ...options }) {
  const started = now();
  const response = await request(baseUrl, path, options);
  const elapsed = now() - started;
  if (response.status !== expect) {
    throw new Error(`${options.method ?? "GET"} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return { body: response.text === "" ? null : response.json(), elapsed };
}

/** The row names of a board's size: the 500-person rows as they are, others suffixed (`_2k`). */
export const rowName = (what, size) => `schedule.${what}${size.people === 500 ? "" : `_${size.people / 1000}k`}`;

/** The week, one request at a time after a warm-up; returns the request times (ms) and the answer. */
export async function timeWeek(ctx, api, seeded, options = {}) {
  const { people, shifts } = seeded.size;
  const path = `/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`;
  const first = await api(path, options);
  const week = await decodeWeek(first.body);
  if (week.shifts.length !== shifts || week.people.length < people) {
    throw new Error(`the week shows ${week.shifts.length} shifts and ${week.people.length} people`);
  }
  const times = [];
  for (let i = 0; i < WARMUP_REQUESTS + WEEK_REQUESTS; i++) {
    ctx.signal.throwIfAborted();
    const { elapsed } = await api(path, options);
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  return { times, body: first.body, week, first: first.elapsed };
}

export async function measureWeek(ctx, api, seeded, options = {}) {
  const { people, shifts } = seeded.size;
  const { times, body, first } = await timeWeek(ctx, api, seeded, options);
  // The answer as it travels (the week's wire form).
  const bytes = JSON.stringify(body).length;
  ctx.record(
    rowName("week_api_p95_ms", seeded.size),
    percentile(times, 95),
    `${WEEK_REQUESTS} requests one at a time; median ${median(times).toFixed(1)} ms; the first (nothing kept yet) ${first.toFixed(0)} ms; ${(bytes / 1024).toFixed(0)} KB of JSON; ${shifts} shifts, ${people} people, PostgreSQL`,
  );
}

/**
 * Monday shifts move to Sunday (free for everyone), same wall clock: even
 * people keep theirs, odd people's go to the person half the board further
 * on (250 of 500). Warm-up moves use the 30th to 11th last people (470–489 of
 * 500), whose targets nobody else uses.
 */
export async function measureMoves(ctx, api, seeded) {
  const { people } = seeded.size;
  const week = await decodeWeek((await api(`/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`)).body);
  const versionOf = new Map(week.shifts.map((shift) => [shift.id, shift.version]));
  const move = async (i) => {
    const shift = seeded.mondayOf.get(seeded.people[i]);
    if (!shift) throw new Error(`person ${i} has no Monday shift`);
    const target = i % 2 === 0 ? seeded.people[i] : seeded.people[(i + people / 2) % people];
    return api(`/api/schedule/shifts/${shift.id}`, {
      method: "PATCH",
      json: {
        version: versionOf.get(shift.id),
        user_id: seeded.personIdOf.get(target),
        starts_at: shift.sunday_starts_at.toISOString(),
        ends_at: shift.sunday_ends_at.toISOString(),
      },
    });
  };
  for (let i = people - 30; i < people - 30 + WARMUP_REQUESTS; i++) await move(i);
  const times = [];
  for (let i = 0; i < MOVE_REQUESTS; i++) {
    ctx.signal.throwIfAborted();
    times.push((await move(i)).elapsed);
  }
  ctx.record(
    rowName("move_roundtrip_p95_ms", seeded.size),
    percentile(times, 95),
    `PATCH of day (and person every other time) with the version, request to saved answer; ${MOVE_REQUESTS} one at a time; median ${median(times).toFixed(1)} ms`,
  );
}

export async function measurePublishAndCopy(ctx, api, seeded) {
  const { people, shifts } = seeded.size;
  const publish = async (date) => {
    const { body, elapsed } = await api("/api/schedule/publish", {
      method: "POST",
      json: { board: seeded.boardId, date },
    });
    if (body.published !== shifts) throw new Error(`publishing the week of ${date} published ${body.published}`);
    ctx.log(`publish ${date}: ${Math.round(elapsed)} ms, ${body.notified} people told`);
    return elapsed;
  };
  const copy = async (to) => {
    const { body, elapsed } = await api("/api/schedule/copy-week", {
      method: "POST",
      json: { board_id: seeded.boardId, from: WEEK, to },
    });
    if (body.created !== shifts) throw new Error(`copying into ${to} created ${body.created}, skipped ${body.skipped}`);
    ctx.log(`copy into ${to}: ${Math.round(elapsed)} ms`);
    return elapsed;
  };

  const published = [await publish(WEEK)];
  const copied = [];
  for (const weeks of [1, 2, 3]) copied.push(await copy(addDays(WEEK, 7 * weeks)));
  for (const weeks of [1, 2]) published.push(await publish(addDays(WEEK, 7 * weeks)));

  ctx.record(
    rowName("publish_ms", seeded.size),
    median(published),
    `median of ${published.map(Math.round).join(", ")} ms; a week of ${shifts} drafts, ${people} people told through the outbox`,
  );
  ctx.record(
    rowName("copy_week_ms", seeded.size),
    median(copied),
    `median of ${copied.map(Math.round).join(", ")} ms; ${shifts} shifts into an empty week each time`,
  );
}

/**
 * Done when the grid is on screen with rows filling the first screen (or
 * every row, if fewer fit) and at least one shift card; timed in the page
 * from its navigation start (performance.now()).
 */
async function measureRender(ctx, server, owner, seeded) {
  const unavailable = chromiumUnavailableReason();
  if (unavailable) {
    ctx.log(`schedule.week_render_ms not measured: ${unavailable}`);
    ctx.skip("schedule.week_render_ms", unavailable);
    return;
  }
  const url = `${server.baseUrl}/admin/jobs-scheduling-dashboard/${seeded.boardId}?date=${WEEK}`;
  const board = await openSignedInPage(ctx, owner, VIEWPORT);
  const load = () => board.load(url, boardShown);

  const warm = await load();
  ctx.log(`warm-up load: ${Math.round(warm.at)} ms, ${warm.rows} rows in the DOM`);
  const runs = [];
  for (let i = 0; i < RENDER_RUNS; i++) {
    ctx.signal.throwIfAborted();
    runs.push((await load()).at);
  }
  const note = [
    `median of ${runs.map(Math.round).join(", ")} ms after a warm-up load (cached assets); ${VIEWPORT.width}×${VIEWPORT.height}; ${warm.rows} rows in the DOM`,
  ];
  if (board.blocked.length > 0) {
    note.push(`${board.blocked.length} non-loopback request(s) blocked, e.g. ${board.blocked[0]}`);
  }
  ctx.record("schedule.week_render_ms", median(runs), note.join("; "));
}
