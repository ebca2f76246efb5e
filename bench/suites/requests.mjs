import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const PEOPLE = 500;
const ZONE = "Asia/Beirut";
/** Weeks of published shifts ahead, from the first Monday at least two weeks away (nothing has started). */
const WEEKS = 4;
/** The pending requests by kind: 5,000 for 500 people (1,500 claims of open shifts), as many more for more people. */
export const countsFor = (people) => {
  const scale = people / 500;
  return {
    claim: 1_500 * scale,
    cover: 1_000 * scale,
    swap: 1_000 * scale,
    availability: 750 * scale,
    correction: 750 * scale,
  };
};
const COUNTS = countsFor(PEOPLE);
const PAGE = 50;
/** The inbox is read over its first pages, in turn (each page a different mix of kinds). */
const PAGES = 10;
const INBOX_REQUESTS = 200;
const APPROVE_REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const BULK = 500;

/**
 * The requests inbox at scale, on PostgreSQL: 500 people on one board in
 * Beirut with four weeks of published shifts ahead, and 5,000 pending
 * requests of every kind seeded straight into the database (1,500 claims of
 * open shifts, 1,000 covers a teammate took, 1,000 swaps, 750 availability
 * changes, 750 corrections of last fortnight's entries), created over the
 * last 30 days. The requests-2k suite seeds four times as many of each for
 * 2,000 people.
 * - requests.inbox_p95_ms: GET /api/requests, a page of 50 with the impact of
 *   each, over its first 10 pages in turn; p95 of 200 one at a time after 20
 *   warm-up.
 * - requests.approve_p95_ms: POST /api/requests/:id/approve of a claim, request
 *   to answer; p95 of 200 one at a time after 20 warm-up.
 * - requests.bulk_approve_ms: POST /api/requests/decisions approving 500 at
 *   once (100 of each kind), request to answer.
 * The approval rows are skipped, saying why, when the server has no such route.
 */
