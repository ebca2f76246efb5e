import { randomUUID } from "node:crypto";
import type { ClockStatus, PunchResponse } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { databaseKind, testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, setOrganizationCalendar, shiftIn, zoneAtNoon } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

function punch(who: SignedUp, body: Record<string, unknown>) {
  return server.request("/api/my/punches", {
    method: "POST",
    headers: bearer(who.access),
    json: { id: randomUUID(), ...body },
  });
}
const status = async (who: SignedUp) =>
  (await server.request("/api/my/clock", { headers: bearer(who.access) })).json<ClockStatus>();

async function rows(organizationId: string, userId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, async (tx) => ({
    entries: await tx
      .selectFrom("time_entries")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("clock_in_at")
      .execute(),
    punches: await tx
      .selectFrom("time_punches")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("happened_at")
      .execute(),
  }));
}

async function setClock(organizationId: string, values: Record<string, unknown>) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, async (tx) => {
    await tx
      .insertInto("organization_settings")
      .values({ organization_id: organizationId, ...values })
      .onConflict((conflict) => conflict.column("organization_id").doUpdateSet(values))
      .execute();
  });
}

async function team() {
  const owner = await signUp(server);
  const me = await memberOf(server, owner.organizationId, "EMPLOYEE");
  return { owner, me, org: owner.organizationId };
}

