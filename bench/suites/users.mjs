import { createHmac, randomInt } from "node:crypto";
import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";

const PEOPLE = 5_000;
const LIST_REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const IMPORT_ROWS = 1_000;
const IMPORT_RUNS = 3;
const SIGNING_KEY = "workshift-bench-signing-key";
/** Searches a manager types: parts of names, of a phone number, of an email. */
const SEARCHES = ["mar", "Haddad", "ali", "4521", "example.com", "Sofía", "zz", "ch", "1234", "Lucas M"];

/**
 * The team at scale.
 * - users.list_p95_ms: GET /api/people, one page of 50 with a search term, in an
 *   organization of 5,000 people on PostgreSQL; p95 of 200 requests sent one
 *   after another (after 20 warm-up requests), the terms rotating.
 * - users.csv_import_ms: POST /api/people/import of a 1,000-row CSV on the
 *   embedded database (the default), request to answer; median of 3 runs, each
 *   into a new organization.
 * The server runs with NODE_ENV=development and no message provider, so the
 * owner signs up through the real API and reads the code from the dev outbox.
 */
export default {
  name: "users",
  requires: ["server"],
  timeoutMs: 300_000,
  rows: [
    { name: "users.list_p95_ms", unit: "ms", max: 50 },
    { name: "users.csv_import_ms", unit: "ms", max: 3000 },
  ],

  async run(ctx) {
    await measureList(ctx);
    await measureImport(ctx);
  },
};

export const devEnv = { NODE_ENV: "development", SMTP_URL: "", SMTP_FROM: "", OTP_SIGNING_KEY: SIGNING_KEY };

