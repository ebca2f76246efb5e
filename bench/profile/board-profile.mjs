// Where the board's time goes in the browser: the 500-person first screen and the 2,000-person
// scroll, with counts, CPU profiles and long tasks. Run after `npm run build`, under the bench
// lock, on a machine doing as little else as possible:
//
//   node bench/profile/board-profile.mjs seed <state.json>        seeds once (a few minutes)
//   node bench/profile/board-profile.mjs measure <state.json> [render] [scroll] [count] [profile] [trace]
//        [threadtime] [cpu] [ab]
//   node bench/profile/board-profile.mjs drop <state.json>         drops the seeded database
//
// `seed` keeps its database (the schedule suite's 500-person board, published, and the
// schedule-browser suite's 2,000-person one) so that each `measure` starts a server on it and
// only measures. `measure`:
//   render  the 500-person board as schedule.week_render_ms loads it (warm-up, then 7 loads);
//           the load's long tasks and where the week's answer ended;
//   scroll  the 2,000-person board scrolled top to bottom three times as the bench does;
//   count   elements per row, cell and card on the 2,000-person board;
//   profile a CPU profile (CDP Profiler) of one 500-person load and of one scroll: self time by
//           function and by script (written beside state.json). WEB_DIST points at another
//           build (e.g. one built with `npx vite build --minify false --outDir dist-profile` in web/)
//           to read names, or at an older build to compare;
//   trace   one traced scroll: main-thread time a frame by kind, Layout and Paint events;
//   threadtime  the renderer main thread's thread (CPU) time of 500-person loads and of a scroll,
//           less moved than the wall clock by other work on a shared machine;
//   cpu     the CPU profiler's busy time of 500-person loads;
//   ab      stylesheets to compare (AB_CSS, a JSON file { name: css }), each added to a fresh load
//           of the 2,000-person board before a traced scroll.
// SCROLLS, CPU_LOADS and AB_ROUNDS set how many.
// Nothing here runs in the product and no bench row is defined here.

import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { boardShown } from "../lib/board-shown.mjs";
import { mainThreadBreakdown, TRACE_CATEGORIES } from "../lib/page-trace.mjs";
import { createTempDatabase, defaultAdminUrl } from "../lib/postgres.mjs";
import { boardSize, seedSchedule, WEEK } from "../lib/schedule-board.mjs";
import { openSignedInPage } from "../lib/signed-in-page.mjs";
import { median } from "../lib/stats.mjs";
import { startWorkshift } from "../lib/workshift.mjs";
import { devEnv, percentile, request, signUpOwner } from "../suites/users.mjs";

const [mode, stateFile, ...what] = process.argv.slice(2);
if (!mode || !stateFile) {
  process.stderr.write("usage: board-profile.mjs seed|measure|drop <state.json> [render] [scroll] [count] [profile]\n");
  process.exit(2);
}
const VIEWPORT = { width: 1440, height: 900 };

const deferred = [];
const ctx = {
  defer: (_what, fn) => deferred.push(fn),
  log: (line) => process.stderr.write(`${line}\n`),
  signal: new AbortController().signal,
};
const cleanUp = async () => {
  for (const fn of deferred.reverse()) await fn().catch((error) => process.stderr.write(`${error.message}\n`));
};

const serverEnv = (state) => ({
  ...devEnv,
  APP_SECRET: state.secret,
  ...(process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {}),
});

try {
  if (mode === "seed") await seed();
  else if (mode === "measure") await measure(JSON.parse(readFileSync(stateFile, "utf8")));
  else if (mode === "drop") await drop(JSON.parse(readFileSync(stateFile, "utf8")));
} finally {
  await cleanUp();
}

