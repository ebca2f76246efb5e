import fs from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { BIG_PEOPLE, bigNote } from "../lib/big.mjs";
import { boardShown } from "../lib/board-shown.mjs";
import { chromiumUnavailableReason } from "../lib/browser.mjs";
import { formatBreakdown, formatData, mainThreadBreakdown, TRACE_CATEGORIES } from "../lib/page-trace.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { openSignedInPage } from "../lib/signed-in-page.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { decodeWeek } from "../lib/week-wire.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const SMALL_PEOPLE = 500;
const RENDER_RUNS = 5;
const VIEWPORT = { width: 1440, height: 900 };
/** Pixels the board scrolls each frame: a fast wheel or a fling (two wheel notches a frame, ~14,000 px/s at 60 Hz). */
const SCROLL_STEP = 240;
const MB = 1024 * 1024;

/**
 * The scheduling board four times bigger, in Chromium: a board of 2,000
 * people with 12,000 shifts in the week (the schedule suite's seeding, sized
 * up), PostgreSQL.
 * - schedule.week_render_ms_2k: as schedule.week_render_ms (1440×900, signed
 *   in, navigation to the first screen of rows with shifts; median of 5 loads
 *   of one tab after a warm-up load).
 * - schedule.scroll_frame_p95_ms_2k: the board scrolled from top to bottom,
 *   240 px a frame; p95 of the time between animation frames.
 * - schedule.scroll_long_tasks_2k: tasks over 50 ms during that scroll
 *   (PerformanceObserver "longtask").
 * - schedule.page_heap_mb_2k: the page's used JS heap after the loads and
 *   the scroll (CDP Runtime.getHeapUsage), before any forced collection.
 * - schedule.server_rss_mb_2k: the server's resident memory (VmRSS of its
 *   process) after all that.
 * One traced load of each board (2,000 and a 500-person one in the same
 * database) says where the main thread's time goes (logged, and in notes).
 */
export default {
  name: "schedule-browser",
  requires: ["server", "web"],
  timeoutMs: 420_000,
  rows: [
    { name: "schedule.week_render_ms_2k", unit: "ms", max: 1000 },
    { name: "schedule.scroll_frame_p95_ms_2k", unit: "ms", max: 20 },
    { name: "schedule.scroll_long_tasks_2k", unit: "tasks", max: 0 },
    { name: "schedule.page_heap_mb_2k", unit: "MB", max: 150 },
    { name: "schedule.server_rss_mb_2k", unit: "MB", max: 400 },
  ],

  async run(ctx) {
    const unavailable = chromiumUnavailableReason();
    if (unavailable) {
      for (const row of this.rows) ctx.skip(row.name, unavailable);
      return;
    }
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Big Board");
    const big = await seedSchedule(url, owner, boardSize(BIG_PEOPLE), { phonePrefix: "77" });
    const small = await seedSchedule(url, owner, boardSize(SMALL_PEOPLE), { phonePrefix: "75", label: " (500)" });
    ctx.log(
      `boards of ${BIG_PEOPLE} and ${SMALL_PEOPLE} people, ${big.size.shifts} and ${small.size.shifts} shifts in ${WEEK}`,
    );
    await describeWeek(ctx, server.baseUrl, owner, big);

    const board = await openSignedInPage(ctx, owner, VIEWPORT);
    const boardUrl = (seeded) => `${server.baseUrl}/admin/jobs-scheduling-dashboard/${seeded.boardId}?date=${WEEK}`;

    const warm = await board.load(boardUrl(big), boardShown);
    ctx.log(`warm-up load: ${Math.round(warm.at)} ms, ${warm.rows} rows in the DOM`);
    const runs = [];
    for (let i = 0; i < RENDER_RUNS; i++) {
      ctx.signal.throwIfAborted();
      const shown = await board.load(boardUrl(big), boardShown);
      ctx.log(`load ${i + 1}: shown at ${Math.round(shown.at)} ms; the week's ${formatData(shown.data)}`);
      runs.push(shown.at);
    }
    const smallTrace = await board.traced(boardUrl(small), boardShown);
    await board.blank();
    ctx.log(
      `traced load of ${SMALL_PEOPLE}: ${Math.round(smallTrace.at)} ms; the week's ${formatData(smallTrace.data)}; ${formatBreakdown(smallTrace.breakdown)}`,
    );
    const bigTrace = await board.traced(boardUrl(big), boardShown);
    ctx.log(
      `traced load of ${BIG_PEOPLE}: ${Math.round(bigTrace.at)} ms; the week's ${formatData(bigTrace.data)}; ${formatBreakdown(bigTrace.breakdown)}`,
    );
    const note = [
      `median of ${runs.map(Math.round).join(", ")} ms after a warm-up load; ${VIEWPORT.width}×${VIEWPORT.height}; ${warm.rows} rows in the DOM`,
      `traced load ${Math.round(bigTrace.at)} ms: ${formatBreakdown(bigTrace.breakdown)}`,
      `500-person board traced ${Math.round(smallTrace.at)} ms: ${formatBreakdown(smallTrace.breakdown)}`,
    ];
    if (board.blocked.length > 0) note.push(`${board.blocked.length} non-loopback request(s) blocked`);
    ctx.record("schedule.week_render_ms_2k", median(runs), note.join("; ") + bigNote());

    // The traced load left the big board on screen: scroll it, then read its heap.
    const scroll = await board.page.evaluate(scrollToBottom, SCROLL_STEP);
    const frames = scroll.frames;
    const slow = frames.filter((ms) => ms > 1000 / 60 + 4).length;
    ctx.log(
      `scroll: ${frames.length} frames over ${Math.round(scroll.ms)} ms, ${scroll.height} px; p50 ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)}, max ${Math.max(...frames).toFixed(1)}; ${scroll.longTasks.length} long tasks`,
    );
    ctx.record(
      "schedule.scroll_frame_p95_ms_2k",
      percentile(frames, 95),
      `${frames.length} frames, ${SCROLL_STEP} px a frame over ${scroll.height} px in ${Math.round(scroll.ms)} ms; median ${median(frames).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms; ${slow} frames over 20.7 ms; ${scroll.rowsMax} rows in the DOM at most; ${scroll.gapFrames} frames painted with rows missing${bigNote()}`,
    );
    const longest = scroll.longTasks.length > 0 ? Math.max(...scroll.longTasks) : 0;
    ctx.record(
      "schedule.scroll_long_tasks_2k",
      scroll.longTasks.length,
      `tasks over 50 ms while scrolling top to bottom; longest ${Math.round(longest)} ms; ${Math.round(scroll.longTasks.reduce((a, b) => a + b, 0))} ms in all${bigNote()}`,
    );

    const cdp = await board.context.newCDPSession(board.page);
    const before = await cdp.send("Runtime.getHeapUsage");
    await cdp.send("HeapProfiler.collectGarbage");
    const after = await cdp.send("Runtime.getHeapUsage");
    ctx.record(
      "schedule.page_heap_mb_2k",
      before.usedSize / MB,
      `used JS heap after ${RENDER_RUNS + 3} loads and a scroll to the bottom, no forced collection; ${(after.usedSize / MB).toFixed(1)} MB after one; heap reserved ${(before.totalSize / MB).toFixed(1)} MB${bigNote()}`,
    );
    await cdp.detach();

    // The same scroll again inside a trace (which slows it): where a frame's time goes.
    await board.browser.startTracing(board.page, { categories: TRACE_CATEGORIES });
    const tracedScroll = await board.page.evaluate(scrollToBottom, SCROLL_STEP);
    const breakdown = mainThreadBreakdown(await board.browser.stopTracing());
    ctx.log(
      `traced scroll: ${tracedScroll.frames.length} frames in ${Math.round(tracedScroll.ms)} ms; ${formatBreakdown(breakdown)}`,
    );

    const status = await fs.readFile(`/proc/${server.child.pid}/status`, "utf8");
    const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
    ctx.record(
      "schedule.server_rss_mb_2k",
      kb("VmRSS") / 1024,
      `VmRSS of the server after seeding, ${RENDER_RUNS + 3} board loads of ${BIG_PEOPLE} and 1 of ${SMALL_PEOPLE}; peak (VmHWM) ${(kb("VmHWM") / 1024).toFixed(0)} MB${bigNote()}`,
    );
  },
};