describe("punching the clock", () => {
  it("clocks in, takes a break and clocks out into one entry, and my status follows each step", async () => {
    const { me, org } = await team();
    // A zone where it is about noon now, so the last 90 minutes are all "today" whenever the test runs.
    await setOrganizationCalendar(org, zoneAtNoon().zone, 1);
    expect((await status(me)).state).toBe("out");

    const clockIn = await punch(me, { kind: "clock_in", at: ago(90) });
    expect(clockIn.status).toBe(201);
    const started = clockIn.json<PunchResponse>();
    expect(started.replayed).toBe(false);
    expect(started.status.state).toBe("in");
    // Made an hour and a half ago (sent late, as from a phone that was offline), with no shift to go to.
    expect(started.punch.warnings.map((w) => w.code).sort()).toEqual(["late_sync", "no_shift"]);

    expect((await punch(me, { kind: "break_start", at: ago(60) })).json<PunchResponse>().status.state).toBe("break");
    expect((await punch(me, { kind: "break_end", at: ago(30) })).json<PunchResponse>().status.state).toBe("in");
    const out = (await punch(me, { kind: "clock_out", at: ago(0) })).json<PunchResponse>();
    expect(out.status.state).toBe("out");
    expect(out.status.entry).toBeNull();
    // 90 minutes less a 30-minute break (give or take the minute the test takes).
    expect(out.status.today_minutes).toBeGreaterThanOrEqual(59);
    expect(out.status.today_minutes).toBeLessThanOrEqual(61);

    const { entries, punches } = await rows(org, me.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.clock_out_at).not.toBeNull();
    expect(entries[0]?.source).toBe("punch");
    expect(punches.map((p) => p.kind)).toEqual(["clock_in", "break_start", "break_end", "clock_out"]);
    expect(new Set(punches.map((p) => p.time_entry_id))).toEqual(new Set([entries[0]?.id]));
  });

  it("counts an entry open past the limit (a forgotten clock-out) as nothing in my hours until it is checked", async () => {
    const { me } = await team();
    expect((await punch(me, { kind: "clock_in", at: ago(20 * 60) })).status).toBe(201);
    const mine = await status(me);
    expect(mine.state).toBe("in");
    expect(mine.week_minutes).toBe(0);
  });

  it("keeps a punch sent twice once: the resend answers the first punch, replayed", async () => {
    const { me, org } = await team();
    const body = { id: randomUUID(), kind: "clock_in", at: ago(1) };
    const [first, second] = await Promise.all([punch(me, body), punch(me, body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const answers = [first.json<PunchResponse>(), second.json<PunchResponse>()];
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true]);
    expect(answers[0]?.punch).toEqual(answers[1]?.punch);
    const later = await punch(me, body);
    expect(later.status).toBe(200);
    expect(later.json<PunchResponse>().replayed).toBe(true);

    const { entries, punches } = await rows(org, me.user.id);
    expect(entries).toHaveLength(1);
    expect(punches).toHaveLength(1);
  });

  it("refuses the same id with another punch, and writes nothing", async () => {
    const { me, org } = await team();
    const id = randomUUID();
    expect((await punch(me, { id, kind: "clock_in", at: ago(5) })).status).toBe(201);
    const reused = await punch(me, { id, kind: "clock_out", at: ago(1) });
    expect(reused.status).toBe(409);
    expect(reused.json()).toMatchObject({ code: "time_punch_id_reused", fields: { id: "timeClock.punchIdReused" } });
    const { entries, punches } = await rows(org, me.user.id);
    expect(entries[0]?.clock_out_at).toBeNull();
    expect(punches).toHaveLength(1);
  });

  it.each([
    ["clocking out without clocking in", [], "clock_out", 409, "time_punch_not_in", "kind", "timeClock.notIn"],
    ["starting a break without clocking in", [], "break_start", 409, "time_punch_not_in", "kind", "timeClock.notIn"],
    ["clocking in twice", ["clock_in"], "clock_in", 409, "time_punch_already_in", "kind", "timeClock.alreadyIn"],
    [
      "ending a break never started",
      ["clock_in"],
      "break_end",
      409,
      "time_punch_not_on_break",
      "kind",
      "timeClock.notOnBreak",
    ],
    [
      "starting a break twice",
      ["clock_in", "break_start"],
      "break_start",
      409,
      "time_punch_already_on_break",
      "kind",
      "timeClock.alreadyOnBreak",
    ],
  ])("refuses %s with a clear message, and writes nothing", async (_what, before, kind, status, code, field, key) => {
    const { me, org } = await team();
    let minutes = 30;
    for (const earlier of before) expect((await punch(me, { kind: earlier, at: ago(minutes--) })).status).toBe(201);
    const snapshot = await rows(org, me.user.id);
    const refused = await punch(me, { kind, at: ago(1) });
    expect(refused.status).toBe(status);
    expect(refused.json()).toMatchObject({ code, fields: { [field]: key } });
    expect(await rows(org, me.user.id)).toEqual(snapshot);
  });

  it("refuses a punch earlier than my last one, far in the future, or older than a week", async () => {
    const { me, org } = await team();
    expect((await punch(me, { kind: "clock_in", at: ago(60) })).status).toBe(201);
    const snapshot = await rows(org, me.user.id);
    const cases: [string, number, string, string, string][] = [
      [ago(90), 409, "time_punch_out_of_order", "at", "timeClock.outOfOrder"],
      [new Date(Date.now() + 10 * MINUTE).toISOString(), 422, "time_punch_future", "at", "timeClock.future"],
      [ago(8 * 24 * 60), 422, "time_punch_too_old", "at", "timeClock.tooOld"],
    ];
    for (const [at, status, code, field, key] of cases) {
      const refused = await punch(me, { kind: "clock_out", at });
      expect(refused.status, at).toBe(status);
      expect(refused.json()).toMatchObject({ code, fields: { [field]: key } });
    }
    // A device clock a little fast is fine.
    expect(await rows(org, me.user.id)).toEqual(snapshot);
    expect((await punch(me, { kind: "clock_out", at: new Date(Date.now() + MINUTE).toISOString() })).status).toBe(201);
  });

  it("refuses malformed punches field by field", async () => {
    const { me, org } = await team();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: "not-a-uuid", kind: "clock_in", at: ago(1) }, "id"],
      [{ kind: "nap", at: ago(1) }, "kind"],
      [{ kind: "clock_in", at: "yesterday" }, "at"],
      [{ kind: "clock_in", at: ago(1), location: { latitude: 91, longitude: 0, accuracy: 5 } }, "location.latitude"],
    ];
    for (const [body, field] of cases) {
      const refused = await punch(me, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: "validation_failed" });
      expect(Object.keys(refused.json<{ fields: Record<string, string> }>().fields)).toContain(field);
    }
    expect((await rows(org, me.user.id)).punches).toHaveLength(0);
  });

  it("refuses a punch at a time that does not exist rather than moving it (24:00 is not the next midnight)", async () => {
    const { me, org } = await team();
    // Yesterday at 24:00, which a lax reading takes for today's midnight: a past time, within the week.
    const yesterday = new Date(Date.now() - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const lastMonth = new Date(Date.now() - 20 * 24 * 60 * MINUTE).toISOString().slice(0, 7);
    for (const at of [`${yesterday}T24:00:00Z`, `${yesterday}T23:60:00Z`, `${lastMonth}-32T09:00:00Z`]) {
      const refused = await punch(me, { kind: "clock_in", at });
      expect(refused.status, at).toBe(400);
      expect(refused.json(), at).toMatchObject({ code: "validation_failed", fields: { at: "schedule.timeInvalid" } });
    }
    expect(await rows(org, me.user.id)).toEqual({ entries: [], punches: [] });
  });

  it("lets two clock-ins at once make exactly one entry", async () => {
    const { me, org } = await team();
    const answers = await Promise.all([
      punch(me, { kind: "clock_in", at: ago(2) }),
      punch(me, { kind: "clock_in", at: ago(1) }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.json()).toMatchObject({
      code: "time_punch_already_in",
      fields: { kind: "timeClock.alreadyIn" },
    });
    expect((await rows(org, me.user.id)).entries).toHaveLength(1);
  });

  it("has the database itself refuse a second open entry for one person", async () => {
    const { me, org } = await team();
    expect((await punch(me, { kind: "clock_in", at: ago(5) })).status).toBe(201);
    const { db } = await testDatabase();
    await expect(
      withOrganization(db, org, (tx) =>
        tx
          .insertInto("time_entries")
          .values({ organization_id: org, user_id: me.user.id, clock_in_at: new Date(), source: "manager" })
          .execute(),
      ),
    ).rejects.toThrow();
  });

  it("clocks in to my shift going on, and warns (or refuses, as set) when far too early", async () => {
    const { me, org } = await team();
    // A zone where it is about noon now, so the shift starting in an hour is today's whenever the test runs.
    const { zone } = zoneAtNoon();
    await setOrganizationCalendar(org, zone, 1);
    const board = await boardIn(org, { zone });
    const bar = await jobIn(org, { name: "Bar" });
    const soon = new Date(Date.now() + 60 * MINUTE);
    const shift = await shiftIn(org, board, {
      user: me.user.id,
      job: bar,
      starts: soon.toISOString(),
      ends: new Date(soon.getTime() + 8 * 60 * MINUTE).toISOString(),
      published: true,
    });

    await setClock(org, { early_policy: "refuse", early_minutes: 15 });
    const refused = await punch(me, { kind: "clock_in", at: ago(0) });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ code: "time_punch_too_early", fields: { at: "timeClock.tooEarly" } });
    expect((await rows(org, me.user.id)).entries).toHaveLength(0);

    await setClock(org, { early_policy: "warn" });
    const warned = (await punch(me, { kind: "clock_in", at: ago(0) })).json<PunchResponse>();
    expect(warned.punch.shift_id).toBe(shift);
    expect(warned.punch.job_id).toBe(bar);
    expect(warned.punch.warnings).toEqual([{ code: "early", minutes: expect.any(Number) }]);
    expect(warned.status.shift?.id).toBe(shift);
  });

  it("shows the shift I clocked in early for, though it starts after midnight", async () => {
    const { me, org } = await team();
    // A zone where it is about 22:00 now: the shift starting in about two hours is tomorrow's.
    const offset = ((22 - new Date().getUTCHours() + 36) % 24) - 12;
    const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    await setOrganizationCalendar(org, zone, 1);
    const board = await boardIn(org, { zone });
    const starts = new Date(Date.now() + 2 * 60 * MINUTE);
    const shift = await shiftIn(org, board, {
      user: me.user.id,
      starts: starts.toISOString(),
      ends: new Date(starts.getTime() + 8 * 60 * MINUTE).toISOString(),
      published: true,
    });
    const clockedIn = (await punch(me, { kind: "clock_in", at: ago(0) })).json<PunchResponse>();
    expect(clockedIn.punch.shift_id).toBe(shift);
    expect(clockedIn.status.shift?.id).toBe(shift);
    expect((await status(me)).shift?.id).toBe(shift);
  });

  it("notes a clock-in without any shift, and to a job I am not on", async () => {
    const { me, org } = await team();
    const job = await jobIn(org, { name: "Cleaning" });
    const answer = (await punch(me, { kind: "clock_in", at: ago(0), job_id: job })).json<PunchResponse>();
    expect(answer.punch.job_id).toBe(job);
    expect(answer.punch.warnings.map((w) => w.code).sort()).toEqual(["no_shift", "not_on_job"]);
  });

  it("checks the job's site: warns or refuses a clock-in from afar, only ever warns on clocking out", async () => {
    const { me, org } = await team();
    const job = await jobIn(org, { name: "Site" });
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      tx.updateTable("jobs").set({ latitude: 33.9, longitude: 35.5, radius_m: 100 }).where("id", "=", job).execute(),
    );
    const here = { latitude: 33.9003, longitude: 35.5, accuracy: 10 };
    const away = { latitude: 33.95, longitude: 35.5, accuracy: 10 };

    await setClock(org, { location_policy: "refuse" });
    for (const [location, code, key] of [
      [away, "time_punch_outside_site", "timeClock.outsideSite"],
      [null, "time_punch_location_required", "timeClock.locationRequired"],
    ] as const) {
      const refused = await punch(me, { kind: "clock_in", at: ago(0), job_id: job, location });
      expect(refused.status).toBe(422);
      expect(refused.json()).toMatchObject({ code, fields: { location: key } });
    }
    const onSite = (
      await punch(me, { kind: "clock_in", at: ago(3), job_id: job, location: here })
    ).json<PunchResponse>();
    expect(onSite.punch.warnings.map((w) => w.code)).not.toContain("outside_site");
    expect(onSite.punch.location).toEqual(here);
    const leaving = await punch(me, { kind: "clock_out", at: ago(0), location: away });
    expect(leaving.status).toBe(201);
    expect(leaving.json<PunchResponse>().punch.warnings).toEqual([
      { code: "outside_site", meters: expect.any(Number) },
    ]);

    await setClock(org, { location_policy: "warn" });
    const warned = (
      await punch(me, { kind: "clock_in", at: ago(0), job_id: job, location: away })
    ).json<PunchResponse>();
    expect(warned.punch.warnings).toContainEqual({ code: "outside_site", meters: expect.any(Number) });
  });

  it("keeps no location while the organization does not check sites", async () => {
    const { me, org } = await team();
    await setClock(org, { location_policy: "off" });
    const sent = await punch(me, {
      kind: "clock_in",
      at: ago(0),
      location: { latitude: 0, longitude: 0, accuracy: 5 },
    });
    expect(sent.status).toBe(201);
    expect(sent.json<PunchResponse>().punch.location).toBeNull();
    const { punches } = await rows(org, me.user.id);
    expect(punches.map((p) => [p.latitude, p.longitude, p.accuracy_m])).toEqual([[null, null, null]]);
  });

  it("refuses punches into an approved pay period", async () => {
    const { me, org } = await team();
    expect((await punch(me, { kind: "clock_in", at: ago(30) })).status).toBe(201);
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      sql`insert into timesheet_approvals (organization_id, user_id, period_start, period_end)
          values (${org}, ${me.user.id}, current_date - 3, current_date + 3)`.execute(tx),
    );
    const refused = await punch(me, { kind: "clock_out", at: ago(0) });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "timesheet_period_approved",
      fields: { at: "timeClock.periodApproved" },
    });
  });

  it("refuses a punch recorded on the device for someone else, or in another organization, and writes nothing", async () => {
    const { me, org, owner } = await team();
    const theirs = await punch(me, { kind: "clock_in", at: ago(1), user_id: owner.user.id, organization_id: org });
    expect(theirs.status).toBe(403);
    expect(theirs.json()).toMatchObject({ code: "forbidden" });
    const elsewhere = await punch(me, {
      kind: "clock_in",
      at: ago(1),
      user_id: me.user.id,
      organization_id: randomUUID(),
    });
    expect(elsewhere.status).toBe(403);
    expect((await rows(org, me.user.id)).punches).toHaveLength(0);
    const mine = await punch(me, { kind: "clock_in", at: ago(1), user_id: me.user.id, organization_id: org });
    expect(mine.status).toBe(201);
  });

  it("keeps each person to their own clock and organization", async () => {
    const { me, org } = await team();
    const other = await signUp(server);
    const theirBoard = await boardIn(other.organizationId);
    const theirJob = await jobIn(other.organizationId);
    const theirShift = await shiftIn(other.organizationId, theirBoard, {
      user: other.user.id,
      starts: ago(10),
      ends: new Date(Date.now() + 60 * MINUTE).toISOString(),
      published: true,
    });
    const byShift = await punch(me, { kind: "clock_in", at: ago(0), shift_id: theirShift });
    expect(byShift.status).toBe(422);
    expect(byShift.json()).toMatchObject({
      code: "time_punch_shift_unknown",
      fields: { shift_id: "timeClock.unknownShift" },
    });
    const byJob = await punch(me, { kind: "clock_in", at: ago(0), job_id: theirJob });
    expect(byJob.status).toBe(422);
    expect(byJob.json()).toMatchObject({ code: "time_clock_job_unknown", fields: { job_id: "timeClock.unknownJob" } });
    // A colleague's clock-in is theirs alone.
    expect((await punch(other, { kind: "clock_in", at: ago(0) })).status).toBe(201);
    expect((await status(me)).state).toBe("out");
    expect((await rows(org, me.user.id)).punches).toHaveLength(0);

    const admin = await platformAdminIn(server, org);
    const byAdmin = await punch(admin, { kind: "clock_in", at: ago(0) });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json()).toMatchObject({ code: "forbidden" });
    expect((await server.request("/api/my/clock", { headers: bearer(admin.access) })).status).toBe(403);
    const anonymous = await server.request("/api/my/clock");
    expect(anonymous.status).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: "token_invalid" });
  });
});