async function seed() {
  const db = await createTempDatabase();
  const state = { db: db.name, url: db.url, secret: randomBytes(32).toString("hex") };
  const server = await startWorkshift({ databaseUrl: db.url, env: serverEnv(state) });
  ctx.defer("stop", () => server.stop());
  const owner = await signUpOwner(server.baseUrl, "Board profile");
  const big = await seedSchedule(db.url, owner, boardSize(2000), { phonePrefix: "77" });
  const small = await seedSchedule(db.url, owner, boardSize(500), { phonePrefix: "75", label: " (500)" });
  // As the schedule suite: the 500-person week published, then a few moves leave pending changes.
  const published = await request(server.baseUrl, "/api/schedule/publish", {
    method: "POST",
    token: owner.token,
    json: { board: small.boardId, date: WEEK },
  });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  Object.assign(state, { refresh: owner.refresh, big: big.boardId, small: small.boardId });
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  ctx.log(`seeded ${db.name}: boards ${big.boardId} (2,000) and ${small.boardId} (500)`);
}

async function drop(state) {
  const client = new pg.Client({ connectionString: defaultAdminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${state.db}" WITH (FORCE)`);
  await client.end();
}

async function measure(state) {
  const server = await startWorkshift({ databaseUrl: state.url, env: serverEnv(state) });
  ctx.defer("stop", () => server.stop());
  const refreshed = await request(server.baseUrl, "/api/auth/v2/refresh-token", {
    method: "POST",
    json: { refresh_token: state.refresh },
  });
  if (refreshed.status !== 200) throw new Error(`refresh answered ${refreshed.status}: ${refreshed.text}`);
  const session = refreshed.json();
  state.refresh = session.refresh;
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  const board = await openSignedInPage(ctx, { token: session.access, refresh: session.refresh }, VIEWPORT);
  await board.context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: "longtask" });
  });
  const url = (id) => `${server.baseUrl}/admin/jobs-scheduling-dashboard/${id}?date=${WEEK}`;
  const all = what.length === 0;

  if (all || what.includes("render")) {
    await board.load(url(state.small), boardShown);
    const runs = [];
    for (let i = 0; i < 7; i++) {
      await board.page.goto(url(state.small), { waitUntil: "commit" });
      const shown = await (await board.page.waitForFunction(boardShown, null, { polling: "raf" })).jsonValue();
      const tasks = await board.page.evaluate(longTasksSoFar);
      if (i === 0) {
        const scripts = await board.page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => /\.(js|css|json)(\?|$)/.test(entry.name))
            .map((entry) => ({
              name: entry.name.replace(/^.*\/(assets|locales)\//, ""),
              kb: Math.round(entry.decodedBodySize / 102.4) / 10,
              start: Math.round(entry.startTime),
              end: Math.round(entry.responseEnd),
            })),
        );
        const js = scripts.filter((entry) => entry.name.endsWith(".js"));
        process.stdout.write(
          `resources before the board showed: ${js.length} scripts, ${Math.round(js.reduce((sum, entry) => sum + entry.kb, 0))} KB of JS\n`,
        );
        for (const entry of scripts.sort((a, b) => b.kb - a.kb)) {
          process.stdout.write(
            `  ${String(entry.kb).padStart(7)} KB ${String(entry.start).padStart(5)}–${entry.end} ms ${entry.name}\n`,
          );
        }
      }
      runs.push(shown.at);
      ctx.log(
        `500 load ${i + 1}: shown ${Math.round(shown.at)} ms; week sent ${Math.round(shown.data?.sent)} ended ${Math.round(shown.data?.ended)}; long tasks ${tasks}`,
      );
      await board.blank();
    }
    process.stdout.write(`render 500: median ${Math.round(median(runs))} ms of ${runs.map(Math.round).join(", ")}\n`);
  }

  if (all || what.includes("count")) {
    await board.load(url(state.big), boardShown, { leave: false });
    await sleep(1500);
    const counts = await board.page.evaluate(countElements);
    process.stdout.write(`count: ${JSON.stringify(counts)}\n`);
    await board.blank();
  }

  if (all || what.includes("scroll")) {
    await board.load(url(state.big), boardShown, { leave: false });
    for (let i = 0; i < Number(process.env.SCROLLS ?? 3); i++) {
      const scroll = await board.page.evaluate(scrollToBottom, 240);
      const f = scroll.frames;
      process.stdout.write(
        `scroll ${i + 1}: ${f.length} frames, p50 ${median(f).toFixed(1)}, p95 ${percentile(f, 95).toFixed(1)}, over 20.7 ms ${f.filter((ms) => ms > 20.7).length}, long tasks ${scroll.longTasks.length}\n`,
      );
    }
    await board.blank();
  }

  if (what.includes("threadtime")) {
    // CPU time of the renderer's main thread (trace events' thread clock, `tdur`): not moved by other processes
    // taking the cores, as wall-clock numbers are on a shared machine. A 500-person load until the board shows, by
    // kind, and the 2,000-person scroll per frame.
    await board.load(url(state.small), boardShown);
    const loads = [];
    for (let i = 0; i < Number(process.env.CPU_LOADS ?? 5); i++) {
      await board.browser.startTracing(board.page, { categories: TRACE_CATEGORIES });
      const shown = await board.load(url(state.small), boardShown, { leave: false });
      loads.push({ ...threadTime(await board.browser.stopTracing()), at: shown.at });
      await board.blank();
    }
    const mid = (key) => Math.round(median(loads.map((load) => load[key])));
    process.stdout.write(
      `thread time of a 500 load: median ${mid("cpu")} ms (of ${loads.map((load) => Math.round(load.cpu)).join(", ")}); wall ${mid("wall")} ms; shown median ${mid("at")} ms\n`,
    );
    await board.load(url(state.big), boardShown, { leave: false });
    await sleep(1500);
    for (let i = 0; i < Number(process.env.SCROLLS ?? 1); i++) {
      await board.browser.startTracing(board.page, { categories: TRACE_CATEGORIES });
      const scroll = await board.page.evaluate(scrollToBottom, 240);
      const used = threadTime(await board.browser.stopTracing());
      const n = scroll.frames.length;
      process.stdout.write(
        `thread time of the scroll: ${(used.cpu / n).toFixed(2)} ms a frame (wall ${(used.wall / n).toFixed(2)}), ${n} frames\n`,
      );
    }
    await board.blank();
  }

  if (what.includes("cpu")) {
    // Main-thread time a 500-person load takes until the board shows, from the CPU profiler's samples (idle left
    // out): what the page's own work costs, less moved by other load on the machine than the wall clock.
    const cdp = await board.context.newCDPSession(board.page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await board.load(url(state.small), boardShown);
    const busy = [];
    const shownAt = [];
    for (let i = 0; i < Number(process.env.CPU_LOADS ?? 5); i++) {
      await cdp.send("Profiler.start");
      const shown = await board.load(url(state.small), boardShown, { leave: false });
      const { profile } = await cdp.send("Profiler.stop");
      const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
      let ms = 0;
      profile.samples.forEach((id, k) => {
        if (!idle.has(id)) ms += profile.timeDeltas[k] / 1000;
      });
      busy.push(ms);
      shownAt.push(shown.at);
      await board.blank();
    }
    process.stdout.write(
      `cpu 500 load: busy median ${Math.round(median(busy))} ms of ${busy.map(Math.round).join(", ")}; shown median ${Math.round(median(shownAt))} ms\n`,
    );
    await cdp.detach();
  }

  if (what.includes("ab")) {
    // Stylesheets to compare, each added to a fresh load of the big board: { name: css } in AB_CSS (a JSON file).
    const variants = Object.entries(JSON.parse(readFileSync(process.env.AB_CSS, "utf8")));
    const rounds = Number(process.env.AB_ROUNDS ?? 2);
    for (let round = 0; round < rounds; round++) {
      for (const [name, css] of round % 2 ? [...variants].reverse() : variants) {
        await board.load(url(state.big), boardShown, { leave: false });
        if (css) await board.page.addStyleTag({ content: css });
        const applied = await board.page.evaluate(() => {
          const row = document.querySelector('[data-testid="schedule-row"]');
          const style = getComputedStyle(row);
          return `${style.contain} | ${style.willChange} | ${style.contentVisibility}`;
        });
        ctx.log(`${name}: ${applied}`);
        await sleep(1500);
        await board.browser.startTracing(board.page, { categories: TRACE_CATEGORIES });
        const scroll = await board.page.evaluate(scrollToBottom, 240);
        const buffer = await board.browser.stopTracing();
        const b = mainThreadBreakdown(buffer);
        const n = scroll.frames.length;
        const paints = paintCounts(buffer);
        const per = (ms) => (ms / n).toFixed(1);
        process.stdout.write(
          `${name.padEnd(16)} p50 ${median(scroll.frames).toFixed(1)} p95 ${percentile(scroll.frames, 95).toFixed(1)}; per frame: busy ${per(b.busy)} script ${per(b.script)}, style ${per(b.style)}, layout ${per(b.layout)}, paint ${per(b.paint)}, other ${per(b.other)}; Paint events ${per(paints.all)} a frame, of rows ${per(paints.rows)}\n`,
        );
        await board.blank();
      }
    }
  }

  if (what.includes("trace")) {
    await board.load(url(state.big), boardShown, { leave: false });
    await sleep(1500);
    await board.browser.startTracing(board.page, { categories: TRACE_CATEGORIES });
    const scroll = await board.page.evaluate(scrollToBottom, 240);
    const trace = await board.browser.stopTracing();
    const b = mainThreadBreakdown(trace);
    const n = scroll.frames.length;
    const per = (ms) => (ms / n).toFixed(1);
    process.stdout.write(
      `traced scroll: ${n} frames, p95 ${percentile(scroll.frames, 95).toFixed(1)}; per frame: script ${per(b.script)}, style ${per(b.style)}, layout ${per(b.layout)}, paint ${per(b.paint)}, other ${per(b.other)} [${b.otherTop.join(", ")}]\n`,
    );
    printLayouts(trace, n);
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, trace);
    await board.blank();
  }

  if (what.includes("profile")) {
    const cdp = await board.context.newCDPSession(board.page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await board.load(url(state.small), boardShown);
    await cdp.send("Profiler.start");
    const shown = await board.load(url(state.small), boardShown, { leave: false });
    let { profile } = await cdp.send("Profiler.stop");
    process.stdout.write(`\nprofiled 500 load: shown ${Math.round(shown.at)} ms\n`);
    printProfile(profile, 40);
    writeFileSync(path.join(path.dirname(stateFile), "load.cpuprofile"), JSON.stringify(profile));
    await board.blank();
    await board.load(url(state.big), boardShown, { leave: false });
    await sleep(1500);
    await cdp.send("Profiler.start");
    const scroll = await board.page.evaluate(scrollToBottom, 240);
    ({ profile } = await cdp.send("Profiler.stop"));
    process.stdout.write(
      `\nprofiled scroll: ${scroll.frames.length} frames, p95 ${percentile(scroll.frames, 95).toFixed(1)}\n`,
    );
    printProfile(profile, 50);
    writeFileSync(path.join(path.dirname(stateFile), "scroll.cpuprofile"), JSON.stringify(profile));
  }
}

