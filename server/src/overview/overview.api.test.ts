import { randomUUID } from "node:crypto";
import { addDays, instantAt, type OverviewResponse, todayIn } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, setOrganizationCalendar, shiftIn, zoneAtNoon } from "../../test/shift-fixtures.ts";
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
    expect(body.attention).toEqual(
      expect.arrayContaining([
        { kind: "unpublished", board_id: board, board_name: "Main", count: 1 },
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
});
