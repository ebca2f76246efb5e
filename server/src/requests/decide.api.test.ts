import { accessStandings, can, type Request, requestDeciders, todayIn } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import {
  act,
  approve,
  asked,
  call,
  decline,
  inDays,
  publishedShift,
  requestAudit,
  requestFootprint,
  requestMessagesTo,
  requestRow,
  requestTeam,
  setRequestSettings,
  type Team,
} from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { shiftRow } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Answer = { status: number; json<T>(): T };
const requestOf = (response: Answer) => response.json<{ request: Request }>().request;
const codeOf = (response: Answer) => ({ status: response.status, code: response.json<{ code: string }>().code });

async function refusedWithNothingWritten(org: string, attempt: () => Promise<Answer>, status: number, code: string) {
  const before = await requestFootprint(org);
  expect(codeOf(await attempt())).toEqual({ status, code });
  expect(await requestFootprint(org)).toEqual(before);
}

async function inOrg<T>(org: string, work: Parameters<typeof withOrganization<T>>[2]) {
  const { db } = await testDatabase();
  return withOrganization(db, org, work);
}

/** Amal claims an open shift in three days. */
async function claim(team: Team, starts = inDays(3)) {
  const shift = await publishedShift(team, null, starts);
  const request = await asked(server, team.amal, { kind: "claim", shift_id: shift });
  return { shift, request };
}

async function entryOf(org: string, userId: string, clockIn: string, clockOut: string) {
  return inOrg(org, (tx) =>
    tx
      .insertInto("time_entries")
      .values({ organization_id: org, user_id: userId, clock_in_at: clockIn, clock_out_at: clockOut, source: "punch" })
      .returning(["id", "version"])
      .executeTakeFirstOrThrow(),
  );
}

