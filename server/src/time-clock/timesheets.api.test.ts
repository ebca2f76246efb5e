import { randomUUID } from "node:crypto";
import { type TimeEntry, type TimesheetResponse, timesheetResponseSchema } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, personIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (token: string, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(token), ...(json === undefined ? {} : { json }) });
const sheets = async (who: SignedUp, scope: string, date: string) =>
  call(who.access, "GET", `/api/time-clock/boards/${scope}/timesheets?date=${date}`);
const addEntry = async (who: SignedUp, json: Record<string, unknown>) => {
  const response = await call(who.access, "POST", "/api/time-clock/entries", { reason: "paper sheet", ...json });
  if (response.status !== 201) throw new Error(`entry answered ${response.status}: ${response.text}`);
  return response.json<TimeEntry>();
};
const approve = (who: SignedUp, userId: string, periodStart: string) =>
  call(who.access, "POST", "/api/time-clock/approvals", { user_id: userId, period_start: periodStart });

async function setRate(organizationId: string, userId: string, rate: number) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx
      .updateTable("memberships")
      .set({ hourly_rate: String(rate) })
      .where("user_id", "=", userId)
      .execute(),
  );
}

async function setClock(organizationId: string, values: Record<string, unknown>) {
  const { db } = await testDatabase();
  await withOrganization(db, organizationId, (tx) =>
    tx.updateTable("organization_settings").set(values).where("organization_id", "=", organizationId).execute(),
  );
}

/** Beirut, weeks from Monday; Rana on the Downtown board at $20/h; Sami on no board. */
async function setting() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Asia/Beirut", 1);
  const board = await boardIn(org, { name: "Downtown", zone: "Asia/Beirut" });
  const rana = await memberOf(server, org, "EMPLOYEE");
  const sami = await memberOf(server, org, "EMPLOYEE");
  const { db } = await testDatabase();
  await withOrganization(db, org, (tx) =>
    tx
      .insertInto("job_scheduler_members")
      .values({ organization_id: org, job_scheduler_id: board, user_id: rana.user.id })
      .execute(),
  );
  await setRate(org, rana.user.id, 20);
  return { owner, org, board, rana, sami };
}

