import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { DATE, entriesOf, PERIOD_END, PERIOD_START, seedPeriod } from "../lib/timesheet-seed.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const PEOPLE = 500;
const WARMUP_REQUESTS = 3;
const PERIOD_REQUESTS = 15;
const EXPORT_REQUESTS = 9;

/**
 * Timesheets at payroll scale, on PostgreSQL: 500 people, a
 * two-week pay period (biweekly), 10,000 time entries with breaks, seeded
 * straight into the database.
 * - timesheet.period_ms: GET /api/time-clock/boards/all/timesheets for the
 *   period (every person's days, overtime, cost, the entries and the
 *   totals), median of 15 requests one at a time after 3 warm-up ones.
 * - timesheet.export_ms: the same period as an Excel workbook
 *   (…/timesheets.xlsx), request to last byte, median of 9 after 3 warm-up.
 */
export default {
  name: "timesheet",
  requires: ["server"],
  timeoutMs: 240_000,
  rows: [
    { name: "timesheet.period_ms", unit: "ms", max: 1000 },
    { name: "timesheet.export_ms", unit: "ms", max: 2000 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Timesheets");
    await seedPeriod(url, owner.organizationId, owner.userId, { people: PEOPLE });
    ctx.log(`${PEOPLE} people, ${entriesOf(PEOPLE)} entries with breaks in the period ${PERIOD_START} – ${PERIOD_END}`);
    await measurePeriodAndExport(ctx, server.baseUrl, owner, { people: PEOPLE });
  },
};

/**
 * Records `timesheet.period_ms` and `timesheet.export_ms` (with `suffix`
 * after their names) for a period seeded by seedPeriod with `people`.
 */
export async function measurePeriodAndExport(ctx, baseUrl, owner, { people, suffix = "", note = "" }) {
  const expected = entriesOf(people);
  const period = await measure(ctx, baseUrl, owner.token, `/api/time-clock/boards/all/timesheets?date=${DATE}`, {
    requests: PERIOD_REQUESTS,
    check: (text) => {
      const body = JSON.parse(text);
      const entries = body.people.reduce((sum, person) => sum + person.sheet.entries.length, 0);
      if (body.period.start !== PERIOD_START || body.period.end !== PERIOD_END || entries !== expected) {
        throw new Error(`the timesheets show ${entries} entries in ${body.period.start} – ${body.period.end}`);
      }
      return `${body.people.length} people, ${entries} entries, total pay ${body.totals.pay}`;
    },
  });
  ctx.record(
    `timesheet.period_ms${suffix}`,
    median(period.times),
    `median of ${PERIOD_REQUESTS} one at a time after ${WARMUP_REQUESTS} warm-up; p95 ${percentile(period.times, 95).toFixed(0)} ms; ${(period.bytes / 1024 / 1024).toFixed(1)} MB of JSON; ${period.about}; PostgreSQL${note}`,
  );

  const xlsx = await measure(ctx, baseUrl, owner.token, `/api/time-clock/boards/all/timesheets.xlsx?date=${DATE}`, {
    requests: EXPORT_REQUESTS,
    binary: true,
    check: (bytes) => {
      if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new Error("the export is not a zip (xlsx) file");
      return "";
    },
  });
  ctx.record(
    `timesheet.export_ms${suffix}`,
    median(xlsx.times),
    `median of ${EXPORT_REQUESTS} one at a time after ${WARMUP_REQUESTS} warm-up; p95 ${percentile(xlsx.times, 95).toFixed(0)} ms; ${(xlsx.bytes / 1024).toFixed(0)} KB workbook; PostgreSQL${note}`,
  );
}

/** Times `requests` GETs of `path` (request to last byte) after a warm-up; checks the first answer. */
async function measure(ctx, baseUrl, token, path, { requests, binary = false, check }) {
  let about = "";
  let bytes = 0;
  const times = [];
  for (let i = 0; i < WARMUP_REQUESTS + requests; i++) {
    ctx.signal.throwIfAborted();
    const started = now();
    let body;
    let status;
    if (binary) {
      const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
      status = response.status;
      body = new Uint8Array(await response.arrayBuffer());
    } else {
      const response = await request(baseUrl, path, { token });
      status = response.status;
      body = response.text;
    }
    const elapsed = now() - started;
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    if (i === 0) {
      about = check(body);
      bytes = body.length;
      ctx.log(`first GET ${path.split("?")[0]}: ${Math.round(elapsed)} ms${about ? `, ${about}` : ""}`);
    }
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  return { times, bytes, about };
}
