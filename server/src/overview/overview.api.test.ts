import { randomUUID } from "node:crypto";
import { addDays, instantAt, type OverviewResponse, todayIn, weekStartDate } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, setOrganizationCalendar, shiftIn, zoneAtNoon } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const fromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const overview = (who: SignedUp) => server.request("/api/overview", { headers: bearer(who.access) });
const punch = (who: SignedUp, kind: string, minutesAgo: number) =>
  server.request("/api/my/punches", {
    method: "POST",
    headers: bearer(who.access),
    json: { id: randomUUID(), kind, at: fromNow(-minutesAgo) },
  });

describe("the overview", () => {
  it("shows the day at a glance and what needs attention, with links' data to fix each", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    // About noon now, in the fourth day of the week (and of the weekly pay period): the hours and days
    // around now (a clock-in 20 hours ago, a shift tomorrow) are this week's whenever the test runs.
    const { zone, weekday } = zoneAtNoon();
    await setOrganizationCalendar(org, zone, (weekday + 4) % 7);
    const board = await boardIn(org, { name: "Main", zone });
    const [working, forgetful] = await Promise.all([
      memberOf(server, org, "EMPLOYEE"),
      memberOf(server, org, "EMPLOYEE"),
    ]);
    // A published shift going on now (today), and a draft one later: one unpublished change.
    const shift = await shiftIn(org, board, {
      user: working.user.id,
      starts: fromNow(-60),
      ends: fromNow(60),
      published: true,
    });
    await shiftIn(org, board, { user: forgetful.user.id, starts: fromNow(24 * 60), ends: fromNow(25 * 60) });
    expect(
      (
        await server.request("/api/my/punches", {
          method: "POST",
          headers: bearer(working.access),
          json: { id: randomUUID(), kind: "clock_in", at: fromNow(-30), shift_id: shift },
        })
      ).status,
    ).toBe(201);
    // Someone clocked in 20 hours ago and never out: flagged; and tried to clock in again: refused.
    expect((await punch(forgetful, "clock_in", 20 * 60)).status).toBe(201);
    expect((await punch(forgetful, "clock_in", 0)).status).toBe(409);
    // Time in the last pay period (a week ago), not approved.
    const { db } = await testDatabase();
    const weekAgo = (hours: number) => fromNow(-7 * 24 * 60 + hours * 60);
    await withOrganization(db, org, (tx) =>
      sql`insert into time_entries (organization_id, user_id, clock_in_at, clock_out_at, source)
          values (${org}, ${working.user.id}, ${weekAgo(0)}, ${weekAgo(8)}, 'manager')`.execute(tx),
    );

    const response = await overview(owner);
    expect(response.status).toBe(200);
    const body = response.json<OverviewResponse>();
    expect(body.can).toEqual({ schedule: true, time_clock: true });
    expect(body.shifts_today).not.toBeNull();
    expect(body.now?.counts.working).toBe(1);
    expect(body.now?.people.find((p) => p.user_id === forgetful.user.person_id)?.flagged).toBe(true);
    const main = body.boards.find((b) => b.id === board);
    expect(main?.scheduled_minutes).toBeGreaterThan(0);
    expect(main?.worked_minutes).not.toBeNull();
    // The draft is tomorrow: the board's week (it starts on Mondays) holding tomorrow.
    const draftWeek = weekStartDate(addDays(todayIn(zone), 1), 1);
    expect(body.attention).toEqual(
      expect.arrayContaining([
        {
          kind: "unpublished",
          board_id: board,
          board_name: "Main",
          count: 1,
          week_start: draftWeek,
          week_end: addDays(draftWeek, 6),
          week_count: 1,
        },
        expect.objectContaining({ kind: "flagged", count: 1 }),
        { kind: "refused", count: 1 },
        expect.objectContaining({ kind: "approvals", count: 1 }),
      ]),
    );
  });

  it("shows each part only to those who may see the page it sums up", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const [scheduler, timekeeper, employee, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_scheduler"]),
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "EMPLOYEE"),
      platformAdminIn(server, org),
    ]);
    const forScheduler = (await overview(scheduler)).json<OverviewResponse>();
    expect(forScheduler.can).toEqual({ schedule: true, time_clock: false });
    expect(forScheduler.now).toBeNull();
    expect(forScheduler.worked_off_board_minutes).toBeNull();
    const forTimekeeper = (await overview(timekeeper)).json<OverviewResponse>();
    expect(forTimekeeper.can).toEqual({ schedule: false, time_clock: true });
    expect(forTimekeeper.shifts_today).toBeNull();
    expect(forTimekeeper.attention.some((a) => a.kind === "unpublished")).toBe(false);
    for (const who of [employee, admin]) expect((await overview(who)).status).toBe(403);
  });

  it("asks to approve the last period by the timesheets' days: an entry rounded into this period is not its business", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const worker = await memberOf(server, org, "EMPLOYEE");
    // Noon, the fourth day of the weekly period: the last period ended four days ago.
    const { zone, weekday } = zoneAtNoon();
    await setOrganizationCalendar(org, zone, (weekday + 4) % 7);
    const lastDay = addDays(todayIn(zone), -4);
    const { db } = await testDatabase();
    const enter = (clockIn: string) =>
      withOrganization(db, org, (tx) =>
        sql`insert into time_entries (organization_id, user_id, clock_in_at, clock_out_at, source)
            values (${org}, ${worker.user.id}, ${clockIn}, ${new Date(Date.parse(clockIn) + 8 * 3600_000).toISOString()}, 'manager')`.execute(
          tx,
        ),
      );
    // 23:55 on the last period's last day, rounded to the nearest 15 minutes: 00:00 of this period.
    await enter(instantAt(lastDay, "23:55", zone));
    await withOrganization(db, org, (tx) =>
      tx
        .updateTable("organization_settings")
        .set({ rounding_minutes: 15 })
        .where("organization_id", "=", org)
        .execute(),
    );
    const waiting = (await overview(owner)).json<OverviewResponse>().attention.filter((a) => a.kind === "approvals");
    expect(waiting).toEqual([]);

    // Without rounding it sits on that last day, and waits for approval.
    await withOrganization(db, org, (tx) =>
      tx.updateTable("organization_settings").set({ rounding_minutes: 0 }).where("organization_id", "=", org).execute(),
    );
    const unrounded = (await overview(owner)).json<OverviewResponse>().attention.filter((a) => a.kind === "approvals");
    expect(unrounded).toEqual([
      { kind: "approvals", count: 1, period_start: addDays(lastDay, -6), period_end: lastDay },
    ]);
  });

  it("counts only its own organization", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    expect((await punch(other, "clock_in", 10)).status).toBe(201);
    const body = (await overview(owner)).json<OverviewResponse>();
    expect(body.now?.people).toEqual([]);
    expect(body.attention).toEqual([]);
  });

  it("leads a board's unpublished changes to the first week holding any, in the board's own week", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const { zone, weekday } = zoneAtNoon();
    // The board's weeks start today, so this week holds only published shifts and the drafts are in later weeks.
    const board = await boardIn(org, { name: "Terrace", zone, weekStart: weekday });
    const today = todayIn(zone);
    const at = (date: string, time: string) => instantAt(date, time, zone);
    await shiftIn(org, board, { starts: at(today, "14:00"), ends: at(today, "18:00"), published: true });
    // A draft before today is no change to publish any more.
    await shiftIn(org, board, { starts: at(addDays(today, -2), "09:00"), ends: at(addDays(today, -2), "12:00") });
    // One change next week (a moved shift), two drafts the week after.
    await shiftIn(org, board, {
      starts: at(addDays(today, 8), "10:00"),
      ends: at(addDays(today, 8), "14:00"),
      published: { starts: at(addDays(today, 8), "09:00") },
    });
    for (const day of [15, 16]) {
      await shiftIn(org, board, { starts: at(addDays(today, day), "10:00"), ends: at(addDays(today, day), "14:00") });
    }

    const body = (await overview(owner)).json<OverviewResponse>();
    const nextWeek = addDays(today, 7);
    expect(body.attention.filter((item) => item.kind === "unpublished")).toEqual([
      {
        kind: "unpublished",
        board_id: board,
        board_name: "Terrace",
        count: 3,
        week_start: nextWeek,
        week_end: addDays(nextWeek, 6),
        week_count: 1,
      },
    ]);
    expect(body.boards.find((row) => row.id === board)?.unpublished).toBe(3);

    // Publishing that week (as the board's button does) leads to the next one that waits.
    const published = await server.request("/api/schedule/publish", {
      method: "POST",
      headers: bearer(owner.access),
      json: { board, date: nextWeek },
    });
    expect(published.status).toBe(200);
    const after = (await overview(owner)).json<OverviewResponse>();
    expect(after.attention.find((item) => item.kind === "unpublished")).toMatchObject({
      count: 2,
      week_start: addDays(today, 14),
      week_count: 2,
    });
  });
});

