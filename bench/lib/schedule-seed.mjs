import pg from "pg";

export const ZONE = "Asia/Beirut";
/** A Monday (the board's week start) with no daylight-saving change in its week or the three after. */
export const WEEK = "2027-06-07";
/** Mondays to Saturdays: people × 6 days shifts; Sundays stay free for moves. */
export const DAYS = 6;

/**
 * As the database owner (row-level security does not apply): jobs, one board
 * in Beirut with weeks from Monday, `people` active people on it with a phone,
 * a rate and a job, and people × 6 draft shifts (06:00–09:45 starts, 8 h,
 * 30 min break). `phonePrefix` and `label` (after job and board names) keep
 * two boards in one organization apart.
 *
 * The same seeding as bench/suites/schedule.mjs's seedSchedule, with the size
 * as a parameter; that suite should use this one.
 */
export async function seedSchedule(url, owner, { people: count = 500, phonePrefix = "79", label = "" } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    const org = owner.organizationId;
    const { rows: jobs } = await client.query(
      `insert into jobs (organization_id, name, color, hourly_rate)
       select $1, 'Job ' || n || $2, (array['#1864ab','#2b8a3e','#c92a2a','#862e9c'])[1 + n % 4], 10 + n
       from generate_series(1, 8) n returning id`,
      [org, label],
    );
    const {
      rows: [board],
    } = await client.query(
      `insert into job_schedulers (organization_id, name, time_zone, week_start)
       values ($1, 'Bench board' || $3, $2, 1) returning id`,
      [org, ZONE, label],
    );
    await client.query(
      `insert into job_scheduler_jobs (organization_id, job_scheduler_id, job_id) select $1, $2, unnest($3::uuid[])`,
      [org, board.id, jobs.map((job) => job.id)],
    );
    const { rows: people } = await client.query(
      `with made as (
         insert into users (first_name, last_name, phone, color)
         select (array['Layla','Karim','Rana','Sami','Élodie','Julien','Mateo','Sofía','Emily','Noah'])[1 + n % 10],
                'Person ' || n, '961' || $2 || lpad(n::text, 6, '0'), '#0b7285'
         from generate_series(0, $3::int - 1) n
         returning id, last_name
       )
       insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select $1, id, 'EMPLOYEE', 'active', 12.5 from made
       returning user_id, id`,
      [org, phonePrefix, count],
    );
    const userIds = people.map((person) => person.user_id);
    // The API names people by their id in the organization (memberships.id), rows by their account.
    const personIdOf = new Map(people.map((person) => [person.user_id, person.id]));
    const jobIds = userIds.map((_, n) => jobs[n % jobs.length].id);
    await client.query(
      `insert into membership_jobs (organization_id, user_id, job_id)
       select $1, unnest($2::uuid[]), unnest($3::uuid[])`,
      [org, userIds, jobIds],
    );
    await client.query(
      `insert into job_scheduler_members (organization_id, job_scheduler_id, user_id) select $1, $2, unnest($3::uuid[])`,
      [org, board.id, userIds],
    );
    // Person n works Monday to Saturday from 06:00 + (n mod 16) quarters, in the board's zone.
    await client.query(
      `with people as (select u.user_id, u.job_id, (u.n - 1)::int as n
                       from unnest($3::uuid[], $4::uuid[]) with ordinality as u(user_id, job_id, n))
       insert into shifts (organization_id, job_scheduler_id, user_id, job_id, starts_at, ends_at, break_minutes,
                           created_by, updated_by)
       select $1, $2, p.user_id, p.job_id, s.starts_at, s.starts_at + interval '8 hours', 30, $6, $6
       from people p cross join generate_series(0, ${DAYS - 1}) d
       cross join lateral (select ((($5::date + d) + make_interval(mins => 360 + (p.n % 16) * 15))::timestamp
                                   at time zone '${ZONE}') as starts_at) s`,
      [org, board.id, userIds, jobIds, WEEK, owner.userId],
    );
    await client.query("commit");
    await client.query("analyze");
    return { boardId: board.id, people: userIds, personIdOf, shifts: count * DAYS };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
