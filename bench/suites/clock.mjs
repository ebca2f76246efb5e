import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { SignJWT } from "jose";
import pg from "pg";
import { createTempDatabase } from "../lib/postgres.mjs";
import { median } from "../lib/stats.mjs";
import { now } from "../lib/time.mjs";
import { devEnv, percentile, request, signUpOwner } from "./users.mjs";

const PEOPLE = 1000;
/** Everyone clocks in within this window (the target: "within 60 s"); BENCH_CLOCK_WINDOW_MS shortens it for a try. */
const WINDOW_MS = Number(process.env.BENCH_CLOCK_WINDOW_MS ?? 60_000);
/** The retry follows its punch after up to this long: often before the first answer is back. */
const RETRY_AFTER_MAX_MS = 300;

/**
 * Clocking in at scale, on PostgreSQL: 1,000 people each clock in
 * once at a random moment within 60 s, and each punch is sent twice (a
 * retry, as a phone that lost the first answer would), so 2,000 requests.
 * - clock.burst_lost: punches missing or duplicated afterwards (people
 *   without exactly one punch and one open entry). Target 0.
 * - clock.burst_p99_ms: p99 of the 2,000 requests' latency. Target ≤ 200.
 * People and their access tokens are made directly (sign-up by one-time
 * code for a thousand people would measure the code limits instead): the
 * server runs with a known APP_SECRET and the suite signs tokens as it does.
 */
export default {
  name: "clock",
  requires: ["server"],
  timeoutMs: WINDOW_MS + 180_000,
  rows: [
    { name: "clock.burst_lost", unit: "punches", max: 0 },
    { name: "clock.burst_p99_ms", unit: "ms", max: 200 },
  ],

  async run(ctx) {
    const secret = randomBytes(32).toString("hex");
    const { url } = await createTempDatabase({ ctx });
    const server = await ctx.startServer({ databaseUrl: url, env: { ...devEnv, APP_SECRET: secret } });
    const owner = await signUpOwner(server.baseUrl, "Bench Clock");
    const sessions = await seedPeople(url, owner.organizationId);
    const people = sessions.map((session) => session.userId);
    const tokens = await Promise.all(
      sessions.map(({ userId, sessionId }) => accessToken(secret, userId, owner.organizationId, sessionId)),
    );
    ctx.log(`${PEOPLE} people; clocking in over ${WINDOW_MS / 1000} s, each punch sent twice`);

    const started = now();
    const times = [];
    const failures = [];
    const send = async (token, body) => {
      const t0 = now();
      const response = await request(server.baseUrl, "/api/my/punches", { method: "POST", token, json: body });
      times.push(now() - t0);
      if (response.status !== 201 && response.status !== 200)
        failures.push(`${response.status} ${response.text.slice(0, 120)}`);
    };
    await Promise.all(
      tokens.map(async (token) => {
        await sleep(Math.random() * WINDOW_MS);
        ctx.signal.throwIfAborted();
        const body = { id: randomUUID(), kind: "clock_in", at: new Date().toISOString() };
        const first = send(token, body);
        await sleep(Math.random() * RETRY_AFTER_MAX_MS);
        await Promise.all([first, send(token, body)]);
      }),
    );
    const elapsed = now() - started;

    const lost = await countLost(url, owner.organizationId, people);
    ctx.record(
      "clock.burst_lost",
      lost.missing + lost.duplicated,
      `${lost.missing} missing, ${lost.duplicated} duplicated of ${PEOPLE}; ${failures.length} refused answers${failures[0] ? ` (e.g. ${failures[0]})` : ""}`,
    );
    ctx.record(
      "clock.burst_p99_ms",
      percentile(times, 99),
      `${times.length} requests in ${(elapsed / 1000).toFixed(1)} s; median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; PostgreSQL`,
    );
  },
};

/** What the server signs (auth/access-token.ts, keys derived as auth/keys.ts does), for a live session. */
function accessToken(secret, userId, organizationId, sessionId) {
  const key = new Uint8Array(createHmac("sha256", secret).update("workshift/access-token").digest());
  return new SignJWT({ org: organizationId, role: "EMPLOYEE", sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer("workshift")
    .setAudience("workshift-api")
    .setIssuedAt()
    .setExpirationTime("30m")
    .sign(key);
}

/**
 * As the database owner: PEOPLE active employees of the organization, each
 * signed in to it (a session, as sign-in makes one: every request checks it).
 */
async function seedPeople(url, organizationId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `with made as (
         insert into users (first_name, last_name, phone, color)
         select 'Person', 'No ' || n, '96170' || lpad(n::text, 6, '0'), '#0b7285'
         from generate_series(1, ${PEOPLE}) n
         returning id
       ), joined as (
         insert into memberships (organization_id, user_id, role, status)
         select $1, id, 'EMPLOYEE', 'active' from made
         returning user_id
       )
       insert into refresh_tokens (family_id, user_id, organization_id, token_hash, family_expires_at)
       select gen_random_uuid(), user_id, $1, gen_random_uuid()::text, now() + interval '1 day' from joined
       returning user_id as "userId", family_id as "sessionId"`,
      [organizationId],
    );
    await client.query("analyze");
    return rows;
  } finally {
    await client.end();
  }
}

/** People without exactly one punch and one open entry. */
async function countLost(url, organizationId, people) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select p.user_id,
              (select count(*) from time_punches t where t.organization_id = $1 and t.user_id = p.user_id)::int as punches,
              (select count(*) from time_entries e where e.organization_id = $1 and e.user_id = p.user_id
                 and e.deleted_at is null)::int as entries
       from unnest($2::uuid[]) as p(user_id)`,
      [organizationId, people],
    );
    let missing = 0;
    let duplicated = 0;
    for (const row of rows) {
      if (row.punches === 0 || row.entries === 0) missing += 1;
      duplicated += Math.max(0, row.punches - 1) + Math.max(0, row.entries - 1);
    }
    return { missing, duplicated };
  } finally {
    await client.end();
  }
}