describe("approving", () => {
  it("a claim: the shift is the author's, published at once; other claims of it expire; the author is told", async () => {
    const team = await requestTeam(server);
    const { shift, request } = await claim(team);
    const other = await asked(server, team.bilal, { kind: "claim", shift_id: shift });
    const approved = await approve(server, team.owner, request);
    expect(approved.status).toBe(200);
    expect(requestOf(approved)).toMatchObject({
      status: "approved",
      decision: { by: { user_id: team.owner.user.person_id }, automatic: false, reason: null },
      version: 2,
      shift: { user_id: team.amal.user.person_id, gone: false },
    });
    const row = await shiftRow(team.org, shift);
    expect(row).toMatchObject({ user_id: team.amal.user.id, published_user_id: team.amal.user.id });
    expect(await requestRow(team.org, other.id)).toMatchObject({ status: "expired", closed_code: "shift_taken" });
    expect((await requestMessagesTo(team.amal)).map((message) => message.body)).toEqual([
      expect.stringMatching(/Your request was approved: the open shift .*\/my\/requests$/),
    ]);
    const audit = await requestAudit(team.org);
    expect(audit.filter((entry) => entry.action === "request.approved")).toEqual([
      expect.objectContaining({ actor_user_id: team.owner.user.id, target_id: request.id }),
    ]);
  });

  it("a cover: the shift goes to the teammate who took it; both are told", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, team.amal, inDays(3));
    const offer = await asked(server, team.amal, { kind: "cover", shift_id: shift });
    const pending = requestOf(await act(server, team.bilal, offer.id, "accept"));
    expect(requestOf(await approve(server, team.owner, pending)).status).toBe("approved");
    expect((await shiftRow(team.org, shift))?.user_id).toBe(team.bilal.user.id);
    expect((await requestMessagesTo(team.bilal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Amal Haddad offers you their shift"),
      expect.stringContaining("A request of Amal Haddad was approved: giving away the shift"),
    ]);
  });

  it("a swap: each shift goes to the other person, published", async () => {
    const team = await requestTeam(server);
    const mine = await publishedShift(team, team.amal, inDays(3));
    const theirs = await publishedShift(team, team.bilal, inDays(3, 12));
    const swap = await asked(server, team.amal, { kind: "swap", shift_id: mine, other_shift_id: theirs });
    const pending = requestOf(await act(server, team.bilal, swap.id, "accept"));
    expect((await approve(server, team.owner, pending)).status).toBe(200);
    expect(await shiftRow(team.org, mine)).toMatchObject({
      user_id: team.bilal.user.id,
      published_user_id: team.bilal.user.id,
    });
    expect(await shiftRow(team.org, theirs)).toMatchObject({
      user_id: team.amal.user.id,
      published_user_id: team.amal.user.id,
    });
  });

  it("an availability change that waits puts it in force", async () => {
    const team = await requestTeam(server, { availability_needs_approval: true });
    const date = todayIn("UTC");
    const request = await asked(server, team.amal, {
      kind: "availability",
      change: { type: "exception", date, kind: "unavailable", start: "08:00", end: "12:00" },
    });
    expect((await approve(server, team.owner, request)).status).toBe(200);
    const rules = await inOrg(team.org, (tx) =>
      tx.selectFrom("availability_rules").select(["kind", "start_minute", "end_minute", "request_id"]).execute(),
    );
    expect(rules).toEqual([{ kind: "unavailable", start_minute: 480, end_minute: 720, request_id: request.id }]);
  });

  it("a correction edits the entry as a manager would; its history names the request's author and reason", async () => {
    const team = await requestTeam(server);
    const entry = await entryOf(team.org, team.amal.user.id, inDays(-2, 8), inDays(-2, 16));
    const fix = await asked(server, team.amal, {
      kind: "correction",
      entry_id: entry.id,
      clock_in_at: inDays(-2, 7),
      clock_out_at: inDays(-2, 16),
      reason: "Forgot to clock in",
    });
    expect((await approve(server, team.owner, fix)).status).toBe(200);
    const history = (await call(server, team.owner, "GET", `/api/time-clock/entries/${entry.id}/history`)).json<{
      entry: { clock_in_at: string; version: number };
      audit: { action: string; reason: string | null; actor: { user_id: string } | null }[];
    }>();
    expect(history.entry).toMatchObject({ clock_in_at: inDays(-2, 7), version: 2 });
    expect(history.audit.at(-1)).toMatchObject({
      action: "updated",
      reason: "Correction asked for by Amal Haddad: Forgot to clock in",
      actor: { user_id: team.owner.user.person_id },
    });
    const missed = await asked(server, team.amal, {
      kind: "correction",
      clock_in_at: inDays(-3, 8),
      clock_out_at: inDays(-3, 12),
      reason: "Phone dead",
    });
    expect((await approve(server, team.owner, missed)).status).toBe(200);
    const entries = await inOrg(team.org, (tx) =>
      tx.selectFrom("time_entries").select(["clock_in_at", "source", "created_by"]).orderBy("clock_in_at").execute(),
    );
    expect(entries[0]).toMatchObject({ source: "manager", created_by: team.owner.user.id });
    expect(new Date(entries[0]?.clock_in_at as Date).toISOString()).toBe(inDays(-3, 8));
  });
});

describe("declining", () => {
  it("needs a reason, which the author and the teammate are told", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, team.amal, inDays(3));
    const offer = await asked(server, team.amal, { kind: "cover", shift_id: shift });
    const pending = requestOf(await act(server, team.bilal, offer.id, "accept"));
    const missing = await call(server, team.owner, "POST", `/api/requests/${offer.id}/decline`, { version: 2 });
    expect(missing.status).toBe(400);
    const declined = await decline(server, team.owner, pending, "We need Amal that day");
    expect(requestOf(declined)).toMatchObject({
      status: "declined",
      decision: { reason: "We need Amal that day", by: { user_id: team.owner.user.person_id } },
    });
    expect((await shiftRow(team.org, shift))?.user_id).toBe(team.amal.user.id);
    expect((await requestMessagesTo(team.amal)).at(-1)?.body).toContain(
      "Your request was declined: giving away the shift",
    );
    expect((await requestMessagesTo(team.bilal)).at(-1)?.body).toContain("Reason: We need Amal that day");
    expect((await requestAudit(team.org)).at(-1)).toMatchObject({
      action: "request.declined",
      reason: "We need Amal that day",
    });
  });

  it("takes an offer no teammate answered yet; approving one is refused as not waiting for a manager", async () => {
    const team = await requestTeam(server);
    const offer = await asked(server, team.amal, {
      kind: "cover",
      shift_id: await publishedShift(team, team.amal, inDays(3)),
    });
    await refusedWithNothingWritten(team.org, () => approve(server, team.owner, offer), 409, "request_not_waiting");
    expect(requestOf(await decline(server, team.owner, offer)).status).toBe("declined");
    await refusedWithNothingWritten(
      team.org,
      () => decline(server, team.owner, { ...offer, version: 2 }),
      409,
      "request_not_waiting",
    );
  });
});

