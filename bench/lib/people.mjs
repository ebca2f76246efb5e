import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import pg from "pg";

/** What the server signs (auth/access-token.ts, keys derived as auth/keys.ts does), for a live session. */
export function accessToken(secret, userId, organizationId, sessionId) {
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
 * As the database owner: `count` active employees of the organization, each
 * signed in to it (a session, as sign-in makes one: every request checks it).
 * Phones are 961 + `prefix` + a six-digit number, so two calls in one
 * database need two prefixes.
 */
export async function seedPeople(url, organizationId, count, prefix = "70") {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `with made as (
         insert into users (first_name, last_name, phone, color)
         select 'Person', 'No ' || n, '961' || $2 || lpad(n::text, 6, '0'), '#0b7285'
         from generate_series(1, $3::int) n
         returning id
       ), joined as (
         insert into memberships (organization_id, user_id, role, status)
         select $1, id, 'EMPLOYEE', 'active' from made
         returning user_id
       )
       insert into refresh_tokens (family_id, user_id, organization_id, token_hash, family_expires_at)
       select gen_random_uuid(), user_id, $1, gen_random_uuid()::text, now() + interval '1 day' from joined
       returning user_id as "userId", family_id as "sessionId"`,
      [organizationId, prefix, count],
    );
    await client.query("analyze");
    return rows;
  } finally {
    await client.end();
  }
}

/** People without exactly one punch and one open entry. */
export async function countLost(url, organizationId, people) {
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