export async function request(baseUrl, path, { method = "GET", token, json, headers: extra = {} } = {}) {
  const headers = { ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** A new owner with a new organization, through sign-up as the web app does it; their access token. */
export async function signUpOwner(baseUrl, company) {
  const phone = `96171${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const sent = await request(baseUrl, `/api/auth/resend-otp?phone=${phone}`);
  if (sent.status !== 200) throw new Error(`resend-otp answered ${sent.status}: ${sent.text}`);
  const outbox = await request(baseUrl, `/api/dev/outbox?to=${encodeURIComponent(`+${phone}`)}`);
  const code = outbox.status === 200 ? outbox.json().messages[0]?.code : undefined;
  if (!code) throw new Error(`no code in the dev outbox: ${outbox.status} ${outbox.text.slice(0, 200)}`);
  const timestamp = Date.now();
  const device_id = "bench";
  const signature = createHmac("sha256", SIGNING_KEY).update(`${phone}:${device_id}:${timestamp}`).digest("hex");
  const registered = await request(baseUrl, "/api/auth/register", {
    method: "POST",
    json: {
      first_name: "Bench",
      last_name: "Owner",
      phone,
      company_name: company,
      otp: code,
      device_id,
      signature,
      timestamp,
    },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const session = registered.json();
  return {
    token: session.access,
    refresh: session.refresh,
    userId: session.user.id,
    organizationId: session.user.organization_id,
  };
}

/** 5,000 people with jobs, boards and some invitations, written straight into PostgreSQL (as its owner). */
export async function seedTeam(url, organizationId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into jobs (organization_id, name, color)
       select $1, 'Job ' || n, '#1864ab' from generate_series(1, 8) n`,
      [organizationId],
    );
    await client.query(
      `insert into job_schedulers (organization_id, name) select $1, 'Board ' || n from generate_series(1, 3) n`,
      [organizationId],
    );
    await client.query(
      `with names as (
         select array['Layla','Karim','Rana','Sami','Élodie','Julien','Camille','Mateo','Sofía','Lucía',
                      'Emily','James','Olivia','Noah','Marc','Nadia','Ali','Maria','Lucas','Chloé'] as first,
                array['Haddad','Khoury','Saab','Nasser','Martin','Bernard','Moreau','García','López','Pérez',
                      'Smith','Jones','Brown','Taylor','Dubois','Mansour','Hassan','Ruiz','Laurent','Evans'] as last
       ), people as (
         select n, gen_random_uuid() as id,
                (select first[1 + (n * 7) % 20] from names) as first_name,
                (select last[1 + (n * 13) % 20] from names) || ' ' || n as last_name
         from generate_series(1, ${PEOPLE}) n
       ), made as (
         insert into users (id, first_name, last_name, phone, email, color)
         select id, first_name, last_name, '96178' || lpad(n::text, 6, '0'),
                case when n % 3 = 0 then 'person' || n || '@example.com' end, '#0b7285'
         from people
         returning id
       )
       insert into memberships (organization_id, user_id, role, status, hourly_rate)
       select $1, id, case when random() < 0.05 then 'SUPERVISOR' else 'EMPLOYEE' end,
              case when random() < 0.1 then 'invited' else 'active' end, 12.5
       from made`,
      [organizationId],
    );
    await client.query(
      `insert into membership_jobs (organization_id, user_id, job_id)
       select m.organization_id, m.user_id, (select id from jobs j where j.organization_id = m.organization_id
                                              order by md5(j.id::text || m.user_id::text) limit 1)
       from memberships m where m.organization_id = $1 and m.role <> 'OWNER'`,
      [organizationId],
    );
    await client.query(
      `insert into job_scheduler_members (organization_id, user_id, job_scheduler_id)
       select m.organization_id, m.user_id, (select id from job_schedulers b where b.organization_id = m.organization_id
                                              order by md5(b.id::text || m.user_id::text) limit 1)
       from memberships m where m.organization_id = $1 and m.role <> 'OWNER'`,
      [organizationId],
    );
    await client.query(
      `insert into invitations (organization_id, user_id, token_hash, channel, expires_at)
       select organization_id, user_id, md5(random()::text) || md5(random()::text), 'sms', now() + interval '7 days'
       from memberships where organization_id = $1 and status = 'invited'`,
      [organizationId],
    );
    await client.query("commit");
    await client.query("analyze");
    const { rows } = await client.query("select count(*)::int as n from memberships where organization_id = $1", [
      organizationId,
    ]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measureList(ctx) {
  const { url } = await createTempDatabase({ ctx });
  const server = await ctx.startServer({ databaseUrl: url, env: devEnv });
  const owner = await signUpOwner(server.baseUrl, "Bench Team");
  const members = await seedTeam(url, owner.organizationId);
  ctx.log(`organization of ${members} people`);

  const times = [];
  for (let i = 0; i < WARMUP_REQUESTS + LIST_REQUESTS; i++) {
    ctx.signal.throwIfAborted();
    const search = encodeURIComponent(SEARCHES[i % SEARCHES.length]);
    const started = now();
    const response = await request(server.baseUrl, `/api/people?search=${search}&page_size=50`, { token: owner.token });
    const elapsed = now() - started;
    if (response.status !== 200) throw new Error(`GET /api/people answered ${response.status}: ${response.text}`);
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  const all = await request(server.baseUrl, "/api/people?page_size=50&sort=-created", { token: owner.token });
  ctx.log(`unfiltered page: total ${all.json().total}`);
  ctx.record(
    "users.list_p95_ms",
    percentile(times, 95),
    `${LIST_REQUESTS} requests one at a time, ${SEARCHES.length} search terms; median ${median(times).toFixed(1)} ms; ${members} people, PostgreSQL`,
  );
}

function importCsv(block) {
  const lines = ["first_name,last_name,phone,email,role,jobs,schedules,hourly_rate"];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const phone = `+96176${String(block * IMPORT_ROWS + i).padStart(6, "0")}`;
    const email = i % 4 === 0 ? `import${block}.${i}@example.com` : "";
    lines.push(
      `Person ${i},"Imported, ${block}",${phone},${email},${i % 25 === 0 ? "supervisor" : ""},,,"${10 + (i % 9)},50"`,
    );
  }
  return lines.join("\r\n");
}

async function measureImport(ctx) {
  const server = await ctx.startServer({ dataDir: await ctx.freshDataDir(), env: devEnv });
  const runs = [];
  for (let run = 0; run < IMPORT_RUNS; run++) {
    ctx.signal.throwIfAborted();
    const owner = await signUpOwner(server.baseUrl, `Import ${run}`);
    const csv = importCsv(run);
    const started = now();
    const response = await request(server.baseUrl, "/api/people/import", {
      method: "POST",
      token: owner.token,
      json: { csv },
    });
    const elapsed = now() - started;
    if (response.status !== 201) throw new Error(`import answered ${response.status}: ${response.text.slice(0, 300)}`);
    const team = await request(server.baseUrl, "/api/people?status=invited&page_size=1", { token: owner.token });
    if (team.json().total !== IMPORT_ROWS) throw new Error(`after the import, ${team.json().total} people are invited`);
    runs.push(elapsed);
    ctx.log(`import ${run + 1}/${IMPORT_RUNS}: ${Math.round(elapsed)} ms`);
  }
  ctx.record(
    "users.csv_import_ms",
    median(runs),
    `median of ${runs.map(Math.round).join(", ")} ms; ${IMPORT_ROWS} rows, embedded database`,
  );
}
