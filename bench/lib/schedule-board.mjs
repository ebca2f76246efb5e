import pg from "pg";

/** Mondays to Saturdays: each person has a shift a day; Sundays stay free for moves. */
export const DAYS = 6;
export const ZONE = "Asia/Beirut";
/** A Monday (the board's week start) with no daylight-saving change in its week or the three after. */
export const WEEK = "2027-06-07";

/** The board's size: `people` on it, each with a shift on each of the week's DAYS. */
export const boardSize = (people) => ({ people, shifts: people * DAYS });

export const addDays = (date, days) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * As the database owner (row-level security does not apply): jobs, one board
 * in Beirut with weeks from Monday, `size.people` active people on it with a
 * phone, a rate and a job, and people × DAYS draft shifts in WEEK (06:00–09:45
 * starts, 8 h, 30 min break). Phones are 961 + `phonePrefix` + six digits, so
 * two boards in one database need two prefixes.
 */
export async function seedSchedule(url, owner, size, { phonePrefix = "79", label = "" } = {}) {
  const count = size.people;
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
      `with people as (select unnest($3::uuid[]) as user_id, unnest($4::uuid[]) as job_id,
                              generate_series(0, $7::int - 1) as n)
       insert into shifts (organization_id, job_scheduler_id, user_id, job_id, starts_at, ends_at, break_minutes,
                           created_by, updated_by)
       select $1, $2, p.user_id, p.job_id, s.starts_at, s.starts_at + interval '8 hours', 30, $6, $6
       from people p cross join generate_series(0, ${DAYS - 1}) d
       cross join lateral (select ((($5::date + d) + make_interval(mins => 360 + (p.n % 16) * 15))::timestamp
                                   at time zone '${ZONE}') as starts_at) s`,
      [org, board.id, userIds, jobIds, WEEK, owner.userId, count],
    );
    await client.query("commit");
    await client.query("analyze");

    // Each Monday shift, and the same wall clock six days later (the Sunday a move puts it on).
    const { rows: mondays } = await client.query(
      `select id, user_id, starts_at, ends_at,
              ((starts_at at time zone $2) + interval '6 days') at time zone $2 as sunday_starts_at,
              ((ends_at at time zone $2) + interval '6 days') at time zone $2 as sunday_ends_at
       from shifts where job_scheduler_id = $1 and (starts_at at time zone $2)::date = $3::date`,
      [board.id, ZONE, WEEK],
    );
    const mondayOf = new Map(mondays.map((shift) => [shift.user_id, shift]));
    return { boardId: board.id, people: userIds, personIdOf, mondayOf, size };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
