import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const PEOPLE = 500;
const ZONE = "Asia/Beirut";
/** A Monday: the biweekly periods start here (and every 14 days from it); no daylight-saving change in it. */
const PERIOD_START = "2026-06-01";
const PERIOD_END = "2026-06-14";
/** A day inside the period, as the page asks for it. */
const DATE = "2026-06-03";
/** Mondays to Fridays of both weeks, two entries a day (with a break each): 500 × 10 × 2 = 10,000 entries. */
const WORK_DAYS = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11];
const ENTRIES = PEOPLE * WORK_DAYS.length * 2;
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
    await seedPeriod(url, owner.organizationId, owner.userId);
    ctx.log(`${PEOPLE} people, ${ENTRIES} entries with breaks in the period ${PERIOD_START} – ${PERIOD_END}`);

    const period = await measure(
      ctx,
      server.baseUrl,
      owner.token,
      `/api/time-clock/boards/all/timesheets?date=${DATE}`,
      {
        requests: PERIOD_REQUESTS,
        check: (text) => {
          const body = JSON.parse(text);
          const entries = body.people.reduce((sum, person) => sum + person.sheet.entries.length, 0);
          if (body.period.start !== PERIOD_START || body.period.end !== PERIOD_END || entries !== ENTRIES) {
            throw new Error(`the timesheets show ${entries} entries in ${body.period.start} – ${body.period.end}`);
          }
          return `${body.people.length} people, ${entries} entries, total pay ${body.totals.pay}`;
        },
      },
    );
    ctx.record(
      "timesheet.period_ms",
      median(period.times),
      `median of ${PERIOD_REQUESTS} one at a time after ${WARMUP_REQUESTS} warm-up; p95 ${percentile(period.times, 95).toFixed(0)} ms; ${(period.bytes / 1024 / 1024).toFixed(1)} MB of JSON; ${period.about}; PostgreSQL`,
    );

    const xlsx = await measure(
      ctx,
      server.baseUrl,
      owner.token,
      `/api/time-clock/boards/all/timesheets.xlsx?date=${DATE}`,
      {
        requests: EXPORT_REQUESTS,
        binary: true,
        check: (bytes) => {
          if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new Error("the export is not a zip (xlsx) file");
          return "";
        },
      },
    );
    ctx.record(
      "timesheet.export_ms",
      median(xlsx.times),
      `median of ${EXPORT_REQUESTS} one at a time after ${WARMUP_REQUESTS} warm-up; p95 ${percentile(xlsx.times, 95).toFixed(0)} ms; ${(xlsx.bytes / 1024).toFixed(0)} KB workbook; PostgreSQL`,
    );
  },
};

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

/**
 * As the database owner (row-level security does not apply): the period
 * biweekly from PERIOD_START in Beirut, eight jobs, 500 active people (half
 * paid their own rate, half their jobs'), and for each working day two
 * entries: 08:00–12:00 with a 15-minute break, then 13:00–17:00 (every third
 * person until 18:30, past the weekly 40 h) with another, the afternoon on
 * another job for every other person.
 */
async function seedPeriod(url, organizationId, ownerId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `update organization_settings set time_zone = $2, week_start = 1, pay_period = 'biweekly', pay_period_anchor = $3
       where organization_id = $1`,
      [organizationId, ZONE, PERIOD_START],
    );
    const { rows: jobs } = await client.query(
      `insert into jobs (organization_id, name, color, hourly_rate)
       select $1, 'Job ' || n, '#1864ab', 10 + n from generate_series(1, 8) n returning id`,
      [organizationId],
    );
    const { rows: people } = await client.query(
      `with made as (
         insert into users (first_name, last_name, phone, color)
         select (array['Layla','Karim','Rana','Sami','Élodie','Julien','Mateo','Sofía','Emily','Noah'])[1 + n % 10],
                'Person ' || n, '96178' || lpad(n::text, 6, '0'), '#0b7285'
         from generate_series(0, ${PEOPLE - 1}) n
         returning id
       )
       insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select $1, id, 'EMPLOYEE', 'active', case when random() < 0.5 then 12.5 end from made
       returning user_id`,
      [organizationId],
    );
    const userIds = people.map((person) => person.user_id);
    const jobIds = jobs.map((job) => job.id);
    await client.query(
      `with people as (select unnest($2::uuid[]) as user_id, generate_series(0, ${PEOPLE - 1}) as n),
       days as (select ($3::date + d) as day from unnest($4::int[]) d),
       spans as (
         select p.user_id, p.n, s.part,
                ((day + s.starts)::timestamp at time zone '${ZONE}') as clock_in_at,
                ((day + case when s.part = 1 and p.n % 3 = 0 then interval '18 hours 30 minutes' else s.ends end)::timestamp
                  at time zone '${ZONE}') as clock_out_at,
                ((day + s.break_at)::timestamp at time zone '${ZONE}') as break_at
         from people p cross join days
         cross join (values (0, interval '8 hours', interval '12 hours', interval '10 hours'),
                            (1, interval '13 hours', interval '17 hours', interval '15 hours')) as s(part, starts, ends, break_at)
       )
       insert into time_entries (organization_id, user_id, job_id, clock_in_at, clock_out_at, breaks, source,
                                 created_by, updated_by)
       select $1, user_id, ($5::uuid[])[1 + (n + case when n % 2 = 1 then part else 0 end) % 8], clock_in_at, clock_out_at,
              jsonb_build_array(jsonb_build_object(
                'starts_at', to_char(break_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'ends_at', to_char((break_at + interval '15 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
              'manager', $6, $6
       from spans`,
      [organizationId, userIds, PERIOD_START, WORK_DAYS, jobIds, ownerId],
    );
    await client.query("commit");
    await client.query("analyze");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
