import { DEFAULT_TIME_CLOCK_SETTINGS, type TimeClockSettings } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const read = (token: string) => server.request("/api/time-clock/settings", { headers: bearer(token) });
const write = (token: string, json: Record<string, unknown>) =>
  server.request("/api/time-clock/settings", { method: "PUT", headers: bearer(token), json });

async function auditOf(organizationId: string) {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, (tx) =>
    tx.selectFrom("audit_log").selectAll().where("action", "=", "time_clock.settings").execute(),
  );
}

describe("time clock settings", () => {
  it("start at the defaults, change a few at a time, and every change is audited", async () => {
    const owner = await signUp(server);
    expect((await read(owner.access)).json()).toEqual(DEFAULT_TIME_CLOCK_SETTINGS);

    const changed = await write(owner.access, {
      pay_period: "biweekly",
      pay_period_anchor: "2026-11-02",
      overtime_daily_minutes: 600,
      overtime_weekly_minutes: null,
      rounding_minutes: 15,
      location_policy: "refuse",
    });
    expect(changed.status).toBe(200);
    const after = changed.json<TimeClockSettings>();
    expect(after).toEqual({
      ...DEFAULT_TIME_CLOCK_SETTINGS,
      pay_period: "biweekly",
      pay_period_anchor: "2026-11-02",
      overtime_daily_minutes: 600,
      overtime_weekly_minutes: null,
      rounding_minutes: 15,
      location_policy: "refuse",
    });
    expect((await read(owner.access)).json()).toEqual(after);
    const [record] = await auditOf(owner.organizationId);
    expect(record).toMatchObject({ actor_user_id: owner.user.id, before: DEFAULT_TIME_CLOCK_SETTINGS, after });
  });

  it("refuse what is out of range, field by field, and change nothing", async () => {
    const owner = await signUp(server);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pay_period: "monthly" }, "pay_period", "timeClock.payPeriodInvalid"],
      [{ rounding_minutes: 7 }, "rounding_minutes", "timeClock.roundingInvalid"],
      [{ overtime_daily_minutes: 30 }, "overtime_daily_minutes", "timeClock.overtimeInvalid"],
      [{ overtime_multiplier: 5 }, "overtime_multiplier", "timeClock.multiplierInvalid"],
      [{ early_policy: "off" }, "early_policy", "timeClock.policyInvalid"],
      [{ open_limit_minutes: 10 }, "open_limit_minutes", "timeClock.minutesInvalid"],
      [{ pay_period_anchor: "2026-02-30" }, "pay_period_anchor", "schedule.dateInvalid"],
    ];
    for (const [body, field, key] of cases) {
      const refused = await write(owner.access, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { [field]: key } });
    }
    expect((await read(owner.access)).json()).toEqual(DEFAULT_TIME_CLOCK_SETTINGS);
    expect(await auditOf(owner.organizationId)).toEqual([]);
  });

  it("are seen with view_timesheet, changed with manage_timesheet, never by the platform admin or employees", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const [viewer, manager, scheduler, employee, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["manage_timesheet"]),
      memberOf(server, org, "SUPERVISOR", ["view_scheduler", "manage_scheduler"]),
      memberOf(server, org, "EMPLOYEE"),
      platformAdminIn(server, org),
    ]);
    expect((await read(viewer.access)).status).toBe(200);
    expect((await write(viewer.access, { rounding_minutes: 5 })).status).toBe(403);
    expect((await write(manager.access, { rounding_minutes: 5 })).status).toBe(200);
    for (const who of [scheduler, employee, admin]) {
      expect((await read(who.access)).status).toBe(403);
      expect((await write(who.access, { rounding_minutes: 10 })).status).toBe(403);
    }
    // Another organization's owner changes their own settings, never these.
    const stranger = await signUp(server);
    expect((await write(stranger.access, { rounding_minutes: 15 })).status).toBe(200);
    expect((await read(owner.access)).json<TimeClockSettings>().rounding_minutes).toBe(5);
  });
});
