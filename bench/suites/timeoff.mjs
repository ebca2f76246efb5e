import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const PEOPLE = 1_000;
const CALENDAR_PEOPLE = 500;
const ZONE = "Europe/Paris";
/** A Monday: biweekly pay periods start here and every 14 days from it. */
const ANCHOR = "2026-01-05";
const WARMUP_RECOMPUTES = 1;
const RECOMPUTES = 5;
const WARMUP_CALENDARS = 10;
const CALENDARS = 200;

/**
 * Time off at scale, on PostgreSQL.
 * - timeoff.balances_ms: recompute every balance of 1,000 people, each with a
 *   year of ledger (a start date 400 days ago; vacation accrued per pay period
 *   for half of them and per hours worked over 26 approved timesheets for the
 *   other half, a yearly sick grant with a carry-over limit, 15 days of
 *   approved leave and 2 adjustments each, about 45,000 entries in all).
 *   Measured as the first read of a day does it: every balance marked as
 *   computed yesterday, then GET /api/time-off/balances, which recomputes
 *   all 3,000 (people × types) and answers; median of 5 after 1 warm-up.
 * - timeoff.calendar_p95_ms: GET /api/time-off/calendar/all for a month with
 *   500 of those people's leave, p95 of 200 one at a time after 10 warm-up;
 *   skipped when the server has no calendar route.
 */
export default {
  name: "timeoff",
  requires: ["server"],
  timeoutMs: 300_000,
  rows: [
    { name: "timeoff.balances_ms", unit: "ms", max: 1000 },
    { name: "timeoff.calendar_p95_ms", unit: "ms", max: 100 },
  ],

  async run(ctx) {
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
    const owner = await signUpOwner(server.baseUrl, "Bench Time Off");
    const setup = await request(server.baseUrl, "/api/time-off/setup", { token: owner.token });
    if (setup.status !== 200) throw new Error(`GET /api/time-off/setup answered ${setup.status}: ${setup.text}`);
    const today = await seedLedgers(url, owner.organizationId, { people: PEOPLE, calendarPeople: CALENDAR_PEOPLE });
    ctx.log(`${PEOPLE} people with a year of leave entries up to ${today}`);
    await measureBalances(ctx, server.baseUrl, owner, url);
    await measureCalendar(ctx, server.baseUrl, owner, today, { calendarPeople: CALENDAR_PEOPLE });
  },
};

/** timeoff.balances_ms: every balance stale (computed yesterday), then the team's balances read. */
async function measureBalances(ctx, baseUrl, owner, url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  ctx.defer("close the bench's database client", () => client.end());
  const { rows } = await client.query(
    "select id from leave_types where organization_id = $1 order by position limit 1",
    [owner.organizationId],
  );
  const vacation = rows[0].id;
  const times = [];
  let about = "";
  for (let i = 0; i < WARMUP_RECOMPUTES + RECOMPUTES; i++) {
    ctx.signal.throwIfAborted();
    await client.query("update leave_balances set computed_on = computed_on - 1 where organization_id = $1", [
      owner.organizationId,
    ]);
    const started = now();
    const response = await request(baseUrl, `/api/time-off/balances?leave_type_id=${vacation}`, { token: owner.token });
    const elapsed = now() - started;
    if (response.status !== 200) throw new Error(`GET /api/time-off/balances answered ${response.status}`);
    const people = response.json().people;
    if (people.length !== PEOPLE + 1) throw new Error(`the balances list ${people.length} people`);
    if (i === 0) {
      const { rows: counted } = await client.query(
        "select count(*)::int as n from leave_ledger where organization_id = $1",
        [owner.organizationId],
      );
      about = `${counted[0].n} ledger entries`;
      ctx.log(`first recompute: ${Math.round(elapsed)} ms, ${about}`);
    }
    if (i >= WARMUP_RECOMPUTES) times.push(elapsed);
  }
  // The same read with every balance already computed today: what the recompute adds is the difference.
  const started = now();
  await request(baseUrl, `/api/time-off/balances?leave_type_id=${vacation}`, { token: owner.token });
  const fresh = now() - started;
  ctx.log(`the same read with nothing to recompute: ${Math.round(fresh)} ms`);
  ctx.record(
    "timeoff.balances_ms",
    median(times),
    `median of ${RECOMPUTES} after ${WARMUP_RECOMPUTES} warm-up; ${PEOPLE} people × 3 types recomputed and read; ${about}; the read alone ${Math.round(fresh)} ms; PostgreSQL`,
  );
}