describe("a decision is refused, with nothing written", () => {
  it("at a stale version (with the request as it is now), or of one's own request", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, team.amal, inDays(3));
    const offer = await asked(server, team.amal, { kind: "cover", shift_id: shift });
    await act(server, team.bilal, offer.id, "accept");
    const before = await requestFootprint(team.org);
    const stale = await approve(server, team.owner, offer);
    expect(codeOf(stale)).toEqual({ status: 409, code: "request_changed" });
    expect(requestOf(stale)).toMatchObject({ id: offer.id, status: "pending", version: 2 });
    expect(await requestFootprint(team.org)).toEqual(before);
    const mine = await asked(server, team.owner, {
      kind: "claim",
      shift_id: await publishedShift(team, null, inDays(5), 8, { job: null }),
    }).catch(() => null);
    expect(mine).toBeNull(); // the owner is on no board: not eligible
    const ownShift = await publishedShift(team, team.owner, inDays(5), 8, { job: null });
    const own = await asked(server, team.owner, { kind: "cover", shift_id: ownShift, to_user_id: null });
    await refusedWithNothingWritten(team.org, () => decline(server, team.owner, own), 422, "request_own");
  });

  it("when the claimed shift changed, was taken, started, or went, or the author can no longer work it", async () => {
    const team = await requestTeam(server);
    const cases: [string, (shift: string, request: Request) => Promise<unknown>, string][] = [
      [
        "moved",
        (shift) =>
          inOrg(team.org, (tx) =>
            tx
              .updateTable("shifts")
              .set({ starts_at: inDays(3, 10) })
              .where("id", "=", shift)
              .execute(),
          ),
        "request_shift_changed",
      ],
      [
        "taken",
        (shift) =>
          inOrg(team.org, (tx) =>
            tx.updateTable("shifts").set({ user_id: team.carla.user.id }).where("id", "=", shift).execute(),
          ),
        "request_shift_taken",
      ],
      [
        "deleted",
        (shift) =>
          inOrg(team.org, (tx) =>
            tx.updateTable("shifts").set({ deleted_at: new Date() }).where("id", "=", shift).execute(),
          ),
        "request_shift_changed",
      ],
      [
        "removed for good",
        (shift) => inOrg(team.org, (tx) => tx.deleteFrom("shifts").where("id", "=", shift).execute()),
        "request_shift_changed",
      ],
      [
        "started",
        (shift, request) =>
          inOrg(team.org, async (tx) => {
            const past = new Date(Date.now() - 3_600_000).toISOString();
            const end = new Date(Date.now() + 3_600_000).toISOString();
            await tx
              .updateTable("shifts")
              .set({ starts_at: past, published_starts_at: past, ends_at: end, published_ends_at: end })
              .where("id", "=", shift)
              .execute();
            await sql`update requests set details = jsonb_set(jsonb_set(details, '{shift,starts_at}', to_jsonb(${past}::text)),
                      '{shift,ends_at}', to_jsonb(${end}::text)) where id = ${request.id}`.execute(tx);
          }),
        "request_shift_started",
      ],
      [
        "job taken away",
        () =>
          inOrg(team.org, (tx) => tx.deleteFrom("membership_jobs").where("user_id", "=", team.amal.user.id).execute()),
        "request_not_eligible",
      ],
      [
        "working elsewhere then",
        (shift) =>
          inOrg(team.org, async (tx) => {
            const row = await tx.selectFrom("shifts").selectAll().where("id", "=", shift).executeTakeFirstOrThrow();
            await tx
              .insertInto("shifts")
              .values({
                organization_id: team.org,
                job_scheduler_id: team.board,
                user_id: team.amal.user.id,
                starts_at: new Date(new Date(row.starts_at).getTime() - 3_600_000),
                ends_at: new Date(new Date(row.starts_at).getTime() + 3_600_000),
              })
              .execute();
          }),
        "shift_overlap",
      ],
    ];
    for (const [, change, code] of cases) {
      const { shift, request } = await claim(team, inDays(3 + cases.findIndex(([, c]) => c === change)));
      await change(shift, request);
      const status =
        code === "request_shift_changed" || code === "request_shift_taken" || code === "shift_overlap" ? 409 : 422;
      await refusedWithNothingWritten(team.org, () => approve(server, team.owner, request), status, code);
      // It may still be declined.
      expect((await decline(server, team.owner, request)).status).toBe(200);
      await inOrg(team.org, (tx) =>
        tx
          .insertInto("membership_jobs")
          .values({ organization_id: team.org, user_id: team.amal.user.id, job_id: team.kitchen })
          .onConflict((conflict) => conflict.doNothing())
          .execute(),
      );
    }
  });

  it("when a swap's other shift was deleted behind it", async () => {
    const team = await requestTeam(server);
    const mine = await publishedShift(team, team.amal, inDays(3));
    const theirs = await publishedShift(team, team.bilal, inDays(4));
    const swap = await asked(server, team.amal, { kind: "swap", shift_id: mine, other_shift_id: theirs });
    const pending = requestOf(await act(server, team.bilal, swap.id, "accept"));
    await inOrg(team.org, (tx) => tx.deleteFrom("shifts").where("id", "=", theirs).execute());
    await refusedWithNothingWritten(team.org, () => approve(server, team.owner, pending), 409, "request_shift_changed");
    expect((await shiftRow(team.org, mine))?.user_id).toBe(team.amal.user.id);
  });

  it("when the corrected entry changed since, or its pay period was approved", async () => {
    const team = await requestTeam(server);
    const entry = await entryOf(team.org, team.amal.user.id, inDays(-2, 8), inDays(-2, 16));
    const body = {
      kind: "correction",
      entry_id: entry.id,
      clock_in_at: inDays(-2, 7),
      clock_out_at: inDays(-2, 16),
      reason: "x",
    };
    const fix = await asked(server, team.amal, body);
    const edited = await call(server, team.owner, "PATCH", `/api/time-clock/entries/${entry.id}`, {
      version: 1,
      note: "checked",
      reason: "Paper sheet",
    });
    expect(edited.status).toBe(200);
    await refusedWithNothingWritten(team.org, () => approve(server, team.owner, fix), 409, "time_entry_changed");
    await decline(server, team.owner, fix);
    const again = await asked(server, team.amal, body);
    const day = inDays(-2).slice(0, 10);
    await inOrg(team.org, (tx) =>
      sql`insert into timesheet_approvals (organization_id, user_id, period_start, period_end)
          values (${team.org}, ${team.amal.user.id}, ${day}, ${day})`.execute(tx),
    );
    await refusedWithNothingWritten(
      team.org,
      () => approve(server, team.owner, again),
      409,
      "timesheet_period_approved",
    );
  });

  it("of another organization's request: not found, nothing changed", async () => {
    const team = await requestTeam(server);
    const { request } = await claim(team);
    const stranger = await signUp(server);
    await refusedWithNothingWritten(team.org, () => approve(server, stranger, request), 404, "not_found");
    await refusedWithNothingWritten(team.org, () => decline(server, stranger, request), 404, "not_found");
    for (const step of ["cancel", "accept", "refuse"] as const) {
      await refusedWithNothingWritten(team.org, () => act(server, stranger, request.id, step), 404, "not_found");
    }
    const bulk = await call(server, stranger, "POST", "/api/requests/decisions", {
      ids: [request.id],
      decision: "approve",
    });
    expect(bulk.json()).toEqual({ results: [{ id: request.id, outcome: "refused", code: "not_found" }] });
  });
});