describe.runIf(databaseKind() === "postgres")("one person's punches at once, on PostgreSQL", () => {
  it("takes a burst of clock-ins, each sent twice, one at a time: one wins, the rest are refused or replayed, none fails", async () => {
    const { me, org } = await team();
    const bodies = Array.from({ length: 4 }, (_, i) => ({ id: randomUUID(), kind: "clock_in", at: ago(4 - i) }));
    const answers = await Promise.all(bodies.flatMap((body) => [punch(me, body), punch(me, body)]));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json()).toMatchObject({ code: "time_punch_already_in", fields: { kind: "timeClock.alreadyIn" } });
    }
    const { entries, punches } = await rows(org, me.user.id);
    expect(entries).toHaveLength(1);
    expect(punches).toHaveLength(1);
  });

  it("does not wait on another request's hold of the person's membership (FOR KEY SHARE, as every request reads it)", async () => {
    const { owner, me, org } = await team();
    const { db } = await testDatabase();
    const TIMEOUT = "still waiting";
    const within = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<typeof TIMEOUT>((resolve) => setTimeout(() => resolve(TIMEOUT), 3000))]);
    const clockedIn = await punch(me, { kind: "clock_in", at: ago(30) });
    const entryId = clockedIn.json<PunchResponse>().punch.time_entry_id;
    await withOrganization(db, org, async (tx) => {
      await tx
        .selectFrom("memberships")
        .select("user_id")
        .where("organization_id", "=", org)
        .where("user_id", "=", me.user.id)
        .forKeyShare()
        .execute();
      const onBreak = await within(punch(me, { kind: "break_start", at: ago(20) }));
      expect(onBreak === TIMEOUT ? onBreak : onBreak.status).toBe(201);
      const corrected = await within(
        server.request(`/api/time-clock/entries/${entryId}`, {
          method: "PATCH",
          headers: bearer(owner.access),
          json: { version: 2, note: "Checked", reason: "Checked with the team" },
        }),
      );
      expect(corrected === TIMEOUT ? corrected : corrected.status).toBe(200);
    });
  });
});
