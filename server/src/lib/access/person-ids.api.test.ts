import { randomUUID } from "node:crypto";
import type { CalendarFeedResponse, Person, Shift, TimeEntry } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, newPhone, type SignedUp, signInAgain, signUp } from "../../../test/auth.ts";
import { testDatabase } from "../../../test/database.ts";
import { invitationToken, invite } from "../../../test/people.ts";
import { startTestServer, type TestServer } from "../../../test/server.ts";
import { boardIn, jobIn } from "../../../test/shift-fixtures.ts";
import { weekFrom } from "../../../test/week.ts";
import { personIdOf } from "../db/person-id.ts";
import { withOrganization } from "../db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (who: SignedUp, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(who.access), ...(json === undefined ? {} : { json }) });

describe("a person's id in an organization", () => {
  it("is the database's person_id and memberships.id, a version 8 UUID different in every organization", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const { db } = await testDatabase();
    const account = owner.user.id;
    const { rows } = await sql<{ here: string; there: string }>`
      select person_id(${owner.organizationId}::uuid, ${account}::uuid)::text as here,
             person_id(${other.organizationId}::uuid, ${account}::uuid)::text as there
    `.execute(db);
    expect(rows[0]).toEqual({
      here: personIdOf(owner.organizationId, account),
      there: personIdOf(other.organizationId, account),
    });
    expect(rows[0]?.here).not.toBe(rows[0]?.there);
    expect(rows[0]?.here).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const membership = await withOrganization(db, owner.organizationId, (tx) =>
      tx
        .selectFrom("memberships")
        .select("id")
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", account)
        .executeTakeFirstOrThrow(),
    );
    expect(membership.id).toBe(owner.user.person_id);
    expect(owner.user.person_id).toBe(personIdOf(owner.organizationId, account));
  });
});

/** Every GET of the API document, with its parameters filled from what `values` names. */
async function everyGet(values: Record<string, Record<string, string>>) {
  const document = (await server.request("/api/docs/json")).json<{ paths: Record<string, Record<string, unknown>> }>();
  const paths = Object.entries(document.paths)
    .filter(([, operations]) => "get" in operations)
    .map(([path]) => path);
  return paths.map((path) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[path]?.[name] ?? values["*"]?.[name];
      if (value === undefined) throw new Error(`no value for {${name}} of ${path}: add one to the test`);
      return value;
    });
    const query = values[`${path}?`];
    return query ? `${filled}?${new URLSearchParams(query)}` : filled;
  });
}

/** Streams (checked by schedule/events, time-clock/live and requests/events), the development outbox, and signing out. */
const notWalked = new Set([
  "/api/schedule/events",
  "/api/time-clock/events",
  "/api/requests/events",
  "/api/my/events",
  "/api/dev/outbox",
  "/api/auth/logout",
]);