export default {
  name: "requests",
  requires: ["server"],
  timeoutMs: 300_000,
  rows: [
    { name: "requests.inbox_p95_ms", unit: "ms", max: 80 },
    { name: "requests.approve_p95_ms", unit: "ms", max: 100 },
    { name: "requests.bulk_approve_ms", unit: "ms", max: 3000 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Requests");
    const dates = benchDates(new Date());
    await seedRequests(url, owner, dates, { people: PEOPLE });
    ctx.log(
      `${PEOPLE} people, ${Object.values(COUNTS).reduce((a, b) => a + b, 0)} pending requests, shifts from ${dates.week}`,
    );
    const api = async (path, options = {}) => {
      const started = now();
      const response = await request(server.baseUrl, path, { token: owner.token, ...options });
      return { response, elapsed: now() - started };
    };

    await measureInbox(ctx, api, { people: PEOPLE });
    const routes = Object.keys((await request(server.baseUrl, "/api/docs/json")).json().paths ?? {});
    const missing = ["/api/requests/{id}/approve", "/api/requests/decisions"].filter((path) => !routes.includes(path));
    if (missing.length > 0) {
      const why = `this server has no ${missing.join(" nor ")}`;
      ctx.skip("requests.approve_p95_ms", why);
      ctx.skip("requests.bulk_approve_ms", why);
      return;
    }
    const ids = await pendingIds(url, owner.organizationId);
    await measureApprove(ctx, api, ids.claim.slice(0, WARMUP_REQUESTS + APPROVE_REQUESTS));
    const used = WARMUP_REQUESTS + APPROVE_REQUESTS;
    const bulk = [
      ...ids.claim.slice(used, used + BULK / 5),
      ...["cover", "swap", "availability", "correction"].flatMap((kind) => ids[kind].slice(0, BULK / 5)),
    ];
    await measureBulk(ctx, api, bulk);
  },
};

const isoDate = (date) => date.toISOString().slice(0, 10);
const addDays = (date, days) => {
  const [y, m, d] = date.split("-").map(Number);
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
};
/** The Monday on or after a date. */
const mondayFrom = (date) => addDays(date, (8 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7);

/** The first week of shifts (a Monday two weeks ahead or more), and the week of entries to correct (two weeks back). */
export function benchDates(today) {
  const todayText = isoDate(today);
  return { week: mondayFrom(addDays(todayText, 14)), pastWeek: addDays(mondayFrom(todayText), -14) };
}

/**
 * As the database owner (row-level security does not apply). Person p holds
 * jobs p, p+1 and p-1 (mod 8), works 07:00–15:00 (30 min break) on job p
 * every weekday but day p mod 5, on one board. Open shift j is 16:00–22:00
 * on day j / 75 of the four weeks, claimed by person j mod 500 (so nobody
 * claims two at once). Cover k: person k mod 500's shift on the day their
 * taker (eight people on, same job) is off. Swap i: person i mod 500's shift
 * for the next person's, each on the day the other is off.
 */
export async function seedRequests(url, owner, dates, { people = 500 } = {}) {
  const counts = countsFor(people);
  const openShifts = counts.claim;
  /** Open shifts a day: they spread over the 20 weekdays of the four weeks. */
  const openADay = openShifts / 20;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const org = owner.organizationId;
  const local = (day, time) => `((${day})::date + time '${time}')::timestamp at time zone '${ZONE}'`;
  const snapshot = (s) => `jsonb_build_object('id', ${s}.id, 'board_id', ${s}.job_scheduler_id,
      'job_id', ${s}.published_job_id, 'user_id', ${s}.published_user_id,
      'starts_at', to_char(${s}.published_starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'ends_at', to_char(${s}.published_ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'break_minutes', ${s}.published_break_minutes)`;
  const created = `now() - random() * interval '30 days'`;
  try {
    await client.query("begin");
    await client.query(`update organization_settings set time_zone = $2, week_start = 1 where organization_id = $1`, [
      org,
      ZONE,
    ]);
    await client.query(
      `create temp table bench_jobs on commit drop as
       select n, gen_random_uuid() as id from generate_series(0, 7) n;
       insert into jobs (id, organization_id, name, color, hourly_rate)
       select id, '${org}'::uuid, 'Job ' || n, '#1864ab', 10 + n from bench_jobs;
       create temp table bench_board on commit drop as select gen_random_uuid() as id;
       insert into job_schedulers (id, organization_id, name, time_zone, week_start)
       select id, '${org}'::uuid, 'Bench board', '${ZONE}', 1 from bench_board;
       insert into job_scheduler_jobs (organization_id, job_scheduler_id, job_id)
       select '${org}'::uuid, b.id, j.id from bench_board b cross join bench_jobs j;
       create temp table bench_people on commit drop as
       select n, gen_random_uuid() as id from generate_series(0, ${people - 1}) n;
       insert into users (id, first_name, last_name, phone, color)
       select id, (array['Layla','Karim','Rana','Sami','Élodie','Julien','Mateo','Sofía','Emily','Noah'])[1 + n % 10],
              'Person ' || n, '96170' || lpad(n::text, 6, '0'), '#0b7285'
       from bench_people;
       insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select '${org}'::uuid, id, 'EMPLOYEE', 'active', case when n % 2 = 0 then 12.5 end from bench_people;
       insert into membership_jobs (organization_id, user_id, job_id)
       select '${org}'::uuid, p.id, j.id from bench_people p join bench_jobs j on j.n in (p.n % 8, (p.n + 1) % 8, (p.n + 7) % 8);
       insert into job_scheduler_members (organization_id, job_scheduler_id, user_id)
       select '${org}'::uuid, b.id, p.id from bench_people p cross join bench_board b;
       -- A tenth of the people are never available on Sundays.
       insert into availability_rules (organization_id, user_id, kind, weekday, effective_from)
       select '${org}'::uuid, id, 'unavailable', 0, '2020-01-06' from bench_people where n % 10 = 0;`,
    );
    await client.query(
      `create temp table bench_work on commit drop as
       select p.n as p, w, d, gen_random_uuid() as id, p.id as user_id, j.id as job_id,
              ${local(`'${dates.week}'::date + w * 7 + d`, "07:00")} as starts_at
       from bench_people p join bench_jobs j on j.n = p.n % 8
       cross join generate_series(0, ${WEEKS - 1}) w cross join generate_series(0, 4) d
       where d <> p.n % 5;
       create temp table bench_open on commit drop as
       select j, gen_random_uuid() as id, jobs.id as job_id,
              ${local(`'${dates.week}'::date + (j / ${openADay} / 5) * 7 + (j / ${openADay}) % 5`, "16:00")} as starts_at
       from generate_series(0, ${openShifts - 1}) j join bench_jobs jobs on jobs.n = (j % ${people}) % 8;
       insert into shifts (id, organization_id, job_scheduler_id, user_id, job_id, starts_at, ends_at, break_minutes,
                           published_at, published_user_id, published_job_id, published_starts_at, published_ends_at,
                           published_break_minutes, created_by, updated_by)
       select w.id, '${org}'::uuid, b.id, w.user_id, w.job_id, w.starts_at, w.starts_at + interval '8 hours', 30,
              now(), w.user_id, w.job_id, w.starts_at, w.starts_at + interval '8 hours', 30, '${owner.userId}'::uuid, '${owner.userId}'::uuid
       from bench_work w cross join bench_board b
       union all
       select o.id, '${org}'::uuid, b.id, null, o.job_id, o.starts_at, o.starts_at + interval '6 hours', 0,
              now(), null, o.job_id, o.starts_at, o.starts_at + interval '6 hours', 0, '${owner.userId}'::uuid, '${owner.userId}'::uuid
       from bench_open o cross join bench_board b;`,
    );
    // Last fortnight's entries (07:00–15:00, a half-hour break), the ones corrected later each made 30 minutes longer.
    await client.query(
      `create temp table bench_entries on commit drop as
       select p.n as p, d, gen_random_uuid() as id, p.id as user_id, j.id as job_id,
              ${local(`'${dates.pastWeek}'::date + d`, "07:00")} as clock_in_at
       from bench_people p join bench_jobs j on j.n = p.n % 8 cross join generate_series(0, 4) d
       where d <> p.n % 5;
       insert into time_entries (id, organization_id, user_id, job_id, clock_in_at, clock_out_at, breaks, source,
                                 created_by, updated_by)
       select id, '${org}'::uuid, user_id, job_id, clock_in_at, clock_in_at + interval '8 hours',
              jsonb_build_array(jsonb_build_object(
                'starts_at', to_char((clock_in_at + interval '4 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'ends_at', to_char((clock_in_at + interval '270 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
              'punch', user_id, user_id
       from bench_entries;`,
    );
    await client.query(
      `insert into requests (organization_id, kind, status, author_id, shift_id, board_id, job_id, day, details, created_at)
       select '${org}'::uuid, 'claim', 'pending', p.id, s.id, s.job_scheduler_id, s.job_id,
              (s.starts_at at time zone '${ZONE}')::date, jsonb_build_object('shift', ${snapshot("s")}), ${created}
       from bench_open o join shifts s on s.id = o.id join bench_people p on p.n = o.j % ${people};

       insert into requests (organization_id, kind, status, author_id, shift_id, taker_id, accepted_at, board_id, job_id,
                             day, details, created_at)
       select '${org}'::uuid, 'cover', 'pending', a.id, s.id, q.id, now(), s.job_scheduler_id, s.job_id,
              (s.starts_at at time zone '${ZONE}')::date, jsonb_build_object('shift', ${snapshot("s")}), ${created}
       from generate_series(0, ${counts.cover - 1}) k
       join bench_people a on a.n = k % ${people}
       join bench_people q on q.n = case when a.n + 8 < ${people} then a.n + 8 else a.n - 8 end
       join bench_work w on w.p = a.n and w.w = k / ${people} and w.d = q.n % 5
       join shifts s on s.id = w.id;

       insert into requests (organization_id, kind, status, author_id, shift_id, other_shift_id, to_user_id, board_id,
                             job_id, day, details, created_at)
       select '${org}'::uuid, 'swap', 'pending', a.id, s.id, o.id, b.id, s.job_scheduler_id, s.job_id,
              (s.starts_at at time zone '${ZONE}')::date,
              jsonb_build_object('shift', ${snapshot("s")}, 'other_shift', ${snapshot("o")}), ${created}
       from generate_series(0, ${counts.swap - 1}) i
       join bench_people a on a.n = i % ${people}
       join bench_people b on b.n = (i + 1) % ${people}
       join bench_work wa on wa.p = a.n and wa.w = 2 + i / ${people} and wa.d = b.n % 5
       join bench_work wb on wb.p = b.n and wb.w = 2 + i / ${people} and wb.d = a.n % 5
       join shifts s on s.id = wa.id join shifts o on o.id = wb.id;

       insert into requests (organization_id, kind, status, author_id, day, details, note, created_at)
       select '${org}'::uuid, 'availability', 'pending', a.id, x.day::date,
              case when i < ${people}
                then jsonb_build_object('change', jsonb_build_object('type', 'weekly', 'effective_from', x.day,
                       'windows', jsonb_build_array(
                         jsonb_build_object('weekday', 1 + a.n % 5, 'kind', 'unavailable', 'start', '06:00', 'end', '12:00'),
                         jsonb_build_object('weekday', 6, 'kind', 'prefer'))))
                else jsonb_build_object('change', jsonb_build_object('type', 'exception', 'date', x.day, 'kind', 'unavailable'))
              end,
              'Classes', ${created}
       from generate_series(0, ${counts.availability - 1}) i
       join bench_people a on a.n = i % ${people}
       cross join lateral (select ('${dates.week}'::date + case when i < ${people} then (i % 4) * 7 else i % 20 end)::text as day) x;

       insert into requests (organization_id, kind, status, author_id, entry_id, job_id, day, details, note, created_at)
       select '${org}'::uuid, 'correction', 'pending', e.user_id, e.id, e.job_id, (e.clock_in_at at time zone '${ZONE}')::date,
              jsonb_build_object('correction', jsonb_build_object(
                'job_id', e.job_id,
                'clock_in_at', to_char(e.clock_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'clock_out_at', to_char((e.clock_in_at + interval '510 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'breaks', jsonb_build_array(jsonb_build_object(
                  'starts_at', to_char((e.clock_in_at + interval '4 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'ends_at', to_char((e.clock_in_at + interval '270 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
                'entry_version', 1)),
              'Forgot to clock out', ${created}
       from generate_series(0, ${counts.correction - 1}) i
       join bench_entries e on e.p = i % ${people} and e.d = ((i % ${people}) % 5 + 1 + i / ${people}) % 5;`,
    );
    const { rows } = await client.query(
      `select kind, count(*)::int as n from requests where organization_id = $1 and status = 'pending' group by kind`,
      [org],
    );
    const seeded = Object.fromEntries(rows.map((row) => [row.kind, row.n]));
    for (const [kind, n] of Object.entries(counts)) {
      if (seeded[kind] !== n) throw new Error(`seeded ${seeded[kind] ?? 0} ${kind} requests, not ${n}`);
    }
    await client.query("commit");
    await client.query("analyze");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The pending requests' ids by kind, oldest first (the inbox's pages show the newest). */
async function pendingIds(url, organizationId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select kind, array_agg(id order by created_at, id) as ids from requests
       where organization_id = $1 and status = 'pending' group by kind`,
      [organizationId],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, row.ids]));
  } finally {
    await client.end();
  }
}

/** Records requests.inbox_p95_ms (with `suffix`) for an organization seeded by seedRequests with `people`. */
export async function measureInbox(ctx, api, { people, suffix = "", note = "" }) {
  const pending = Object.values(countsFor(people)).reduce((a, b) => a + b, 0);
  const paths = [];
  let cursor = null;
  const kinds = new Set();
  for (let page = 0; page < PAGES; page++) {
    const path = `/api/requests?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ""}`;
    const { response, elapsed } = await api(path);
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
    const body = response.json();
    if (body.requests.length !== PAGE || body.requests.some((item) => item.impact === null)) {
      throw new Error(`page ${page + 1} holds ${body.requests.length} requests, not ${PAGE} with their impact`);
    }
    for (const item of body.requests) kinds.add(item.kind);
    if (page === 0) ctx.log(`first page: ${Math.round(elapsed)} ms, ${(response.text.length / 1024).toFixed(0)} KB`);
    paths.push(path);
    cursor = body.next_cursor;
  }
  const counted = await api("/api/requests/count");
  ctx.log(
    `count: ${Math.round(counted.elapsed)} ms, ${counted.response.json().pending} pending; pages hold ${[...kinds].join(", ")}`,
  );

  const times = [];
  for (let i = 0; i < WARMUP_REQUESTS + INBOX_REQUESTS; i++) {
    ctx.signal.throwIfAborted();
    const { response, elapsed } = await api(paths[i % paths.length]);
    if (response.status !== 200) throw new Error(`GET /api/requests answered ${response.status}`);
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  ctx.record(
    `requests.inbox_p95_ms${suffix}`,
    percentile(times, 95),
    `a page of ${PAGE} with impact, its first ${PAGES} pages in turn, ${INBOX_REQUESTS} one at a time; median ${median(times).toFixed(1)} ms; ${pending} pending, ${people} people, PostgreSQL${note}`,
  );
}

async function measureApprove(ctx, api, claims) {
  const times = [];
  const refused = new Map();
  for (const [i, id] of claims.entries()) {
    ctx.signal.throwIfAborted();
    const { response, elapsed } = await api(`/api/requests/${id}/approve`, { method: "POST", json: { version: 1 } });
    if (response.status !== 200) {
      const code = response.status >= 500 ? `${response.status}` : (JSON.parse(response.text).code ?? response.status);
      refused.set(code, (refused.get(code) ?? 0) + 1);
    }
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  const refusals = [...refused].map(([code, n]) => `${n} ${code}`).join(", ");
  if (refused.size > 0) ctx.log(`approvals refused: ${refusals}`);
  if ([...refused.values()].reduce((a, b) => a + b, 0) > claims.length / 10) {
    throw new Error(`more than a tenth of the approvals were refused: ${refusals}`);
  }
  ctx.record(
    "requests.approve_p95_ms",
    percentile(times, 95),
    `approving a claim of an open shift, request to answer; ${APPROVE_REQUESTS} one at a time; median ${median(times).toFixed(1)} ms${refusals ? `; refused: ${refusals}` : ""}`,
  );
}

async function measureBulk(ctx, api, ids) {
  const { response, elapsed } = await api("/api/requests/decisions", {
    method: "POST",
    json: { ids, decision: "approve" },
  });
  if (response.status !== 200)
    throw new Error(`POST /api/requests/decisions answered ${response.status}: ${response.text.slice(0, 300)}`);
  const outcomes = new Map();
  for (const result of response.json().results) {
    const key = result.outcome === "refused" ? `refused ${result.code}` : result.outcome;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  ctx.record(
    "requests.bulk_approve_ms",
    elapsed,
    `${ids.length} at once, 100 of each kind, request to answer; ${[...outcomes].map(([key, n]) => `${n} ${key}`).join(", ")}`,
  );
}