describe("who decides which kind", () => {
  it("each standing of the access table approves what it may decide, and is refused the rest", async () => {
    const team = await requestTeam(server);
    for (const [index, standing] of accessStandings().entries()) {
      const who: SignedUp =
        standing.role === "OWNER"
          ? await memberOf(server, team.org, "OWNER")
          : standing.role === "ADMIN"
            ? await platformAdminIn(server, team.org)
            : await memberOf(server, team.org, standing.role, standing.permissions);
      const { request: claimed } = await claim(team, inDays(10 + index));
      const entry = await entryOf(team.org, team.amal.user.id, inDays(-20 + index, 8), inDays(-20 + index, 9));
      const fix = await asked(server, team.amal, {
        kind: "correction",
        entry_id: entry.id,
        clock_in_at: inDays(-20 + index, 7),
        clock_out_at: inDays(-20 + index, 9),
        reason: "x",
      });
      for (const request of [claimed, fix]) {
        const expected = !can(standing, "requests.view")
          ? 403
          : can(standing, requestDeciders[request.kind])
            ? 200
            : 404;
        const answer = await approve(server, who, request);
        expect({ standing: standing.name, kind: request.kind, status: answer.status }).toEqual({
          standing: standing.name,
          kind: request.kind,
          status: expected,
        });
      }
    }
  });
});