/** The week's answer as the server gives it: time, JSON size, and gzip size (logged, for the docs). */
async function describeWeek(ctx, baseUrl, owner, seeded) {
  const path = `/api/schedule/boards/${seeded.boardId}/week?date=${WEEK}`;
  const times = [];
  let text = "";
  for (let i = 0; i < 12; i++) {
    const started = now();
    const response = await request(baseUrl, path, { token: owner.token });
    times.push(now() - started);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    text = response.text;
  }
  const body = await decodeWeek(JSON.parse(text));
  if (body.shifts.length !== seeded.size.shifts) throw new Error(`the week shows ${body.shifts.length} shifts`);
  const started = now();
  const gzipped = gzipSync(text).length;
  ctx.log(
    `week API: first ${Math.round(times[0])} ms, then median ${median(times.slice(2)).toFixed(0)} ms; ${(text.length / 1024).toFixed(0)} KB of JSON, ${(gzipped / 1024).toFixed(0)} KB gzipped here (${Math.round(now() - started)} ms); ${body.shifts.length} shifts, ${body.people.length} people`,
  );
}

/**
 * In the page: scrolls the grid `step` px each animation frame to its bottom; frame times, long
 * tasks, and frames that would be painted with part of the grid's body showing no row (rows are
 * rendered after the scroll; the overscan has to cover the step).
 */
async function scrollToBottom(step) {
  const grid = document.querySelector('[data-testid="schedule-grid"]');
  const head = grid.querySelector('[role="rowgroup"]');
  let gapFrames = 0;
  const uncovered = () => {
    const rows = grid.querySelectorAll('[role="rowgroup"] + [role="rowgroup"] > [role="row"]');
    if (rows.length === 0) return true;
    const top = head.getBoundingClientRect().bottom;
    const bottom = grid.getBoundingClientRect().bottom;
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      const rect = row.getBoundingClientRect();
      from = Math.min(from, rect.top);
      to = Math.max(to, rect.bottom);
    }
    return from > top + 1 || to < Math.min(bottom, top + grid.scrollHeight - grid.scrollTop) - 1;
  };
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: "longtask" });
  grid.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const frames = [];
  let rowsMax = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    let last = null;
    const tick = (time) => {
      if (last !== null) {
        frames.push(time - last);
        if (uncovered()) gapFrames++;
      }
      last = time;
      rowsMax = Math.max(rowsMax, grid.querySelectorAll('[data-testid="schedule-row"]').length);
      if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) {
        resolve();
        return;
      }
      grid.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const ms = performance.now() - started;
  // Long tasks are reported after they end: give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();
  return { frames, longTasks, ms, height: grid.scrollHeight, rowsMax, gapFrames };
}
