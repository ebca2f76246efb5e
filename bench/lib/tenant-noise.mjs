import pg from "pg";
import { ZONE } from "./schedule-board.mjs";

/**
 * Other organizations' data in the same database, as the owner writes it
 * (row-level security does not apply): per organization a board, two jobs,
 * `people` people (accounts, memberships, jobs, board places), each with a
 * shift on Monday to Saturday of `week` and of the week before (the same
 * instants as the measured board's, so an index that does not lead with
 * organization_id would have to step over them), and a time entry for each
 * weekday worked the week before. Foreign-key triggers are off while seeding
 * (session_replication_role): every id comes from the rows just made, and the
 * exclusion constraints and indexes are still maintained. Returns row counts.
 */
export async function seedOtherOrganizations(url, { organizations, people, week }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query(
      `create temp table noise_orgs on commit drop as
       select gen_random_uuid() as id, gen_random_uuid() as board_id, gen_random_uuid() as job_a,
              gen_random_uuid() as job_b, n
       from generate_series(1, $1::int) n`,
      [organizations],
    );
    await client.query("insert into organizations (id, title) select id, 'Tenant ' || n from noise_orgs");
    await client.query("insert into organization_settings (organization_id, time_zone) select id, $1 from noise_orgs", [
      ZONE,
    ]);
    await client.query(
      `insert into jobs (id, organization_id, name, color)
       select job_a, id, 'Floor', '#1864ab' from noise_orgs
       union all select job_b, id, 'Kitchen', '#2b8a3e' from noise_orgs`,
    );
    await client.query(
      `insert into job_schedulers (id, organization_id, name, time_zone, week_start)
       select board_id, id, 'Main board', $1, 1 from noise_orgs`,
      [ZONE],
    );
    await client.query(
      `insert into job_scheduler_jobs (organization_id, job_scheduler_id, job_id)
       select id, board_id, job_a from noise_orgs union all select id, board_id, job_b from noise_orgs`,
    );
    await client.query(
      `create temp table noise_people on commit drop as
       select o.id as org, o.board_id, case when k % 2 = 0 then o.job_a else o.job_b end as job_id,
              gen_random_uuid() as user_id, (o.n - 1) * $1::int + k as n, k
       from noise_orgs o cross join generate_series(0, $1::int - 1) k`,
      [people],
    );
    await client.query(
      `insert into users (id, first_name, last_name, phone, color)
       select user_id, 'Other', 'Person ' || n, '962' || lpad(n::text, 9, '0'), '#0b7285' from noise_people`,
    );
    await client.query(
      `insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select org, user_id, 'EMPLOYEE', 'active', 11 from noise_people`,
    );
    await client.query(
      "insert into membership_jobs (organization_id, user_id, job_id) select org, user_id, job_id from noise_people",
    );
    await client.query(
      `insert into job_scheduler_members (organization_id, job_scheduler_id, user_id)
       select org, board_id, user_id from noise_people`,
    );
    // Published shifts, as most weeks on a board are.
    const shifts = await client.query(
      `insert into shifts (organization_id, job_scheduler_id, user_id, job_id, starts_at, ends_at, break_minutes,
                           published_at, published_user_id, published_job_id, published_starts_at,
                           published_ends_at, published_break_minutes)
       select p.org, p.board_id, p.user_id, p.job_id, s.starts_at, s.starts_at + interval '8 hours', 30,
              now(), p.user_id, p.job_id, s.starts_at, s.starts_at + interval '8 hours', 30
       from noise_people p cross join generate_series(0, 5) d cross join (values (-7), (0)) w(offset_days)
       cross join lateral (select ((($1::date + w.offset_days + d) + make_interval(mins => 360 + (p.k % 16) * 15))::timestamp
                                   at time zone '${ZONE}') as starts_at) s`,
      [week],
    );
    const entries = await client.query(
      `insert into time_entries (organization_id, user_id, job_id, clock_in_at, clock_out_at, breaks, source)
       select p.org, p.user_id, p.job_id, s.starts_at + interval '3 minutes', s.starts_at + interval '8 hours 5 minutes',
              jsonb_build_array(jsonb_build_object('starts_at', s.starts_at + interval '4 hours',
                                                   'ends_at', s.starts_at + interval '4 hours 30 minutes')),
              'punch'
       from noise_people p cross join generate_series(0, 4) d
       cross join lateral (select ((($1::date - 7 + d) + make_interval(mins => 360 + (p.k % 16) * 15))::timestamp
                                   at time zone '${ZONE}') as starts_at) s`,
      [week],
    );
    await client.query("commit");
    await client.query("analyze");
    return { organizations, people: organizations * people, shifts: shifts.rowCount, timeEntries: entries.rowCount };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