describe("deciding many at once", () => {
  it("decides each on its own: one that no longer applies is refused with its code and rolls back alone", async () => {
    const team = await requestTeam(server);
    const first = await claim(team, inDays(3));
    const second = await claim(team, inDays(4));
    const moved = await claim(team, inDays(5));
    await inOrg(team.org, (tx) =>
      tx
        .updateTable("shifts")
        .set({ starts_at: inDays(5, 10) })
        .where("id", "=", moved.shift)
        .execute(),
    );
    const sameShift = await asked(server, team.bilal, { kind: "claim", shift_id: first.shift });
    const unknown = "00000000-0000-4000-8000-000000000000";
    const response = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [first.request.id, moved.request.id, sameShift.id, second.request.id, unknown],
      decision: "approve",
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: first.request.id, outcome: "approved", code: null },
        { id: moved.request.id, outcome: "refused", code: "request_shift_changed" },
        { id: sameShift.id, outcome: "refused", code: "request_shift_taken" },
        { id: second.request.id, outcome: "approved", code: null },
        { id: unknown, outcome: "refused", code: "not_found" },
      ],
    });
    expect((await shiftRow(team.org, first.shift))?.user_id).toBe(team.amal.user.id);
    expect((await shiftRow(team.org, second.shift))?.user_id).toBe(team.amal.user.id);
    expect(await requestRow(team.org, moved.request.id)).toMatchObject({ status: "pending", version: 1 });
    expect((await requestMessagesTo(team.amal)).filter((message) => message.body?.includes("approved"))).toHaveLength(
      2,
    );
  });

  it("decides the claims of one shift oldest first, whatever the list's order: the later ones find it taken", async () => {
    const team = await requestTeam(server);
    const older = await claim(team);
    const newer = await asked(server, team.bilal, { kind: "claim", shift_id: older.shift });
    const newest = await asked(server, team.carla, { kind: "claim", shift_id: older.shift });
    const other = await asked(server, team.bilal, {
      kind: "claim",
      shift_id: await publishedShift(team, null, inDays(5)),
    });
    const response = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [newest.id, other.id, newer.id, older.request.id],
      decision: "approve",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: newest.id, outcome: "refused", code: "request_shift_taken" },
        { id: other.id, outcome: "approved", code: null },
        { id: newer.id, outcome: "refused", code: "request_shift_taken" },
        { id: older.request.id, outcome: "approved", code: null },
      ],
    });
    expect((await shiftRow(team.org, older.shift))?.user_id).toBe(team.amal.user.id);
    for (const id of [newer.id, newest.id]) {
      expect(await requestRow(team.org, id)).toMatchObject({ status: "expired", closed_code: "shift_taken" });
    }
  });

  it("declines with the reason; a manager's own request in the list is refused", async () => {
    const team = await requestTeam(server);
    const { request } = await claim(team);
    const own = await asked(server, team.owner, {
      kind: "availability",
      change: { type: "exception", date: todayIn("UTC"), kind: "unavailable" },
    });
    await setRequestSettings(team.org, { availability_needs_approval: true });
    const ownPending = await asked(server, team.owner, {
      kind: "availability",
      change: { type: "exception", date: todayIn("UTC"), kind: "prefer" },
    });
    expect(own.status).toBe("approved");
    const response = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [request.id, ownPending.id],
      decision: "decline",
      reason: "Not this week",
    });
    expect(response.json()).toEqual({
      results: [
        { id: request.id, outcome: "declined", code: null },
        { id: ownPending.id, outcome: "refused", code: "request_own" },
      ],
    });
    expect(await requestRow(team.org, request.id)).toMatchObject({
      status: "declined",
      decision_reason: "Not this week",
    });
    const missing = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [request.id],
      decision: "decline",
    });
    expect(codeOf(missing)).toEqual({ status: 400, code: "validation_failed" });
  });
});