describe("the setup checklist", () => {
  const steps = async (who: SignedUp) => (await overview(who)).json<OverviewResponse>().setup;

  it("starts with nothing done for a new owner, and ticks each step as it is done", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    expect(await steps(owner)).toEqual([
      { step: "company", done: false },
      { step: "job", done: false },
      { step: "board", done: false },
      { step: "people", done: false },
      { step: "publish", done: false },
    ]);

    const saved = await server.request("/api/company/details", {
      method: "PUT",
      headers: bearer(owner.access),
      json: { employee_count: "1-10", industry: "other" },
    });
    expect(saved.status).toBe(200);
    await jobIn(org, { name: "Bar" });
    const board = await boardIn(org, { name: "Main" });
    await memberOf(server, org, "EMPLOYEE");
    const done = async () => (await steps(owner)).filter((step) => step.done).map((step) => step.step);
    expect(await done()).toEqual(["company", "job", "board", "people"]);

    // A draft is not a published week; publishing it is.
    await shiftIn(org, board, { starts: fromNow(60), ends: fromNow(120) });
    expect(await done()).not.toContain("publish");
    await shiftIn(org, board, { starts: fromNow(180), ends: fromNow(240), published: true });
    expect(await done()).toEqual(["company", "job", "board", "people", "publish"]);
  });

  it("counts only what is not archived, and only the organization's own", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    await jobIn(owner.organizationId, { archived: true });
    await boardIn(owner.organizationId, { archived: true });
    await jobIn(other.organizationId);
    await boardIn(other.organizationId);
    await memberOf(server, other.organizationId, "EMPLOYEE");
    expect((await steps(owner)).every((step) => !step.done)).toBe(true);
  });

  it("lists to each person only the steps the access table lets them do", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const [scheduler, recruiter, viewer] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]),
      memberOf(server, org, "SUPERVISOR", ["manage_users"]),
      memberOf(server, org, "SUPERVISOR", ["view_scheduler", "view_timesheet"]),
    ]);
    const names = async (who: SignedUp) => (await steps(who)).map((step) => step.step);
    expect(await names(scheduler)).toEqual(["job", "board", "publish"]);
    expect(await names(recruiter)).toEqual(["people"]);
    expect(await names(viewer)).toEqual([]);
  });
});