/**
 * timeoff.calendar_p95_ms: the month calendar of "all" (the month before
 * today, where the seeded leave is). Skipped when the route is absent.
 */
export async function measureCalendar(ctx, baseUrl, owner, today, { calendarPeople, suffix = "", note = "" }) {
  const month = new Date(`${today}T00:00:00Z`);
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() - 1);
  const from = month.toISOString().slice(0, 10);
  const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
  const to = last.toISOString().slice(0, 10);
  const path = `/api/time-off/calendar/all?from=${from}&to=${to}`;
  const probe = await request(baseUrl, path, { token: owner.token });
  // "all" is never unknown to the real route: a 404 means the server has none.
  if (probe.status === 404) {
    ctx.skip(`timeoff.calendar_p95_ms${suffix}`, "this server has no GET /api/time-off/calendar/:board yet");
    return;
  }
  if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}: ${probe.text.slice(0, 200)}`);
  const times = [];
  for (let i = 0; i < WARMUP_CALENDARS + CALENDARS; i++) {
    ctx.signal.throwIfAborted();
    const started = now();
    const response = await request(baseUrl, path, { token: owner.token });
    const elapsed = now() - started;
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    if (i >= WARMUP_CALENDARS) times.push(elapsed);
  }
  ctx.record(
    `timeoff.calendar_p95_ms${suffix}`,
    percentile(times, 95),
    `p95 of ${CALENDARS} one at a time after ${WARMUP_CALENDARS} warm-up; median ${median(times).toFixed(0)} ms; ${from} – ${to}, ${calendarPeople} people on leave; ${(probe.text.length / 1024).toFixed(0)} KB of JSON; PostgreSQL${note}`,
  );
}

/**
 * As the database owner (row-level security does not apply): the
 * organization in Paris with biweekly periods; `people` employees started 400
 * days ago; a vacation policy per pay period (even people) or per hours
 * worked (odd people, with every biweekly period of the past year approved
 * at 75 h), a yearly sick grant with a carry-over limit; for each person 12
 * days of vacation and 3 of sick leave approved over the past year (the
 * first `calendarPeople` also have leave in the month before today, for the
 * calendar) and 2 adjustments. Returns today (in the organization's zone).
 */
export async function seedLedgers(url, organizationId, { people: count, calendarPeople }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `update organization_settings set time_zone = $2, week_start = 1, pay_period = 'biweekly', pay_period_anchor = $3
       where organization_id = $1`,
      [organizationId, ZONE, ANCHOR],
    );
    const { rows: todayRow } = await client.query(`select (now() at time zone $1)::date::text as today`, [ZONE]);
    const today = todayRow[0].today;
    const { rows: types } = await client.query(
      "select id from leave_types where organization_id = $1 order by position",
      [organizationId],
    );
    const [vacation, sick] = types.map((type) => type.id);
    const { rows: policies } = await client.query(
      `insert into leave_policies (organization_id, leave_type_id, name, accrual, amount_minutes, per_worked_minutes,
                                   reset_month, reset_day, prorate, max_balance_minutes, carryover_max_minutes)
       values ($1, $2, 'Per period', 'per_period', 240, null, 1, 1, true, 12000, null),
              ($1, $2, 'Per hours', 'per_hours', 60, 1800, 1, 1, true, 12000, 2400),
              ($1, $3, 'Sick', 'yearly', 4800, null, 1, 1, true, null, 2400)
       returning id`,
      [organizationId, vacation, sick],
    );
    const [perPeriod, perHours, sickPolicy] = policies.map((policy) => policy.id);
    const { rows: people } = await client.query(
      `with made as (
         insert into users (first_name, last_name, phone, color)
         select (array['Layla','Karim','Rana','Sami','Élodie','Julien','Mateo','Sofía','Emily','Noah'])[1 + n % 10],
                'Person ' || n, '96176' || lpad(n::text, 6, '0'), '#0b7285'
         from generate_series(0, $3::int - 1) n
         returning id
       )
       insert into memberships (organization_id, user_id, role, status, started_on)
       select $1, id, 'EMPLOYEE', 'active', $2::date - 400 from made
       returning user_id`,
      [organizationId, today, count],
    );
    const userIds = people.map((person) => person.user_id);
    await client.query(
      `insert into leave_assignments (organization_id, user_id, leave_type_id, policy_id)
       select $1::uuid, u, $2::uuid, case when n % 2 = 0 then $3::uuid else $4::uuid end
       from unnest($5::uuid[]) with ordinality as x(u, n)
       union all
       select $1::uuid, u, $6::uuid, $7::uuid from unnest($5::uuid[]) as y(u)`,
      [organizationId, vacation, perPeriod, perHours, userIds, sick, sickPolicy],
    );
    // Every biweekly period ended in the past year, approved for the odd people, 75 h each.
    await client.query(
      `insert into timesheet_approvals (organization_id, user_id, period_start, period_end, worked_minutes)
       select $1, u, p::date, p::date + 13, 4500
       from unnest($2::uuid[]) with ordinality as x(u, n)
       cross join generate_series($3::date - 364, $3::date - 14, interval '14 days') as g(p)
       where n % 2 = 1`,
      [organizationId, userIds, nearestPeriodStart(today)],
    );
    // One request per day of leave: 12 of vacation and 3 of sick leave a person, spread over the year.
    await client.query(
      `with leave as (
         select u, n, k, case when k < 12 then $2::uuid else $3::uuid end as type_id,
                ($4::date - 360 + ((n * 7 + k * 23) % 330)::int) as day
         from unnest($5::uuid[]) with ordinality as x(u, n) cross join generate_series(0, 14) k
         union all
         select u, n, 99, $2::uuid, ($4::date - 25 + (n % 20)::int)
         from unnest($5::uuid[]) with ordinality as x(u, n) where n <= ${calendarPeople}
       ),
       made as (
         insert into requests (organization_id, kind, status, author_id, day, ends_on, leave_type_id, details, decided_at)
         select $1, 'time_off', 'approved', u, day, day, type_id, '{}'::jsonb, now() from leave
         returning id, author_id, day
       )
       insert into time_off_days (organization_id, request_id, user_id, day, minutes, starts_at, ends_at)
       select $1, id, author_id, day, 420, (day::timestamp at time zone $6), ((day + 1)::timestamp at time zone $6)
       from made`,
      [organizationId, vacation, sick, today, userIds, ZONE],
    );
    await client.query(
      `insert into leave_ledger (organization_id, user_id, leave_type_id, kind, minutes, effective_on, reason)
       select $1, u, $2, 'adjustment', case when k = 0 then 600 else -120 end, $3::date - 300 + k * 100, 'Bench'
       from unnest($4::uuid[]) as x(u) cross join generate_series(0, 1) k`,
      [organizationId, vacation, today, userIds],
    );
    await client.query("commit");
    await client.query("analyze");
    return today;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The start of the biweekly period holding `today` (periods run every 14 days from ANCHOR). */
function nearestPeriodStart(today) {
  const day = 86_400_000;
  const since = Math.floor((Date.parse(today) - Date.parse(ANCHOR)) / day);
  return new Date(Date.parse(ANCHOR) + Math.floor(since / 14) * 14 * day).toISOString().slice(0, 10);
}