describe("races", () => {
  it("a claim approved while a manager moves the shift: one wins whole, never both half-applied", async () => {
    const team = await requestTeam(server);
    const { shift, request } = await claim(team);
    const row = await shiftRow(team.org, shift);
    const [approval, move] = await Promise.all([
      approve(server, team.owner, request),
      call(server, team.owner, "PATCH", `/api/schedule/shifts/${shift}`, {
        version: row?.version,
        starts_at: inDays(3, 10),
      }),
    ]);
    const after = await shiftRow(team.org, shift);
    const stored = await requestRow(team.org, request.id);
    if (approval.status === 200) {
      expect(move.status).toBe(409);
      expect(after).toMatchObject({ user_id: team.amal.user.id, published_user_id: team.amal.user.id });
      expect(new Date(after?.starts_at as Date).toISOString()).toBe(inDays(3));
      expect(stored.status).toBe("approved");
    } else {
      expect(move.status).toBe(200);
      expect(codeOf(approval).code).toMatch(/^request_(not_waiting|shift_changed)$/);
      expect(after?.user_id).toBeNull();
      expect(stored).toMatchObject({ status: "expired", closed_code: "shift_changed" });
    }
  });

  it("a swap accepted while a manager deletes one of its shifts: it applies whole or not at all", async () => {
    const team = await requestTeam(server, { swap_needs_approval: false });
    const mine = await publishedShift(team, team.amal, inDays(3));
    const theirs = await publishedShift(team, team.bilal, inDays(4));
    const swap = await asked(server, team.amal, { kind: "swap", shift_id: mine, other_shift_id: theirs });
    const [accepted, deleted] = await Promise.all([
      act(server, team.bilal, swap.id, "accept"),
      call(server, team.owner, "DELETE", `/api/schedule/shifts/${theirs}`),
    ]);
    const stored = await requestRow(team.org, swap.id);
    const a = await shiftRow(team.org, mine);
    if (accepted.status === 200) {
      expect(stored.status).toBe("approved");
      expect(a?.user_id).toBe(team.bilal.user.id);
      // The delete came after: the shift the author took is the one waiting for removal.
      expect(deleted.status).toBe(204);
    } else {
      expect(stored).toMatchObject({ status: "expired", closed_code: "shift_gone" });
      expect(a?.user_id).toBe(team.amal.user.id);
    }
  });
});

