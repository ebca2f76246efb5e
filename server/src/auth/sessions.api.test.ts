import type { SessionResponse } from "@workshift/contracts";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signInAgain, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { openStream } from "../../test/event-stream.ts";
import { apiOperations, callOperation } from "../../test/operations.ts";
import { startTestServer, TEST_KEYS, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (token: string) =>
  server.request("/api/auth/v2/refresh-token", { method: "POST", json: { refresh_token: token } });

const now = () => Math.floor(Date.now() / 1000);

describe("access tokens", () => {
  it("are required, and a missing, forged, expired or foreign token answers 403 token_invalid", async () => {
    const person = await signUp(server);
    const { sid } = decodeJwt(person.access);
    const sign = (claims: { iss?: string; aud?: string; exp?: number }, key = TEST_KEYS.access) =>
      new SignJWT({ org: person.organizationId, role: "OWNER", sid })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(person.user.id)
        .setIssuer(claims.iss ?? "workshift")
        .setAudience(claims.aud ?? "workshift-api")
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? now() + 60)
        .sign(key);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: person.user.id, sid, iss: "workshift", aud: "workshift-api" }),
    ).toString("base64url")}.`;
    const tokens = [
      "",
      "garbage",
      unsigned,
      await sign({ exp: now() - 10 }),
      await sign({ aud: "someone-else" }),
      await sign({ iss: "someone-else" }),
      await sign({}, new Uint8Array(32)),
    ];
    for (const token of tokens) {
      const response = await server.request("/api/auth/me", { headers: token ? bearer(token) : {} });
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ code: "token_invalid" });
    }
    expect((await server.request("/api/auth/me", { headers: bearer(await sign({})) })).status).toBe(200);
  });

  it("need every claim the server sets, rightly typed, and live no longer than the server makes them", async () => {
    const person = await signUp(server);
    const issued = decodeJwt(person.access);
    const claims = { sub: issued.sub, iss: "workshift", aud: "workshift-api", iat: now(), exp: now() + 600 };
    const payload = { ...claims, sid: issued.sid, org: issued.org, role: issued.role };
    const sign = (body: Record<string, unknown>, header: Record<string, string> = { typ: "JWT" }) =>
      new SignJWT(body).setProtectedHeader({ alg: "HS256", ...header }).sign(TEST_KEYS.access);
    const without = (name: keyof typeof payload) =>
      Object.fromEntries(Object.entries(payload).filter(([key]) => key !== name));
    const refused = {
      "no exp (it would never expire)": await sign(without("exp")),
      "no iat": await sign(without("iat")),
      "no sub": await sign(without("sub")),
      "no sid": await sign(without("sid")),
      "no org": await sign(without("org")),
      "no role": await sign(without("role")),
      "a sub that is no id": await sign({ ...payload, sub: "'; drop table users; --" }),
      "an org that is no id": await sign({ ...payload, org: 42 }),
      "a role nobody has": await sign({ ...payload, role: "ROOT" }),
      "issued 20 minutes ago, expiring tomorrow": await sign({ ...payload, iat: now() - 1200, exp: now() + 86_400 }),
      "issued in the future": await sign({ ...payload, iat: now() + 3600, exp: now() + 4200 }),
      "another type of token": await sign(payload, { typ: "at+jwt" }),
    };
    const accepted: string[] = [];
    for (const [what, token] of Object.entries(refused)) {
      const response = await server.request("/api/auth/me", { headers: bearer(token) });
      if (response.status !== 403 || response.json().code !== "token_invalid") accepted.push(what);
    }
    expect(accepted).toEqual([]);
    // The same claims, all present, are accepted.
    expect((await server.request("/api/auth/me", { headers: bearer(await sign(payload)) })).status).toBe(200);
  });
});

/** Every route that needs a token and did not refuse `token` with 403 token_invalid, as "METHOD path status". */
async function routesAccepting(token: string): Promise<string[]> {
  const guarded = (await apiOperations(server)).filter((op) => op.access !== "public");
  expect(guarded.length).toBeGreaterThan(50);
  const accepted: string[] = [];
  for (const operation of guarded) {
    const { status, code } = await callOperation(server, operation, token);
    if (status !== 403 || code !== "token_invalid") {
      accepted.push(`${operation.method} ${operation.path} ${status} ${code ?? ""}`);
    }
  }
  return accepted;
}

const jobsOf = async (organizationId: string) => {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) => tx.selectFrom("jobs").select("name").execute());
};

describe("the end of a session", () => {
  it("logout: no route accepts that session's access token any more, to read or to write", async () => {
    const person = await signUp(server);
    const job = (name: string) => ({
      method: "POST",
      headers: bearer(person.access),
      json: { name, color: "#0b7285" },
    });
    expect((await server.request("/api/jobs", job("Before"))).status).toBe(201);
    const stream = await openStream(server, person.access, "all");
    expect(stream.status).toBe(200);
    stream.close();

    expect((await server.request("/api/auth/logout", { headers: bearer(person.access) })).status).toBe(200);

    const write = await server.request("/api/jobs", job("After"));
    expect(write.status).toBe(403);
    expect(write.json()).toMatchObject({ code: "token_invalid" });
    expect(await jobsOf(person.organizationId)).toEqual([{ name: "Before" }]);
    const refusedStream = await openStream(server, person.access, "all");
    expect(refusedStream.status).toBe(403);
    expect(JSON.parse(refusedStream.text)).toMatchObject({ code: "token_invalid" });
    expect(await routesAccepting(person.access)).toEqual([]);
  }, 60_000);

  it("logout: a platform admin's session inside an organization ends too", async () => {
    const customer = await signUp(server);
    const admin = await platformAdminIn(server, customer.organizationId);
    expect((await server.request("/api/jobs", { headers: bearer(admin.access) })).status).toBe(200);
    expect((await server.request("/api/auth/logout", { headers: bearer(admin.access) })).status).toBe(200);
    const after = await server.request("/api/jobs", { headers: bearer(admin.access) });
    expect(after.status).toBe(403);
    expect(after.json()).toMatchObject({ code: "token_invalid" });
  });

  it("logout ends that session only: the person's other sign-ins keep working", async () => {
    const person = await signUp(server);
    const other = await signInAgain(server, person, person.organizationId);
    expect((await server.request("/api/auth/logout", { headers: bearer(person.access) })).status).toBe(200);

    expect((await server.request("/api/auth/me", { headers: bearer(other.access) })).status).toBe(200);
    expect((await server.request("/api/jobs", { headers: bearer(other.access) })).status).toBe(200);
    expect((await refresh(other.refresh)).status).toBe(200);
    expect((await refresh(person.refresh)).status).toBe(403);
  });

  it("archive: no route accepts the archived person's token for that organization; their other organizations' sessions live on", async () => {
    const owner = await signUp(server);
    const person = await signUp(server);
    const { db } = await testDatabase();
    await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .insertInto("memberships")
        .values({
          organization_id: owner.organizationId,
          user_id: person.user.id,
          role: "SUPERVISOR",
          permissions: ["manage_scheduler"],
        })
        .execute(),
    );
    const there = await signInAgain(server, person, owner.organizationId);
    expect((await server.request("/api/jobs", { headers: bearer(there.access) })).status).toBe(200);

    const archived = await server.request(`/api/people/${there.user.person_id}/archive`, {
      method: "POST",
      headers: bearer(owner.access),
    });
    expect(archived.status).toBe(200);

    const write = await server.request("/api/jobs", {
      method: "POST",
      headers: bearer(there.access),
      json: { name: "Barista", color: "#0b7285" },
    });
    expect(write.status).toBe(403);
    expect(write.json()).toMatchObject({ code: "token_invalid" });
    expect(await jobsOf(owner.organizationId)).toEqual([]);
    expect(await routesAccepting(there.access)).toEqual([]);
    // Their own organization is none of the archive's business.
    expect((await server.request("/api/auth/me", { headers: bearer(person.access) })).status).toBe(200);
    expect((await server.request("/api/jobs", { headers: bearer(person.access) })).status).toBe(200);
  }, 60_000);
});

describe("refresh tokens", () => {
  it("rotate on every use; the old one then works no more, and its reuse ends the whole family", async () => {
    const person = await signUp(server);
    const first = await refresh(person.refresh);
    expect(first.status).toBe(200);
    const pair = first.json<{ access: string; refresh: string }>();
    expect(pair.refresh).not.toBe(person.refresh);
    expect((await server.request("/api/auth/me", { headers: bearer(pair.access) })).status).toBe(200);

    // Past the grace period, the old token is taken for a stolen copy.
    const { db } = await testDatabase();
    await db
      .updateTable("refresh_tokens")
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .where("rotated_at", "is not", null)
      .where("user_id", "=", person.user.id)
      .execute();
    const reused = await refresh(person.refresh);
    expect(reused.status).toBe(403);
    expect(reused.json()).toMatchObject({ code: "token_invalid" });
    expect((await refresh(pair.refresh)).status).toBe(403);
  });

  it("give the same successor to two refreshes of one token at once", async () => {
    const person = await signUp(server);
    const [a, b] = await Promise.all([refresh(person.refresh), refresh(person.refresh)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json<{ refresh: string }>().refresh).toBe(b.json<{ refresh: string }>().refresh);
    expect((await refresh(a.json<{ refresh: string }>().refresh)).status).toBe(200);
  });

  it("stop at the family's absolute lifetime", async () => {
    const person = await signUp(server);
    const { db } = await testDatabase();
    await db
      .updateTable("refresh_tokens")
      .set({ family_expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", person.user.id)
      .execute();
    expect((await refresh(person.refresh)).status).toBe(403);
  });

  it("stop working after logout", async () => {
    const person = await signUp(server);
    const out = await server.request("/api/auth/logout", { headers: bearer(person.access) });
    expect(out.status).toBe(200);
    expect((await refresh(person.refresh)).status).toBe(403);
  });

  it("refuses an unknown token and an empty body", async () => {
    expect((await refresh("not-a-token")).status).toBe(403);
    const empty = await server.request("/api/auth/v2/refresh-token", { method: "POST", json: {} });
    expect(empty.status).toBe(400);
  });
});

describe("choosing an organization", () => {
  it("scopes a new session to an organization of mine, and answers 404 for anyone else's", async () => {
    const me = await signUp(server);
    const stranger = await signUp(server);
    const mine = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(me.access),
      json: { organization_id: me.organizationId },
    });
    expect(mine.status).toBe(200);
    const session = mine.json<SessionResponse>();
    expect(session.user).toMatchObject({ role: "OWNER", organization_id: me.organizationId });
    // The session it replaced is over.
    expect((await refresh(me.refresh)).status).toBe(403);

    const theirs = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(session.access),
      json: { organization_id: stranger.organizationId },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json()).toEqual({ error: "No such organization", code: "not_found" });
    const listed = await server.request("/api/organizations?search=", { headers: bearer(session.access) });
    expect(listed.json<{ organizations: { id: string }[] }>().organizations.map((o) => o.id)).toEqual([
      me.organizationId,
    ]);
  });

  it("lets a platform admin search every organization and enter one as ADMIN, which is audited", async () => {
    const admin = await signUp(server);
    const customer = await signUp(server, { company_name: `Zaatar ${Date.now()}` });
    const { db } = await testDatabase();
    await db.updateTable("users").set({ is_platform_admin: true }).where("id", "=", admin.user.id).execute();

    const found = await server.request(`/api/organizations?search=${encodeURIComponent("Zaatar")}`, {
      headers: bearer(admin.access),
    });
    const hit = found
      .json<{ organizations: { id: string; role: string }[] }>()
      .organizations.find((org) => org.id === customer.organizationId);
    expect(hit).toMatchObject({ role: "ADMIN" });

    const entered = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(admin.access),
      json: { organization_id: customer.organizationId },
    });
    expect(entered.status).toBe(200);
    expect(entered.json<SessionResponse>().user).toMatchObject({
      role: "ADMIN",
      organization_id: customer.organizationId,
    });

    const audit = await withOrganization(db, customer.organizationId, (tx) =>
      tx
        .selectFrom("audit_log")
        .select(["action", "actor_user_id"])
        .where("action", "=", "platform_admin.entered")
        .execute(),
    );
    expect(audit).toEqual([{ action: "platform_admin.entered", actor_user_id: admin.user.id }]);
  });

  it("only continues a live session, and never beyond its absolute end", async () => {
    const person = await signUp(server);
    await server.request("/api/auth/logout", { headers: bearer(person.access) });
    const afterLogout = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(person.access),
      json: { organization_id: person.organizationId },
    });
    expect(afterLogout.status).toBe(403);
    expect(afterLogout.json()).toMatchObject({ code: "token_invalid" });

    const other = await signUp(server);
    const { db } = await testDatabase();
    const soon = new Date(Date.now() + 3600_000);
    await db
      .updateTable("refresh_tokens")
      .set({ family_expires_at: soon })
      .where("user_id", "=", other.user.id)
      .execute();
    const selected = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(other.access),
      json: { organization_id: other.organizationId },
    });
    expect(selected.status).toBe(200);
    const families = await db
      .selectFrom("refresh_tokens")
      .select("family_expires_at")
      .where("user_id", "=", other.user.id)
      .where("revoked_at", "is", null)
      .execute();
    expect(families.map((row) => new Date(row.family_expires_at).getTime())).toEqual([soon.getTime()]);
  });

  it("marks the organization the person last entered, in every later session", async () => {
    const owner = await signUp(server, { company_name: "Olive Grove" });
    const person = await memberOf(server, owner.organizationId, "SUPERVISOR");
    type Listed = { organizations: { id: string; last_used: boolean }[]; search_all: boolean };
    const lastUsed = async (access: string) => {
      const listed = (await server.request("/api/organizations", { headers: bearer(access) })).json<Listed>();
      expect(listed.search_all).toBe(false);
      return listed.organizations.filter((org) => org.last_used).map((org) => org.id);
    };
    // Joined and entered last: Olive Grove, not the company they created at sign-up.
    expect(await lastUsed(person.access)).toEqual([owner.organizationId]);

    const own = await server.request("/api/organizations/select", {
      method: "POST",
      headers: bearer(person.access),
      json: { organization_id: person.organizationId },
    });
    expect(own.status).toBe(200);
    // Signed in again later, before choosing: the one they chose last time is marked.
    const later = await signInAgain(server, person, person.organizationId);
    expect(await lastUsed(later.access)).toEqual([person.organizationId]);
  });

  it("tells a platform admin it searches every organization, and offers the one it last entered", async () => {
    const customer = await signUp(server, { company_name: `Sumac ${Date.now()}` });
    const admin = await platformAdminIn(server, customer.organizationId);
    const listed = (await server.request("/api/organizations", { headers: bearer(admin.access) })).json<{
      organizations: { id: string; role: string; last_used: boolean }[];
      search_all: boolean;
    }>();
    expect(listed.search_all).toBe(true);
    expect(listed.organizations).toContainEqual({
      id: customer.organizationId,
      title: expect.stringMatching(/^Sumac /),
      role: "ADMIN",
      last_used: true,
    });
    expect(listed.organizations.filter((org) => org.last_used)).toHaveLength(1);
  });

  it("never lets an ordinary person search beyond their own organizations", async () => {
    const person = await signUp(server);
    const other = await signUp(server, { company_name: `Hidden ${Date.now()}` });
    const found = await server.request("/api/organizations?search=Hidden", { headers: bearer(person.access) });
    expect(found.json<{ organizations: { id: string }[] }>().organizations.map((o) => o.id)).not.toContain(
      other.organizationId,
    );
  });
});