describe("timesheets", () => {
  it("show each day scheduled against worked, breaks, overtime and cost, with totals", async () => {
    const { owner, org, board, rana } = await setting();
    await setClock(org, { overtime_daily_minutes: 480, overtime_weekly_minutes: 2400 });
    // Monday 2026-06-08 (Beirut is UTC+3): scheduled 09:00–17:00 less 30 min; worked 08:00–18:00 less 30 min.
    await shiftIn(org, board, {
      user: rana.user.id,
      starts: "2026-06-08T06:00:00Z",
      ends: "2026-06-08T14:00:00Z",
      breakMinutes: 30,
      published: true,
    });
    await addEntry(owner, {
      user_id: rana.user.person_id,
      clock_in_at: "2026-06-08T05:00:00Z",
      clock_out_at: "2026-06-08T15:00:00Z",
      breaks: [{ starts_at: "2026-06-08T09:00:00Z", ends_at: "2026-06-08T09:30:00Z" }],
    });
    // An overnight entry Wednesday 22:00 → Thursday 06:00 sits on Wednesday with its 8 hours.
    await addEntry(owner, {
      user_id: rana.user.person_id,
      clock_in_at: "2026-06-10T19:00:00Z",
      clock_out_at: "2026-06-11T03:00:00Z",
    });

    const response = await sheets(owner, board, "2026-06-10");
    expect(response.status).toBe(200);
    const body = response.json<TimesheetResponse>();
    // Written without the schema's serializer (timesheet-routes.ts): exactly the documented shape, nothing more
    // (parse drops unknown keys), and no page unless one was asked for.
    expect(timesheetResponseSchema.parse(body)).toEqual(body);
    expect(body).not.toHaveProperty("page");
    expect(body.period).toEqual({ start: "2026-06-08", end: "2026-06-14" });
    expect(body.can_manage).toBe(true);
    const person = body.people.find((p) => p.user_id === rana.user.person_id);
    if (!person) throw new Error("Rana is not on the board's timesheet");
    const monday = person.sheet.days.find((d) => d.date === "2026-06-08");
    expect(monday).toMatchObject({
      scheduled_minutes: 450,
      worked_minutes: 570,
      break_minutes: 30,
      regular_minutes: 480,
      overtime_minutes: 90,
      cost: 205, // 8 h × 20 + 1.5 h × 30
    });
    expect(person.sheet.days.find((d) => d.date === "2026-06-10")).toMatchObject({ worked_minutes: 480 });
    expect(person.sheet.days.find((d) => d.date === "2026-06-11")).toMatchObject({ worked_minutes: 0 });
    expect(person.sheet.totals).toMatchObject({ worked_minutes: 1050, overtime_minutes: 90, pay: 365 });
    expect(body.totals).toMatchObject({ worked_minutes: 1050, pay: 365 });
    expect(body.entries).toHaveLength(2);
  });

  it("flag a forgotten clock-out instead of counting its hours, and refuse approval until it is settled", async () => {
    const { owner, org, rana } = await setting();
    const at = Date.now() - 30 * 3600_000;
    const clockedIn = await call(rana.access, "POST", "/api/my/punches", {
      id: randomUUID(),
      kind: "clock_in",
      at: new Date(at).toISOString(),
    });
    expect(clockedIn.status).toBe(201);
    // The entry sits on the day of its clock-in in Beirut (whatever today is where the test runs).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Beirut" }).format(at);
    const body = (await sheets(owner, "all", today)).json<TimesheetResponse>();
    const sheet = body.people.find((p) => p.user_id === rana.user.person_id)?.sheet;
    const row = sheet?.entries[0];
    expect(row).toMatchObject({ flagged: true, open: true, worked_minutes: 0 });
    expect(sheet?.totals.worked_minutes).toBe(0);

    const refused = await approve(owner, rana.user.person_id, body.period.start);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "timesheet_entries_unresolved",
      fields: { period_start: "timeClock.unresolvedEntries" },
    });
    const { db } = await testDatabase();
    const approvals = await withOrganization(db, org, (tx) =>
      tx.selectFrom("timesheet_approvals").selectAll().execute(),
    );
    expect(approvals).toEqual([]);
  });

  it("approve a period (locking it), refuse it twice, and unlock it only with a reason, all audited", async () => {
    const { owner, org, rana } = await setting();
    const entry = await addEntry(owner, {
      user_id: rana.user.person_id,
      clock_in_at: "2026-06-09T05:00:00Z",
      clock_out_at: "2026-06-09T13:00:00Z",
    });
    const offPeriod = await approve(owner, rana.user.person_id, "2026-06-10");
    expect(offPeriod.status).toBe(422);
    expect(offPeriod.json()).toMatchObject({
      code: "timesheet_period_start_invalid",
      fields: { period_start: "timeClock.notPeriodStart" },
    });
    expect((await approve(owner, rana.user.person_id, "2026-06-08")).status).toBe(204);
    const again = await approve(owner, rana.user.person_id, "2026-06-08");
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({
      code: "timesheet_already_approved",
      fields: { period_start: "timeClock.alreadyApproved" },
    });

    const body = (await sheets(owner, "all", "2026-06-08")).json<TimesheetResponse>();
    expect(body.people.find((p) => p.user_id === rana.user.person_id)?.approval).toMatchObject({
      period_start: "2026-06-08",
      period_end: "2026-06-14",
      approved_by: { user_id: owner.user.person_id },
    });
    const locked = await call(owner.access, "PATCH", `/api/time-clock/entries/${entry.id}`, {
      version: 1,
      note: "x",
      reason: "r",
    });
    expect(locked.status).toBe(409);
    expect(locked.json()).toMatchObject({ code: "timesheet_period_approved" });

    const unlock = (json: Record<string, unknown>) =>
      call(owner.access, "POST", "/api/time-clock/approvals/unlock", json);
    expect((await unlock({ user_id: rana.user.person_id, period_start: "2026-06-08" })).status).toBe(400);
    expect(
      (await unlock({ user_id: rana.user.person_id, period_start: "2026-06-08", reason: "Missed a shift" })).status,
    ).toBe(204);
    const notApproved = await unlock({ user_id: rana.user.person_id, period_start: "2026-06-08", reason: "again" });
    expect(notApproved.status).toBe(409);
    expect(notApproved.json()).toMatchObject({
      code: "timesheet_not_approved",
      fields: { period_start: "timeClock.notApproved" },
    });
    const changed = await call(owner.access, "PATCH", `/api/time-clock/entries/${entry.id}`, {
      version: 1,
      note: "x",
      reason: "r",
    });
    expect(changed.status).toBe(200);

    const { db } = await testDatabase();
    const audit = await withOrganization(db, org, (tx) =>
      tx
        .selectFrom("audit_log")
        .select(["action", "reason"])
        .where("target_type", "=", "timesheet")
        .orderBy("created_at")
        .execute(),
    );
    expect(audit).toEqual([
      { action: "timesheet.approve", reason: null },
      { action: "timesheet.unlock", reason: "Missed a shift" },
    ]);
  });

  it("approve everyone ready in one go, skipping (with why) the unsettled, the approved, strangers and one's own", async () => {
    const { owner, org, rana, sami } = await setting();
    const supervisor = await memberOf(server, org, "SUPERVISOR", ["view_timesheet", "manage_timesheet"]);
    const stranger = await signUp(server);
    await addEntry(owner, {
      user_id: rana.user.person_id,
      clock_in_at: "2026-06-09T05:00:00Z",
      clock_out_at: "2026-06-09T13:00:00Z",
    });
    // Sami's Tuesday ran 20 hours (a forgotten clock-out, fixed by nobody yet): flagged, so his period waits.
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: org,
          user_id: sami.user.id,
          clock_in_at: "2026-06-09T05:00:00Z",
          clock_out_at: "2026-06-10T01:00:00Z",
          source: "punch",
          created_by: sami.user.id,
          updated_by: sami.user.id,
        })
        .execute(),
    );
    expect((await approve(owner, owner.user.person_id, "2026-06-08")).status).toBe(204);
    const bulk = (who: SignedUp, json: Record<string, unknown>) =>
      call(who.access, "POST", "/api/time-clock/approvals/bulk", json);

    const response = await bulk(supervisor, {
      period_start: "2026-06-08",
      user_ids: [
        rana.user.person_id,
        sami.user.person_id,
        owner.user.person_id,
        supervisor.user.person_id,
        stranger.user.person_id,
      ],
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      approved: [rana.user.person_id],
      skipped: [
        { user_id: sami.user.person_id, reason: "timeClock.unresolvedEntries" },
        { user_id: owner.user.person_id, reason: "timeClock.alreadyApproved" },
        { user_id: supervisor.user.person_id, reason: "timeClock.ownTime" },
        { user_id: stranger.user.person_id, reason: "timeClock.unknownPerson" },
      ],
    });
    const approvals = await withOrganization(db, org, (tx) =>
      tx.selectFrom("timesheet_approvals").select(["user_id", "approved_by"]).orderBy("approved_at").execute(),
    );
    expect(approvals).toEqual([
      { user_id: owner.user.id, approved_by: owner.user.id },
      { user_id: rana.user.id, approved_by: supervisor.user.id },
    ]);
    const audit = await withOrganization(db, org, (tx) =>
      tx
        .selectFrom("audit_log")
        .select(["actor_user_id", "target_id"])
        .where("action", "=", "timesheet.approve")
        .where("actor_user_id", "=", supervisor.user.id)
        .execute(),
    );
    expect(audit).toEqual([{ actor_user_id: supervisor.user.id, target_id: `${rana.user.id}:2026-06-08` }]);
  });

  it("refuse (409, not a failure) a period overlapping one approved before the pay period changed", async () => {
    const { owner, org, rana, sami } = await setting();
    expect((await approve(owner, rana.user.person_id, "2026-06-08")).status).toBe(204);
    await setClock(org, { pay_period: "semimonthly" });
    const overlapping = await approve(owner, rana.user.person_id, "2026-06-01");
    expect(overlapping.status).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: "timesheet_already_approved",
      fields: { period_start: "timeClock.alreadyApproved" },
    });
    // In bulk, the others are still approved.
    const bulk = await call(owner.access, "POST", "/api/time-clock/approvals/bulk", {
      period_start: "2026-06-01",
      user_ids: [rana.user.person_id, sami.user.person_id],
    });
    expect(bulk.json()).toEqual({
      approved: [sami.user.person_id],
      skipped: [{ user_id: rana.user.person_id, reason: "timeClock.alreadyApproved" }],
    });
  });

  it("refuse a bulk approval that is malformed, off the period's start, or not theirs to give, writing nothing", async () => {
    const { owner, org, rana } = await setting();
    const viewer = await memberOf(server, org, "SUPERVISOR", ["view_timesheet"]);
    const bulk = (who: SignedUp, json: Record<string, unknown>) =>
      call(who.access, "POST", "/api/time-clock/approvals/bulk", json);
    const fieldsOf = async (json: Record<string, unknown>) =>
      (await bulk(owner, json)).json<{ fields: unknown }>().fields;
    expect(await fieldsOf({ period_start: "2026-06-08", user_ids: [] })).toEqual({ user_ids: "timeClock.bulkInvalid" });
    expect(
      await fieldsOf({ period_start: "2026-06-08", user_ids: [rana.user.person_id, rana.user.person_id] }),
    ).toEqual({
      user_ids: "timeClock.bulkInvalid",
    });
    expect(
      await fieldsOf({ period_start: "2026-06-08", user_ids: Array.from({ length: 1001 }, () => randomUUID()) }),
    ).toEqual({ user_ids: "timeClock.bulkTooMany" });
    expect(await fieldsOf({ period_start: "2026-06-10", user_ids: [rana.user.person_id] })).toEqual({
      period_start: "timeClock.notPeriodStart",
    });
    expect((await bulk(viewer, { period_start: "2026-06-08", user_ids: [rana.user.person_id] })).status).toBe(403);
    const stranger = await signUp(server);
    expect((await bulk(stranger, { period_start: "2026-06-08", user_ids: [rana.user.person_id] })).json()).toEqual({
      approved: [],
      skipped: [{ user_id: rana.user.person_id, reason: "timeClock.unknownPerson" }],
    });
    const { db } = await testDatabase();
    const approvals = await withOrganization(db, org, (tx) =>
      tx.selectFrom("timesheet_approvals").selectAll().execute(),
    );
    expect(approvals).toEqual([]);
  });

  it("follow the pay period setting: two weeks from the anchor, or halves of the month", async () => {
    const { owner, org } = await setting();
    await setClock(org, { pay_period: "biweekly", pay_period_anchor: "2026-06-01" });
    expect((await sheets(owner, "all", "2026-06-20")).json<TimesheetResponse>().period).toEqual({
      start: "2026-06-15",
      end: "2026-06-28",
    });
    await setClock(org, { pay_period: "semimonthly" });
    expect((await sheets(owner, "all", "2026-02-20")).json<TimesheetResponse>().period).toEqual({
      start: "2026-02-16",
      end: "2026-02-28",
    });
  });

  it("cover a board's people only, and for all every board's people and anyone with time on no board", async () => {
    const { owner, board, rana, sami } = await setting();
    const boardPeople = (await sheets(owner, board, "2026-06-10"))
      .json<TimesheetResponse>()
      .people.map((p) => p.user_id);
    expect(boardPeople).toContain(rana.user.person_id);
    expect(boardPeople).not.toContain(sami.user.person_id);
    // Sami is on no board: "all" lists him once he has time in the period, and never the owner who has none.
    const before = (await sheets(owner, "all", "2026-06-10")).json<TimesheetResponse>().people.map((p) => p.user_id);
    expect(before).toEqual([rana.user.person_id]);
    await addEntry(owner, {
      user_id: sami.user.person_id,
      clock_in_at: "2026-06-09T06:00:00Z",
      clock_out_at: "2026-06-09T10:00:00Z",
    });
    const after = (await sheets(owner, "all", "2026-06-10")).json<TimesheetResponse>();
    expect(after.people.map((p) => p.user_id).sort()).toEqual([rana.user.person_id, sami.user.person_id].sort());
    expect(after.people.map((p) => p.user_id)).not.toContain(owner.user.person_id);
    // The day read around a period (its margin) lists no one: 23:00–24:00 in Beirut on the 21st is the period before.
    await addEntry(owner, {
      user_id: sami.user.person_id,
      clock_in_at: "2026-06-21T20:00:00Z",
      clock_out_at: "2026-06-21T21:00:00Z",
    });
    expect(
      (await sheets(owner, "all", "2026-06-22")).json<TimesheetResponse>().people.map((p) => p.user_id),
    ).not.toContain(sami.user.person_id);
  });

  it("come a page of people at a time when asked, the totals and counts still of everyone", async () => {
    const { owner, org, board, rana } = await setting();
    const others = await Promise.all([memberOf(server, org, "EMPLOYEE"), memberOf(server, org, "EMPLOYEE")]);
    const people = [rana, ...others];
    for (const [index, person] of people.entries()) {
      await addEntry(owner, {
        user_id: person.user.person_id,
        clock_in_at: "2026-06-09T05:00:00Z",
        clock_out_at: `2026-06-09T0${6 + index}:00:00Z`,
      });
    }
    await approve(owner, rana.user.person_id, "2026-06-08");
    const whole = (await sheets(owner, "all", "2026-06-10")).json<TimesheetResponse>();
    expect(whole.people).toHaveLength(3);
    const page = (offset: number | null, limit: number) =>
      call(
        owner.access,
        "GET",
        `/api/time-clock/boards/all/timesheets?date=2026-06-10&limit=${limit}${offset === null ? "" : `&offset=${offset}`}`,
      );

    const first = await page(null, 2);
    expect(first.status).toBe(200);
    const firstBody = first.json<TimesheetResponse>();
    expect(timesheetResponseSchema.parse(firstBody)).toEqual(firstBody);
    expect(firstBody.people).toEqual(whole.people.slice(0, 2));
    expect(firstBody.entries.map((entry) => entry.id).sort()).toEqual(
      firstBody.people.flatMap((person) => person.sheet.entries.map((row) => row.id)).sort(),
    );
    expect(firstBody.totals).toEqual(whole.totals);
    expect(firstBody.page).toEqual({ offset: 0, limit: 2, people: 3, approved: 1, entries: 3 });

    const rest = (await page(2, 2)).json<TimesheetResponse>();
    expect(rest.people).toEqual(whole.people.slice(2));
    expect(rest.entries).toEqual(whole.entries.filter((entry) => entry.user_id === whole.people[2]?.user_id));
    expect(rest.page).toEqual({ offset: 2, limit: 2, people: 3, approved: 1, entries: 3 });
    const past = (await page(5, 2)).json<TimesheetResponse>();
    expect(past.people).toEqual([]);
    expect(past.totals).toEqual(whole.totals);
    // A board's pages are its own people's.
    const boardPage = (
      await call(owner.access, "GET", `/api/time-clock/boards/${board}/timesheets?date=2026-06-10&limit=5`)
    ).json<TimesheetResponse>();
    expect(boardPage.people.map((person) => person.user_id)).toEqual([rana.user.person_id]);
    expect(boardPage.page).toMatchObject({ people: 1, approved: 1, entries: 1 });

    // Malformed pages are refused whole.
    for (const query of ["limit=0", "limit=201", "limit=two", "limit=1.5", "offset=-1&limit=2", "offset=1"]) {
      const refused = await call(owner.access, "GET", `/api/time-clock/boards/all/timesheets?date=2026-06-10&${query}`);
      expect(refused.status, query).toBe(400);
    }
  });

  it("agree on scheduled hours between a board and all: invited people with shifts counted, an owner on no board not listed", async () => {
    const { owner, org, board, rana } = await setting();
    const invited = await personIn(org, { status: "invited", firstName: "Nour" });
    const shift = (user: string, day: string, hours: number) =>
      shiftIn(org, board, {
        user,
        starts: `2026-06-${day}T06:00:00Z`,
        ends: `2026-06-${day}T${String(6 + hours).padStart(2, "0")}:00:00Z`,
        published: true,
      });
    await shift(rana.user.id, "08", 8);
    await shift(rana.user.id, "09", 8);
    await shift(invited.account, "10", 6);
    await shift(invited.account, "11", 4);
    const onBoard = (await sheets(owner, board, "2026-06-10")).json<TimesheetResponse>();
    const all = (await sheets(owner, "all", "2026-06-10")).json<TimesheetResponse>();
    expect(onBoard.totals.scheduled_minutes).toBe(26 * 60);
    expect(all.totals.scheduled_minutes).toBe(onBoard.totals.scheduled_minutes);
    expect(all.people.map((p) => p.user_id).sort()).toEqual(onBoard.people.map((p) => p.user_id).sort());
    expect(all.people.find((p) => p.user_id === invited.id)).toMatchObject({ status: "invited" });
    expect(all.people.map((p) => p.user_id)).not.toContain(owner.user.person_id);

    // A second board with its own people: "all" is the sum of the boards, person by person.
    const second = await boardIn(org, { name: "Airport", zone: "Asia/Beirut" });
    const layla = await personIn(org, { firstName: "Layla" });
    await withOrganization((await testDatabase()).db, org, (tx) =>
      tx
        .insertInto("job_scheduler_members")
        .values({ organization_id: org, job_scheduler_id: second, user_id: layla.account })
        .execute(),
    );
    await shiftIn(org, second, {
      user: layla.account,
      starts: "2026-06-12T05:00:00Z",
      ends: "2026-06-12T12:30:00Z",
      published: true,
    });
    const [first, other, both] = await Promise.all(
      [board, second, "all"].map(async (scope) => (await sheets(owner, scope, "2026-06-10")).json<TimesheetResponse>()),
    );
    expect(other?.totals.scheduled_minutes).toBe(450);
    expect(both?.totals.scheduled_minutes).toBe(
      (first?.totals.scheduled_minutes ?? 0) + (other?.totals.scheduled_minutes ?? 0),
    );
    expect(both?.people).toHaveLength((first?.people.length ?? 0) + (other?.people.length ?? 0));
  });

  it("are seen with view_timesheet, approved with manage_timesheet, and stay within the organization", async () => {
    const { owner, org, board, rana } = await setting();
    const [viewer, scheduler, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
      platformAdminIn(server, org),
    ]);
    const viewed = await sheets(viewer, board, "2026-06-10");
    expect(viewed.status).toBe(200);
    expect(viewed.json<TimesheetResponse>().can_manage).toBe(false);
    expect((await approve(viewer, rana.user.person_id, "2026-06-08")).status).toBe(403);
    for (const who of [rana, scheduler, admin]) {
      expect((await sheets(who, board, "2026-06-10")).status).toBe(403);
      expect((await approve(who, rana.user.person_id, "2026-06-08")).status).toBe(403);
    }
    const stranger = await signUp(server);
    expect((await sheets(stranger, board, "2026-06-10")).status).toBe(404);
    const theirs = await approve(stranger, rana.user.person_id, "2026-06-08");
    expect(theirs.status).toBe(422);
    expect(theirs.json()).toMatchObject({
      code: "time_clock_person_unknown",
      fields: { user_id: "timeClock.unknownPerson" },
    });
    const strangerAll = (await sheets(stranger, "all", "2026-06-10")).json<TimesheetResponse>();
    expect(strangerAll.people).toEqual([]);
    expect((await sheets(owner, board, "2026-13-01")).status).toBe(400);
  });
});