/** The renderer main thread's top-level tasks: their thread (CPU) time and wall time, in ms. */
function threadTime(buffer) {
  const { traceEvents } = JSON.parse(buffer.toString("utf8"));
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const events = traceEvents
    .filter((e) => e.ph === "X" && typeof e.dur === "number" && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let cpu = 0;
  let wall = 0;
  let until = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (e.ts < until) continue; // inside a task already counted
    until = e.ts + e.dur;
    wall += e.dur / 1000;
    cpu += (e.tdur ?? e.dur) / 1000;
  }
  return { cpu, wall };
}

/** How many Paint events the main thread ran, and how many of them painted a row of the grid. */
function paintCounts(buffer) {
  const { traceEvents } = JSON.parse(buffer.toString("utf8"));
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let all = 0;
  let rows = 0;
  for (const e of traceEvents) {
    if (e.name !== "Paint" || e.ph !== "X" || !main.has(`${e.pid}:${e.tid}`)) continue;
    all++;
    if (/_row_/.test(e.args?.data?.nodeName ?? "")) rows++;
  }
  return { all, rows };
}

/** The trace's Layout events: how many objects each laid out, and the heaviest events by name. */
function printLayouts(buffer, frames) {
  const { traceEvents } = JSON.parse(buffer.toString("utf8"));
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byName = new Map();
  let dirty = 0;
  let total = 0;
  let layouts = 0;
  let styleElements = 0;
  for (const e of traceEvents) {
    if (!main.has(`${e.pid}:${e.tid}`) || e.ph !== "X") continue;
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += (e.dur ?? 0) / 1000;
    entry.count++;
    byName.set(e.name, entry);
    if (e.name === "Layout" && e.args?.beginData) {
      layouts++;
      dirty += e.args.beginData.dirtyObjects ?? 0;
      total += e.args.beginData.totalObjects ?? 0;
    }
    if (e.name === "UpdateLayoutTree") styleElements += e.args?.elementCount ?? 0;
  }
  process.stdout.write(
    `layouts ${layouts} (${(layouts / frames).toFixed(2)} a frame): dirty objects ${Math.round(dirty / Math.max(1, layouts))} of ${Math.round(total / Math.max(1, layouts))} each; style recalcs touched ${Math.round(styleElements / frames)} elements a frame\n`,
  );
  for (const [name, { ms, count }] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    process.stdout.write(
      `${(ms / frames).toFixed(2).padStart(8)} ms/frame (inclusive) ${String(count).padStart(6)}x  ${name}\n`,
    );
  }
}

