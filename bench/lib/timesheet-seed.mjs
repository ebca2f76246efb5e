import pg from "pg";

export const ZONE = "Asia/Beirut";
/** A Monday: the biweekly periods start here (and every 14 days from it); no daylight-saving change in it. */
export const PERIOD_START = "2026-06-01";
export const PERIOD_END = "2026-06-14";
/** A day inside the period, as the page asks for it. */
export const DATE = "2026-06-03";
/** Mondays to Fridays of both weeks, two entries a day (with a break each): people × 10 × 2 entries. */
const WORK_DAYS = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11];
export const entriesOf = (people) => people * WORK_DAYS.length * 2;

/**
 * As the database owner (row-level security does not apply): the period
 * biweekly from PERIOD_START in Beirut, eight jobs, `people` active people (half
 * paid their own rate, half their jobs'), and for each working day two
 * entries: 08:00–12:00 with a 15-minute break, then 13:00–17:00 (every third
 * person until 18:30, past the weekly 40 h) with another, the afternoon on
 * another job for every other person.
 */
export async function seedPeriod(url, organizationId, ownerId, { people: count = 500 } = {}) {
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
         from generate_series(0, $2::int - 1) n
         returning id
       )
       insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select $1, id, 'EMPLOYEE', 'active', case when random() < 0.5 then 12.5 end from made
       returning user_id`,
      [organizationId, count],
    );
    const userIds = people.map((person) => person.user_id);
    const jobIds = jobs.map((job) => job.id);
    await client.query(
      `with people as (select u.user_id, (u.n - 1)::int as n from unnest($2::uuid[]) with ordinality as u(user_id, n)),
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
