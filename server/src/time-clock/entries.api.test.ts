import { randomUUID } from "node:crypto";
import type { EntryHistory, TimeEntry } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { jobIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const create = (who: SignedUp, json: Record<string, unknown>) =>
  call(who.access, "POST", "/api/time-clock/entries", json);
const history = async (who: SignedUp, id: string) =>
  (await call(who.access, "GET", `/api/time-clock/entries/${id}/history`)).json<EntryHistory>();

async function snapshot(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => ({
    entries: await tx.selectFrom("time_entries").selectAll().orderBy("created_at").execute(),
    audit: await tx.selectFrom("audit_log").selectAll().where("target_type", "=", "time_entry").execute(),
  }));
}

async function team() {
  const owner = await signUp(server);
  const worker = await memberOf(server, owner.organizationId, "EMPLOYEE");
  return { owner, worker, org: owner.organizationId };
}

const day = {
  clock_in_at: "2026-06-08T06:00:00Z",
  clock_out_at: "2026-06-08T14:00:00Z",
  breaks: [{ starts_at: "2026-06-08T10:00:00Z", ends_at: "2026-06-08T10:30:00Z" }],
};

describe("managers correcting time entries", () => {
  it("add a forgotten day with a reason; the entry is reviewed and its history says who, when and why", async () => {
    const { owner, worker } = await team();
    const added = await create(owner, {
      user_id: worker.user.person_id,
      ...day,
      note: "Paper timesheet",
      reason: "Phone broken",
    });
    expect(added.status).toBe(201);
    const entry = added.json<TimeEntry>();
    expect(entry).toMatchObject({
      user_id: worker.user.person_id,
      clock_in_at: "2026-06-08T06:00:00.000Z",
      clock_out_at: "2026-06-08T14:00:00.000Z",
      breaks: [{ starts_at: "2026-06-08T10:00:00.000Z", ends_at: "2026-06-08T10:30:00.000Z" }],
      source: "manager",
      note: "Paper timesheet",
      reviewed: true,
      version: 1,
    });
    const story = await history(owner, entry.id);
    expect(story.audit).toEqual([
      expect.objectContaining({
        action: "created",
        reason: "Phone broken",
        before: null,
        after: expect.objectContaining({ id: entry.id }),
        actor: expect.objectContaining({ user_id: owner.user.person_id }),
      }),
    ]);
  });

  it("close a forgotten clock-out read at its version; a stale version gets the current entry back", async () => {
    const { owner, worker, org } = await team();
    const clockedIn = await call(worker.access, "POST", "/api/my/punches", {
      id: randomUUID(),
      kind: "clock_in",
      at: new Date(Date.now() - 20 * 3600_000).toISOString(),
    });
    expect(clockedIn.status).toBe(201);
    const open = (await snapshot(org)).entries[0];
    if (!open) throw new Error("no entry");
    const out = new Date(open.clock_in_at.getTime() + 8 * 3600_000).toISOString();

    const stale = await call(owner.access, "PATCH", `/api/time-clock/entries/${open.id}`, {
      version: 7,
      clock_out_at: out,
      reason: "Forgot to clock out",
    });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "time_entry_changed",
      fields: { version: "timeClock.entryChanged" },
      entry: { id: open.id, version: 1 },
    });

    const closed = await call(owner.access, "PATCH", `/api/time-clock/entries/${open.id}`, {
      version: 1,
      clock_out_at: out,
      reason: "Forgot to clock out",
    });
    expect(closed.status).toBe(200);
    expect(closed.json<TimeEntry>()).toMatchObject({ clock_out_at: out, reviewed: true, version: 2 });
    const story = await history(owner, open.id);
    expect(story.punches.map((p) => p.kind)).toEqual(["clock_in"]);
    expect(story.audit).toEqual([
      expect.objectContaining({
        action: "updated",
        reason: "Forgot to clock out",
        before: expect.objectContaining({ clock_out_at: null, version: 1 }),
        after: expect.objectContaining({ clock_out_at: out, version: 2 }),
      }),
    ]);
    // The worker is clocked out now.
    expect((await call(worker.access, "GET", "/api/my/clock")).json()).toMatchObject({ state: "out" });
  });

  it("refuse an entry that makes no sense, or without a reason, field by field, and write nothing", async () => {
    const { owner, worker, org } = await team();
    const stranger = await signUp(server);
    const theirJob = await jobIn(stranger.organizationId);
    const before = await snapshot(org);
    const cases: [Record<string, unknown>, number, string, string, string][] = [
      [{ ...day, reason: "" }, 400, "validation_failed", "reason", "timeClock.reasonRequired"],
      [{ ...day, reason: "x".repeat(501) }, 400, "validation_failed", "reason", "timeClock.reasonTooLong"],
      [
        { ...day, clock_out_at: "2026-06-08T05:00:00Z", breaks: [], reason: "r" },
        422,
        "time_entry_out_before_in",
        "clock_out_at",
        "timeClock.outBeforeIn",
      ],
      [
        { ...day, clock_out_at: "2026-06-09T08:00:00Z", reason: "r" },
        422,
        "time_entry_too_long",
        "clock_out_at",
        "timeClock.entryOverDay",
      ],
      [
        { ...day, breaks: [{ starts_at: "2026-06-08T13:00:00Z", ends_at: "2026-06-08T15:00:00Z" }], reason: "r" },
        422,
        "time_entry_break_outside",
        "breaks.0",
        "timeClock.breakOutside",
      ],
      [{ ...day, job_id: theirJob, reason: "r" }, 422, "time_clock_job_unknown", "job_id", "timeClock.unknownJob"],
      [
        { ...day, user_id: stranger.user.person_id, reason: "r" },
        422,
        "time_clock_person_unknown",
        "user_id",
        "timeClock.unknownPerson",
      ],
    ];
    for (const [body, status, code, field, key] of cases) {
      const refused = await create(owner, { user_id: worker.user.person_id, ...body });
      expect(refused.status, key).toBe(status);
      expect(refused.json()).toMatchObject({ code, fields: { [field]: key } });
    }
    expect(await snapshot(org)).toEqual(before);
  });

  it("refuse times that do not exist rather than moving them (31 April, 30 February, hour 24, minute 60), and write nothing", async () => {
    const { owner, worker, org } = await team();
    const entry = (await create(owner, { user_id: worker.user.id, ...day, reason: "Forgot" })).json<TimeEntry>();
    const before = await snapshot(org);
    // Each would otherwise land on a real day: 31 April on 1 May, 24:00 on the next midnight.
    const cases: [Record<string, unknown>, string][] = [
      [{ clock_in_at: "2026-04-31T06:00:00Z", clock_out_at: "2026-05-01T14:00:00Z", breaks: [] }, "clock_in_at"],
      [{ clock_in_at: "2026-02-28T18:00:00Z", clock_out_at: "2026-02-28T24:00:00Z", breaks: [] }, "clock_out_at"],
      [
        { ...day, breaks: [{ starts_at: "2026-06-08T10:60:00Z", ends_at: "2026-06-08T11:30:00Z" }] },
        "breaks.0.starts_at",
      ],
      [
        { clock_in_at: "2026-02-30T06:00:00+02:00", clock_out_at: "2026-03-02T08:00:00+02:00", breaks: [] },
        "clock_in_at",
      ],
    ];
    for (const [times, field] of cases) {
      for (const refused of [
        await create(owner, { user_id: worker.user.id, ...times, reason: "Forgot" }),
        await call(owner.access, "PATCH", `/api/time-clock/entries/${entry.id}`, {
          version: entry.version,
          ...times,
          reason: "Fix",
        }),
      ]) {
        expect(refused.status, JSON.stringify(times)).toBe(400);
        expect(refused.json(), JSON.stringify(times)).toMatchObject({
          code: "validation_failed",
          fields: { [field]: "schedule.timeInvalid" },
        });
      }
    }
    expect(await snapshot(org)).toEqual(before);
  });

  it("refuse a reason or note holding a control or text-direction character, naming the field, and write nothing", async () => {
    const { owner, worker, org } = await team();
    const before = await snapshot(org);
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: "Forgot\u0000" }, "reason"],
      [{ reason: "Forgot \u202eklaw" }, "reason"],
      [{ reason: "Forgot", note: "Left at \u20665\u2069" }, "note"],
      [{ reason: "Forgot", note: "\u001b]8;;http://example.com\u0007link" }, "note"],
    ];
    for (const [text, field] of cases) {
      const refused = await create(owner, { user_id: worker.user.person_id, ...day, ...text });
      expect(refused.status, JSON.stringify(text)).toBe(400);
      expect(refused.json(), JSON.stringify(text)).toMatchObject({
        code: "validation_failed",
        fields: { [field]: "validation.unsafeCharacters" },
      });
    }
    expect(await snapshot(org)).toEqual(before);
    const kept = await create(owner, {
      user_id: worker.user.person_id,
      ...day,
      reason: " Forgot:\n\tbus late ",
      note: "Shift A\nShift B",
    });
    expect(kept.json()).toMatchObject({ note: "Shift A\nShift B" });
  });

  it("refuse times in the future", async () => {
    const { owner, worker, org } = await team();
    const before = await snapshot(org);
    const later = new Date(Date.now() + 3600_000).toISOString();
    const refused = await create(owner, {
      user_id: worker.user.person_id,
      clock_in_at: new Date(Date.now() - 3600_000).toISOString(),
      clock_out_at: later,
      reason: "r",
    });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ code: "time_entry_future", fields: { clock_out_at: "timeClock.future" } });
    expect(await snapshot(org)).toEqual(before);
  });

  it("leave a supervisor's own time to another manager (an owner may change theirs)", async () => {
    const { owner, org } = await team();
    const supervisor = await memberOf(server, org, "SUPERVISOR", ["manage_timesheet"]);
    const own = await create(supervisor, { user_id: supervisor.user.person_id, ...day, reason: "r" });
    expect(own.status).toBe(403);
    expect(own.json()).toMatchObject({ code: "forbidden" });
    const byOwner = (
      await create(owner, { user_id: supervisor.user.person_id, ...day, reason: "r" })
    ).json<TimeEntry>();
    const patch = await call(supervisor.access, "PATCH", `/api/time-clock/entries/${byOwner.id}`, {
      version: 1,
      note: "x",
      reason: "r",
    });
    expect(patch.status).toBe(403);
    const approving = await call(supervisor.access, "POST", "/api/time-clock/approvals", {
      user_id: supervisor.user.person_id,
      period_start: "2026-06-08",
    });
    expect(approving.status).toBe(403);
    expect((await create(owner, { user_id: owner.user.person_id, ...day, reason: "r" })).status).toBe(201);
  });

  it("lock an entry by the day the timesheet shows it on, its rounded clock-in", async () => {
    const { owner, worker, org } = await team();
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      tx
        .insertInto("organization_settings")
        .values({ organization_id: org, time_zone: "Asia/Beirut", week_start: 1, rounding_minutes: 15 })
        .onConflict((c) =>
          c.column("organization_id").doUpdateSet({ time_zone: "Asia/Beirut", week_start: 1, rounding_minutes: 15 }),
        )
        .execute(),
    );
    // Sunday 2026-06-14 23:55 in Beirut rounds to Monday 00:00: it is next week's.
    const entry = (
      await create(owner, {
        user_id: worker.user.person_id,
        clock_in_at: "2026-06-14T20:55:00Z",
        clock_out_at: "2026-06-14T23:00:00Z",
        reason: "r",
      })
    ).json<TimeEntry>();
    const approve = (periodStart: string) =>
      call(owner.access, "POST", "/api/time-clock/approvals", {
        user_id: worker.user.person_id,
        period_start: periodStart,
      });
    const edit = (version: number) =>
      call(owner.access, "PATCH", `/api/time-clock/entries/${entry.id}`, { version, note: `v${version}`, reason: "r" });
    expect((await approve("2026-06-08")).status).toBe(204);
    expect((await edit(1)).status).toBe(200);
    expect((await approve("2026-06-15")).status).toBe(204);
    const locked = await edit(2);
    expect(locked.status).toBe(409);
    expect(locked.json()).toMatchObject({
      code: "timesheet_period_approved",
      fields: { clock_in_at: "timeClock.periodApproved" },
    });
  });

  it("refuse an entry over another of the same person", async () => {
    const { owner, worker, org } = await team();
    expect((await create(owner, { user_id: worker.user.person_id, ...day, reason: "r" })).status).toBe(201);
    const before = await snapshot(org);
    const overlapping = await create(owner, {
      user_id: worker.user.person_id,
      clock_in_at: "2026-06-08T13:00:00Z",
      clock_out_at: "2026-06-08T18:00:00Z",
      reason: "r",
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: "time_entry_overlap",
      fields: { clock_in_at: "timeClock.overlaps" },
    });
    expect(await snapshot(org)).toEqual(before);
  });

  it("delete with a reason: gone from the timesheet, kept in its history", async () => {
    const { owner, worker, org } = await team();
    const entry = (await create(owner, { user_id: worker.user.person_id, ...day, reason: "r" })).json<TimeEntry>();
    const noReason = await call(owner.access, "DELETE", `/api/time-clock/entries/${entry.id}`, { version: 1 });
    expect(noReason.status).toBe(400);
    const gone = await call(owner.access, "DELETE", `/api/time-clock/entries/${entry.id}`, {
      version: 1,
      reason: "Entered twice",
    });
    expect(gone.status).toBe(204);
    const story = await history(owner, entry.id);
    expect(story.deleted).toBe(true);
    expect(story.audit.map((a) => [a.action, a.reason])).toEqual([
      ["created", "r"],
      ["deleted", "Entered twice"],
    ]);
    expect((await snapshot(org)).entries[0]?.deleted_at).not.toBeNull();
    const again = await call(owner.access, "DELETE", `/api/time-clock/entries/${entry.id}`, {
      version: 2,
      reason: "x",
    });
    expect(again.status).toBe(404);
    expect(again.json()).toMatchObject({ code: "not_found" });
  });

  it("refuse changes to an approved pay period", async () => {
    const { owner, worker, org } = await team();
    const entry = (await create(owner, { user_id: worker.user.person_id, ...day, reason: "r" })).json<TimeEntry>();
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      sql`insert into timesheet_approvals (organization_id, user_id, period_start, period_end)
          values (${org}, ${worker.user.id}, '2026-06-08', '2026-06-14')`.execute(tx),
    );
    const before = await snapshot(org);
    const attempts = await Promise.all([
      call(owner.access, "PATCH", `/api/time-clock/entries/${entry.id}`, { version: 1, note: "x", reason: "r" }),
      call(owner.access, "DELETE", `/api/time-clock/entries/${entry.id}`, { version: 1, reason: "r" }),
      create(owner, {
        user_id: worker.user.person_id,
        clock_in_at: "2026-06-09T06:00:00Z",
        clock_out_at: "2026-06-09T14:00:00Z",
        reason: "r",
      }),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(409);
      expect(attempt.json()).toMatchObject({
        code: "timesheet_period_approved",
        fields: { clock_in_at: "timeClock.periodApproved" },
      });
    }
    expect(await snapshot(org)).toEqual(before);
  });

  it("are for managers of this organization only: view_timesheet reads, manage_timesheet changes", async () => {
    const { owner, worker, org } = await team();
    const entry = (await create(owner, { user_id: worker.user.person_id, ...day, reason: "r" })).json<TimeEntry>();
    const [viewer, manager, scheduler, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["manage_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]),
      platformAdminIn(server, org),
    ]);
    const change = (who: SignedUp, version: number) =>
      call(who.access, "PATCH", `/api/time-clock/entries/${entry.id}`, { version, note: "n", reason: "r" });
    expect((await call(viewer.access, "GET", `/api/time-clock/entries/${entry.id}/history`)).status).toBe(200);
    expect((await change(viewer, 1)).status).toBe(403);
    for (const who of [worker, scheduler, admin]) {
      expect((await call(who.access, "GET", `/api/time-clock/entries/${entry.id}/history`)).status).toBe(403);
      expect((await change(who, 1)).status).toBe(403);
      expect((await create(who, { user_id: worker.user.person_id, ...day, reason: "r" })).status).toBe(403);
    }
    expect((await change(manager, 1)).status).toBe(200);
    // Another organization's manager cannot even find it.
    const stranger = await signUp(server);
    expect((await change(stranger, 2)).status).toBe(404);
    expect((await call(stranger.access, "GET", `/api/time-clock/entries/${entry.id}/history`)).status).toBe(404);
    expect(
      (await call(stranger.access, "DELETE", `/api/time-clock/entries/${entry.id}`, { version: 2, reason: "r" }))
        .status,
    ).toBe(404);
  });
});