/** Self time by function and by script, as a profile viewer's bottom-up view. */
function printProfile({ nodes, samples, timeDeltas }, count) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  const byScript = new Map();
  let total = 0;
  samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const file = url.replace(/^.*\/assets\//, "").replace(/^https?:\/\/[^/]+/, "");
    const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + timeDeltas[i]);
    byScript.set(file || functionName, (byScript.get(file || functionName) ?? 0) + timeDeltas[i]);
    total += timeDeltas[i];
  });
  process.stdout.write(`${(total / 1000).toFixed(0)} ms sampled; by script:\n`);
  for (const [key, micros] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    process.stdout.write(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${key}\n`);
  }
  process.stdout.write("self time:\n");
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    process.stdout.write(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${key}\n`);
  }
}

/** In the page: the long tasks of the load so far (buffered entries). */
function longTasksSoFar() {
  return window.__longTasks.map((entry) => `${Math.round(entry.startTime)}+${Math.round(entry.duration)}`).join(" ");
}

/** In the page: elements per row, per cell and per card of the rows in the DOM. */
function countElements() {
  const grid = document.querySelector('[data-testid="schedule-grid"]');
  const rows = [...grid.querySelectorAll('[data-testid="schedule-row"]')];
  const cells = [...grid.querySelectorAll('[data-testid="schedule-cell"]')];
  const cards = [...grid.querySelectorAll('[data-testid="shift-card"]')];
  const avg = (list, fn) =>
    Math.round((list.reduce((sum, el) => sum + fn(el), 0) / Math.max(1, list.length)) * 10) / 10;
  const inside = (el) => el.querySelectorAll("*").length + 1;
  const header = [...grid.querySelectorAll('[role="rowheader"]')];
  return {
    rows: rows.length,
    perRow: avg(rows, inside),
    perRowHeader: avg(header, inside),
    perCell: avg(cells, inside),
    perCard: avg(cards, inside),
    nodesPerRow: avg(rows, (el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_ALL);
      let count = 0;
      while (walker.nextNode()) count++;
      return count;
    }),
    attributesPerRow: avg(rows, (el) =>
      [...el.querySelectorAll("*")].reduce((sum, child) => sum + child.attributes.length, 0),
    ),
    cardsPerRow: Math.round((cards.length / Math.max(1, rows.length)) * 10) / 10,
    svgs: grid.querySelectorAll("svg").length,
    allInGrid: grid.querySelectorAll("*").length,
    all: document.querySelectorAll("*").length,
    sampleCard: cards[0]?.outerHTML.slice(0, 1500),
    sampleHeader: header[1]?.outerHTML.slice(0, 1500),
  };
}

/** In the page: the bench's scroll (schedule-browser.mjs), frames and long tasks only. */
async function scrollToBottom(step) {
  const grid = document.querySelector('[data-testid="schedule-grid"]');
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: "longtask" });
  grid.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const frames = [];
  await new Promise((resolve) => {
    let last = null;
    const tick = (time) => {
      if (last !== null) frames.push(time - last);
      last = time;
      if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) {
        resolve();
        return;
      }
      grid.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();
  return { frames, longTasks };
}
