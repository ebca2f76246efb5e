import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { request } from "./client.mjs";
import { employees } from "./scenarios.mjs";

const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** A second owner of the organization (seeded as an employee, then made owner as the database owner). */
export async function secondOwner(cluster, organizationId) {
  const [person] = await employees(cluster, organizationId, 1, "75");
  const client = new pg.Client({ connectionString: cluster.ownerUrl });
  await client.connect();
  try {
    await client.query("update memberships set role = 'OWNER' where organization_id = $1 and user_id = $2", [
      organizationId,
      person.userId,
    ]);
  } finally {
    await client.end();
  }
  return person;
}

/** Resolves once the replica has replayed everything the primary has written so far. */
export async function replicaCaughtUp(cluster, timeoutMs = 10_000) {
  const [{ lsn }] = await cluster.primary.query("select pg_current_wal_lsn()::text as lsn");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ caught }] = await cluster.replica.query("select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught", [lsn]);
    if (caught) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay ${lsn} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export const pauseReplay = (cluster) => cluster.replica.query("select pg_wal_replay_pause()");
export const resumeReplay = (cluster) => cluster.replica.query("select pg_wal_replay_resume()");

/** POST/GET as `who` through `base`, with the read-your-writes cookie when given. */
export function asPerson(cluster, base, who, path, { method = "GET", json, cookie } = {}) {
  return request(`${base}${path}`, {
    method,
    ca: cluster.ca,
    json,
    headers: { ...bearer(who.token), ...(cookie ? { cookie } : {}) },
  });
}

/** The `ws_wal=…` pair of an answer's Set-Cookie, as a browser would send it back; null without one. */
export function walCookie(answer) {
  const cookies = [answer.headers["set-cookie"] ?? []].flat();
  return cookies.find((cookie) => cookie.startsWith("ws_wal="))?.split(";")[0] ?? null;
}

/** How many shifts a month answer counts. */
export const shiftsIn = (month) => month.json().days.reduce((sum, day) => sum + day.shifts, 0);