describe("every answer to an organization", () => {
  it("names a person who is in two organizations by a different id in each, never by their account's id", async () => {
    // Pat works in A (a supervisor who invites, edits time and approves) and in B.
    const ownerA = await signUp(server);
    const orgA = ownerA.organizationId;
    const pat = await memberOf(server, orgA, "SUPERVISOR", [
      "view_scheduler",
      "manage_scheduler",
      "view_timesheet",
      "manage_timesheet",
      "manage_users",
      "approve_time_off",
    ]);
    const patAccount = pat.user.id;
    const ownerB = await signUp(server);
    const { db } = await testDatabase();
    await withOrganization(db, ownerB.organizationId, (tx) =>
      tx
        .insertInto("memberships")
        .values({ organization_id: ownerB.organizationId, user_id: patAccount, role: "EMPLOYEE" })
        .execute(),
    );
    // A second sign-in of Pat's, into B (choosing B ends the session it is chosen from).
    const patInB = await signInAgain(server, pat, ownerB.organizationId);

    const rana = await memberOf(server, orgA, "EMPLOYEE");
    const board = await boardIn(orgA, { name: "Main", zone: "UTC" });
    const job = await jobIn(orgA, { name: "Kitchen" });
    expect(
      (await call(ownerA, "PATCH", `/api/boards/${board}`, { member_ids: [pat.user.person_id, rana.user.person_id] }))
        .status,
    ).toBe(200);
    const now = Date.now();
    const iso = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    // A shift for Pat now, published; one for Rana that Pat made.
    const shift = await call(ownerA, "POST", "/api/schedule/shifts", {
      board_id: board,
      user_id: pat.user.person_id,
      job_id: job,
      starts_at: iso(-60),
      ends_at: iso(60),
    });
    expect(shift.status, shift.text).toBe(201);
    const ranas = await call(pat, "POST", "/api/schedule/shifts", {
      board_id: board,
      user_id: rana.user.person_id,
      starts_at: iso(-300),
      ends_at: iso(-240),
    });
    expect(ranas.status, ranas.text).toBe(201);
    const shiftId = shift.json<{ shifts: Shift[] }>().shifts[0]?.id ?? "";
    expect(
      (await call(ownerA, "POST", "/api/schedule/publish", { board, date: iso(0).slice(0, 10) })).status,
    ).toBeLessThan(300);
    // Pat clocks in (and is refused a second time); Pat adds Rana's time and approves it.
    expect(
      (await call(pat, "POST", "/api/my/punches", { id: randomUUID(), kind: "clock_in", at: iso(-1) })).status,
    ).toBe(201);
    expect(
      (await call(pat, "POST", "/api/my/punches", { id: randomUUID(), kind: "clock_in", at: iso(0) })).status,
    ).toBe(409);
    const entry = await call(pat, "POST", "/api/time-clock/entries", {
      user_id: rana.user.person_id,
      clock_in_at: iso(-300),
      clock_out_at: iso(-240),
      reason: "Paper timesheet",
    });
    expect(entry.status, entry.text).toBe(201);
    const entryId = entry.json<TimeEntry>().id;
    const sheet = (await call(ownerA, "GET", `/api/time-clock/boards/all/timesheets`)).json<{
      period: { start: string };
    }>();
    const approved = await call(pat, "POST", "/api/time-clock/approvals", {
      user_id: rana.user.person_id,
      period_start: sheet.period.start,
    });
    expect(approved.status, approved.text).toBe(204);
    // Pat invites someone; Pat's calendar feed.
    const invited = await invite(server, pat.access, {
      first_name: "Sami",
      last_name: "Khoury",
      phone: newPhone(),
      role: "EMPLOYEE",
    });
    expect(invited.status, invited.text).toBe(201);
    const sami = invited.json<{ person: Person }>().person;
    expect(sami.invited_by?.id).toBe(pat.user.person_id);
    const token = await invitationToken(server, sami.phone ?? "");
    const feed = (await call(pat, "POST", "/api/my/calendar-feed")).json<CalendarFeedResponse>();
    const feedToken = new URL(feed.url ?? "").pathname.match(/calendar\/(.+)\.ics$/)?.[1] ?? "";

    const inA = personIdOf(orgA, patAccount);
    const inB = personIdOf(ownerB.organizationId, patAccount);
    expect(pat.user.person_id).toBe(inA);
    expect(patInB.user.person_id).toBe(inB);
    expect(inA).not.toBe(inB);
    const accounts = [patAccount, ownerA.user.id, rana.user.id, ownerB.user.id];

    const values = {
      "*": { board, scope: board, token: feedToken, user: inA },
      "/api/boards/{id}": { id: board },
      "/api/jobs/{id}": { id: job },
      "/api/requests/{id}": { id: randomUUID() },
      "/api/people/{id}": { id: inA },
      "/api/time-clock/entries/{id}/history": { id: entryId },
      "/api/invitations/{token}": { token },
      "/api/calendar/{token}.ics": { token: feedToken },
      "/api/schedule/templates?": { board_id: board },
    };
    const walked = (await everyGet(values)).filter((path) => !notWalked.has(path.split("?")[0] ?? ""));
    expect(walked.length).toBeGreaterThan(25);
    for (const who of [ownerA, pat]) {
      for (const path of walked) {
        const response = await call(who, "GET", path);
        expect(response.status, `${path}: ${response.text}`).toBeLessThan(500);
        for (const account of accounts) {
          // The account may see its own id in /api/auth/me (and nowhere else).
          if (path === "/api/auth/me" && account === who.user.id) continue;
          // Also as the week writes ids on the wire: back to back, without dashes.
          const named = response.text.includes(account) || response.text.includes(account.replaceAll("-", ""));
          expect(named, `${path} as ${who === pat ? "Pat" : "the owner"}`).toBe(false);
        }
      }
    }
    // Pat is named where Pat is: the answers above do hold person ids.
    const people = (await call(ownerA, "GET", "/api/people")).json<{ people: Person[] }>().people;
    expect(people.map((person) => person.id)).toContain(inA);
    const week = weekFrom(await call(ownerA, "GET", `/api/schedule/boards/${board}/week`));
    expect(week.people.map((person) => person.user_id)).toContain(inA);
    expect(week.shifts.map((shift) => shift.id)).toContain(shiftId);
    const history = (await call(ownerA, "GET", `/api/time-clock/entries/${entryId}/history`)).json<{
      audit: { actor: { user_id: string } | null }[];
    }>();
    expect(history.audit[0]?.actor?.user_id).toBe(inA);
    // B names Pat by B's own id.
    const theirs = (await call(ownerB, "GET", "/api/people")).json<{ people: Person[] }>().people;
    expect(theirs.map((person) => person.id)).toContain(inB);
    expect(theirs.map((person) => person.id)).not.toContain(inA);
    for (const path of ["/api/people", `/api/people/${inB}`, "/api/my/clock"]) {
      const text = (await server.request(path, { headers: bearer(ownerB.access) })).text;
      expect(text.includes(inA) || text.includes(patAccount), path).toBe(false);
    }
    const me = (await server.request("/api/auth/me", { headers: bearer(patInB.access) })).json<{
      data: { id: string; person_id: string };
    }>();
    expect(me.data).toMatchObject({ id: patAccount, person_id: inB });
  });
});
