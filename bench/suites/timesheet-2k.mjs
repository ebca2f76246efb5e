import { gzipSync } from "node:zlib";
import { BIG_PEOPLE, bigNote } from "../lib/big.mjs";
import { chromiumUnavailableReason } from "../lib/browser.mjs";
import { formatBreakdown, formatData } from "../lib/page-trace.mjs";
import { createTempDatabase } from "../lib/postgres.mjs";
import { openSignedInPage } from "../lib/signed-in-page.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { DATE, entriesOf, PERIOD_END, PERIOD_START, seedPeriod } from "../lib/timesheet-seed.mjs";
import { measurePeriodAndExport } from "./timesheet.mjs";
import { devEnv, request, signUpOwner } from "./users.mjs";

const RENDER_RUNS = 5;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Timesheets four times bigger: 2,000 people and 40,000 entries with breaks
 * in a biweekly period (the timesheet suite's seeding, sized up), PostgreSQL.
 * - timesheet.period_ms_2k, timesheet.export_ms_2k: as timesheet.period_ms
 *   and timesheet.export_ms.
 * - timesheet.render_ms_2k: headless Chromium at 1440×900, signed in, the
 *   time clock's timesheets of the period (/admin/time-clock/all?view=
 *   timesheets): navigation to the totals and the first screen of people's
 *   sheets; median of 5 loads of one tab after a warm-up load, then one
 *   traced load says where the main thread's time goes.
 */
export default {
  name: "timesheet-2k",
  requires: ["server", "web"],
  timeoutMs: 420_000,
  rows: [
    { name: "timesheet.period_ms_2k", unit: "ms", max: 1500 },
    { name: "timesheet.export_ms_2k", unit: "ms", max: 3000 },
    { name: "timesheet.render_ms_2k", unit: "ms", max: 1000 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Big Timesheets");
    await seedPeriod(url, owner.organizationId, owner.userId, { people: BIG_PEOPLE });
    ctx.log(`${BIG_PEOPLE} people, ${entriesOf(BIG_PEOPLE)} entries in the period ${PERIOD_START} – ${PERIOD_END}`);
    await describePeriod(ctx, server.baseUrl, owner);
    await measurePeriodAndExport(ctx, server.baseUrl, owner, { people: BIG_PEOPLE, suffix: "_2k", note: bigNote() });

    const unavailable = chromiumUnavailableReason();
    if (unavailable) {
      ctx.skip("timesheet.render_ms_2k", unavailable);
      return;
    }
    const clock = await openSignedInPage(ctx, owner, VIEWPORT);
    const pageUrl = `${server.baseUrl}/admin/time-clock/all?view=timesheets&date=${DATE}`;
    const warm = await clock.load(pageUrl, sheetsShown);
    ctx.log(`warm-up load: ${Math.round(warm.at)} ms, ${warm.sheets} sheets in the DOM`);
    const runs = [];
    for (let i = 0; i < RENDER_RUNS; i++) {
      ctx.signal.throwIfAborted();
      const shown = await clock.load(pageUrl, sheetsShown);
      ctx.log(`load ${i + 1}: shown at ${Math.round(shown.at)} ms; the period's ${formatData(shown.data)}`);
      runs.push(shown.at);
    }
    const traced = await clock.traced(pageUrl, sheetsShown);
    ctx.log(`traced load: ${Math.round(traced.at)} ms; ${formatBreakdown(traced.breakdown)}`);
    ctx.record(
      "timesheet.render_ms_2k",
      median(runs),
      `median of ${runs.map(Math.round).join(", ")} ms after a warm-up load; ${VIEWPORT.width}×${VIEWPORT.height}; ${warm.sheets} sheets in the DOM; traced load ${Math.round(traced.at)} ms: ${formatBreakdown(traced.breakdown)}${bigNote()}`,
    );
  },
};

/** The period's answer: size raw and gzipped, and the time with and without compression (logged, for the docs). */
async function describePeriod(ctx, baseUrl, owner) {
  const path = `${baseUrl}/api/time-clock/boards/all/timesheets?date=${DATE}`;
  const timed = async (encoding) => {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < 4; i++) {
      const started = now();
      const response = await fetch(path, {
        headers: { authorization: `Bearer ${owner.token}`, "accept-encoding": encoding },
      });
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(now() - started);
    }
    return { ms: median(times.slice(1)), bytes };
  };
  const plain = await timed("identity");
  const text = (await request(baseUrl, `/api/time-clock/boards/all/timesheets?date=${DATE}`, { token: owner.token }))
    .text;
  const started = now();
  const gzipped = gzipSync(text).length;
  const gzipMs = now() - started;
  const parseStarted = now();
  JSON.parse(text);
  const parseMs = now() - parseStarted;
  ctx.log(
    `period API: ${(text.length / 1024 / 1024).toFixed(1)} MB of JSON (${plain.bytes} bytes unencoded answer, median ${Math.round(plain.ms)} ms), ${(gzipped / 1024).toFixed(0)} KB gzipped (${Math.round(gzipMs)} ms here); JSON.parse ${Math.round(parseMs)} ms here`,
  );
}

/** In the page: the totals and people's sheets filling the first screen (or more than 500 sheets). */
function sheetsShown() {
  const totals = document.querySelector('[data-testid="sheet-totals"]');
  const sheets = document.querySelectorAll('[data-testid="person-sheet"]');
  const last = sheets[sheets.length - 1];
  if (!totals || !last) return false;
  const filled = last.getBoundingClientRect().bottom >= window.innerHeight - 1 || sheets.length > 500;
  if (!filled) return false;
  // When the data's request left and its answer ended, on the page's clock: the rest is the page's own work.
  const data = performance.getEntriesByType("resource").find((entry) => entry.name.includes("/timesheets?"));
  return {
    at: performance.now(),
    sheets: sheets.length,
    data: data && {
      sent: data.requestStart,
      ended: data.responseEnd,
      wire: data.encodedBodySize,
      size: data.decodedBodySize,
    },
  };
}