describe("expiry when a manager changes the shift", () => {
  it("reassigning, moving or deleting it expires what waits on it, with why", async () => {
    const team = await requestTeam(server);
    const one = await claim(team, inDays(3));
    const two = await claim(team, inDays(4));
    const three = await claim(team, inDays(5));
    const version = async (id: string) => (await shiftRow(team.org, id))?.version;
    await call(server, team.owner, "PATCH", `/api/schedule/shifts/${one.shift}`, {
      version: await version(one.shift),
      user_id: team.carla.user.person_id,
    });
    await call(server, team.owner, "PATCH", `/api/schedule/shifts/${two.shift}`, {
      version: await version(two.shift),
      ends_at: inDays(4, 18),
    });
    await call(server, team.owner, "POST", "/api/schedule/shifts/bulk-delete", { ids: [three.shift] });
    expect(await requestRow(team.org, one.request.id)).toMatchObject({ status: "expired", closed_code: "shift_taken" });
    expect(await requestRow(team.org, two.request.id)).toMatchObject({
      status: "expired",
      closed_code: "shift_changed",
    });
    expect(await requestRow(team.org, three.request.id)).toMatchObject({
      status: "expired",
      closed_code: "shift_gone",
    });
    // A note changes nothing a claim asked for.
    const four = await claim(team, inDays(6));
    await call(server, team.owner, "PATCH", `/api/schedule/shifts/${four.shift}`, {
      version: await version(four.shift),
      note: "Bring keys",
    });
    expect((await requestRow(team.org, four.request.id)).status).toBe("pending");
    const expired = (await requestAudit(team.org)).filter((entry) => entry.action === "request.expired");
    expect(expired).toHaveLength(3);
    expect(expired.every((entry) => entry.actor_user_id === team.owner.user.id)).toBe(true);
  });

  it("a shift a publish removes for good takes the requests on it with it", async () => {
    const team = await requestTeam(server);
    const { shift, request } = await claim(team);
    await inOrg(team.org, (tx) =>
      tx.updateTable("shifts").set({ deleted_at: new Date() }).where("id", "=", shift).execute(),
    );
    const published = await call(server, team.owner, "POST", "/api/schedule/publish", { ids: [shift] });
    expect(published.status).toBe(200);
    expect(await requestRow(team.org, request.id)).toMatchObject({
      status: "expired",
      closed_code: "shift_gone",
      shift_id: null,
    });
  });
});

describe("messages", () => {
  it("each person is told in their own language, in the dev outbox", async () => {
    const team = await requestTeam(server);
    const { personSettings } = await import("../../test/request-fixtures.ts");
    await personSettings(team.amal, { language: "fr" });
    await personSettings(team.owner, { language: "ar" });
    await personSettings(team.bilal, { language: "es" });
    const shift = await publishedShift(team, team.amal, inDays(3));
    const offer = await asked(server, team.amal, {
      kind: "cover",
      shift_id: shift,
      to_user_id: team.bilal.user.person_id,
    });
    const pending = requestOf(await act(server, team.bilal, offer.id, "accept"));
    await approve(server, team.owner, pending);
    const outbox = async (person: SignedUp) =>
      (await server.request(`/api/dev/outbox?to=${encodeURIComponent(`+${person.phone}`)}`))
        .json<{ messages: { body: string; code: string | null }[] }>()
        .messages.filter((message) => message.code === null);
    expect((await outbox(team.bilal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Se aprobó una solicitud de Amal Haddad"),
      expect.stringContaining("Amal Haddad te ofrece su turno"),
    ]);
    expect((await outbox(team.amal)).map((message) => message.body)).toEqual([
      expect.stringContaining("Votre demande a été approuvée : la cession du service"),
      expect.stringContaining("Bilal Haddad a accepté"),
    ]);
    expect((await outbox(team.owner)).map((message) => message.body)).toEqual([
      expect.stringMatching(/يطلب Amal Haddad: التنازل عن الوردية .* لصالح Bilal Haddad\./),
    ]);
  });
});
