import { randomUUID } from "node:crypto";
import type { TimeEntry, TimesheetResponse } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { leaveTypeIn, timeOffIn } from "../../test/time-off-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { clearPeriodCache, keptPeriods } from "./timesheet-cache.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DATE = "2026-06-10";
const call = (who: SignedUp, method: string, path: string, json?: unknown) =>
  server.request(path, { method, headers: bearer(who.access), ...(json === undefined ? {} : { json }) });
const sheets = async (who: SignedUp, scope: string, query = "") => {
  const response = await call(who, "GET", `/api/time-clock/boards/${scope}/timesheets?date=${DATE}${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json<TimesheetResponse>();
};
/** The period counted from nothing kept. */
const counted = async (who: SignedUp, scope: string, query = "") => {
  clearPeriodCache();
  return sheets(who, scope, query);
};
const addEntry = async (who: SignedUp, json: Record<string, unknown>) => {
  const response = await call(who, "POST", "/api/time-clock/entries", { reason: "paper sheet", ...json });
  if (response.status !== 201) throw new Error(`entry answered ${response.status}: ${response.text}`);
  return response.json<TimeEntry>();
};
async function inOrg(org: string, work: Parameters<typeof withOrganization>[2]) {
  const { db } = await testDatabase();
  await withOrganization(db, org, work);
}

/**
 * Beirut, weeks from Monday. Rana, on the Downtown board at 20/h, worked
 * Monday, is scheduled just after midnight on Wednesday, and has paid leave
 * on Friday and a pending request for Thursday;
 * Sami, on no board, worked Tuesday on a job paid 15/h.
 */
async function setting() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Asia/Beirut", 1);
  const board = await boardIn(org, { name: "Downtown", zone: "Asia/Beirut" });
  const job = await jobIn(org, { rate: 15 });
  const rana = await memberOf(server, org, "EMPLOYEE");
  const sami = await memberOf(server, org, "EMPLOYEE");
  await inOrg(org, async (tx) => {
    await tx
      .insertInto("job_scheduler_members")
      .values({ organization_id: org, job_scheduler_id: board, user_id: rana.user.id })
      .execute();
    await tx.updateTable("memberships").set({ hourly_rate: "20" }).where("user_id", "=", rana.user.id).execute();
  });
  const monday = await addEntry(owner, {
    user_id: rana.user.person_id,
    clock_in_at: "2026-06-08T05:00:00Z",
    clock_out_at: "2026-06-08T15:00:00Z",
  });
  await addEntry(owner, {
    user_id: sami.user.person_id,
    job_id: job,
    clock_in_at: "2026-06-09T05:00:00Z",
    clock_out_at: "2026-06-09T13:00:00Z",
  });
  // Wednesday 00:30–02:30 in Beirut, Tuesday evening in New York.
  await shiftIn(org, board, {
    user: rana.user.id,
    starts: "2026-06-09T21:30:00Z",
    ends: "2026-06-09T23:30:00Z",
    published: true,
  });
  const vacation = await leaveTypeIn(org, { name: "Vacation", paid: true });
  await timeOffIn(org, rana.user.id, { leaveType: vacation, from: "2026-06-12", zone: "Asia/Beirut" });
  const pending = await timeOffIn(org, rana.user.id, {
    leaveType: vacation,
    from: "2026-06-11",
    zone: "Asia/Beirut",
    status: "pending",
  });
  return { owner, org, board, job, rana, sami, monday, vacation, pending };
}

type Setting = Awaited<ReturnType<typeof setting>>;

/** Each thing a period's sheets are counted from, changed as any writer would change it. */
const changes: [string, "all" | "board", (s: Setting) => Promise<unknown>][] = [
  [
    "an entry is added",
    "all",
    (s) =>
      addEntry(s.owner, {
        user_id: s.rana.user.person_id,
        clock_in_at: "2026-06-10T05:00:00Z",
        clock_out_at: "2026-06-10T09:00:00Z",
      }),
  ],
  [
    "an entry is edited",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx
          .updateTable("time_entries")
          .set({ clock_out_at: new Date("2026-06-08T16:00:00Z") })
          .where("id", "=", s.monday.id)
          .execute(),
      ),
  ],
  [
    "an entry is deleted",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx.updateTable("time_entries").set({ deleted_at: new Date() }).where("id", "=", s.monday.id).execute(),
      ),
  ],
  [
    "a shift is published",
    "board",
    (s) =>
      shiftIn(s.org, s.board, {
        user: s.rana.user.id,
        starts: "2026-06-09T06:00:00Z",
        ends: "2026-06-09T14:00:00Z",
        published: true,
      }),
  ],
  [
    "a period is approved",
    "all",
    async (s) => {
      const response = await call(s.owner, "POST", "/api/time-clock/approvals", {
        user_id: s.rana.user.person_id,
        period_start: "2026-06-08",
      });
      expect(response.status, response.text).toBe(204);
    },
  ],
  [
    "leave is approved",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx
          .updateTable("requests")
          .set({ status: "approved", decided_at: new Date() })
          .where("id", "=", s.pending)
          .execute(),
      ),
  ],
  [
    "a leave type becomes unpaid",
    "all",
    (s) =>
      inOrg(s.org, (tx) => tx.updateTable("leave_types").set({ paid: false }).where("id", "=", s.vacation).execute()),
  ],
  [
    "a person's rate changes",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx.updateTable("memberships").set({ hourly_rate: "30" }).where("user_id", "=", s.rana.user.id).execute(),
      ),
  ],
  [
    "a job's rate changes",
    "all",
    (s) => inOrg(s.org, (tx) => tx.updateTable("jobs").set({ hourly_rate: "18" }).where("id", "=", s.job).execute()),
  ],
  [
    "a person's name changes",
    "all",
    async (s) => {
      const { db } = await testDatabase();
      await db.updateTable("users").set({ first_name: "Ranya" }).where("id", "=", s.rana.user.id).execute();
    },
  ],
  [
    "someone joins the board",
    "board",
    (s) =>
      inOrg(s.org, (tx) =>
        tx
          .insertInto("job_scheduler_members")
          .values({ organization_id: s.org, job_scheduler_id: s.board, user_id: s.sami.user.id })
          .execute(),
      ),
  ],
  [
    "the overtime rules change",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx
          .updateTable("organization_settings")
          .set({ overtime_daily_minutes: 240 })
          .where("organization_id", "=", s.org)
          .execute(),
      ),
  ],
  ["the organization's time zone changes", "all", (s) => setOrganizationCalendar(s.org, "Asia/Tokyo", 1)],
  [
    "a job's time zone changes",
    "all",
    (s) =>
      inOrg(s.org, (tx) =>
        tx.updateTable("jobs").set({ time_zone: "Pacific/Honolulu" }).where("id", "=", s.job).execute(),
      ),
  ],
  [
    "the board's time zone changes",
    "board",
    (s) =>
      inOrg(s.org, (tx) =>
        tx.updateTable("job_schedulers").set({ time_zone: "America/New_York" }).where("id", "=", s.board).execute(),
      ),
  ],
];

describe("a period's timesheets kept between requests", () => {
  it("are the same answer, whole and paged, as the period counted afresh", async () => {
    const s = await setting();
    const first = await counted(s.owner, "all");
    expect(keptPeriods()).toBe(1);
    expect(await sheets(s.owner, "all")).toEqual(first);
    expect(await sheets(s.owner, "all", "&limit=1&offset=1")).toEqual(
      await counted(s.owner, "all", "&limit=1&offset=1"),
    );
    expect(await sheets(s.owner, s.board)).toEqual(await counted(s.owner, s.board));
  });

  it.each(changes)("are counted again when %s", async (_what, scope, change) => {
    const s = await setting();
    const where = scope === "all" ? "all" : s.board;
    const before = await counted(s.owner, where);
    expect(await sheets(s.owner, where)).toEqual(before);
    await change(s);
    const after = await sheets(s.owner, where);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await counted(s.owner, where));
  });

  it("are never kept while someone is clocked in, as their time runs on", async () => {
    const s = await setting();
    const punched = await call(s.rana, "POST", "/api/my/punches", {
      id: randomUUID(),
      kind: "clock_in",
      at: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(punched.status).toBe(201);
    clearPeriodCache();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Beirut" }).format(Date.now() - 3600_000);
    const response = await call(s.owner, "GET", `/api/time-clock/boards/all/timesheets?date=${today}`);
    expect(response.status).toBe(200);
    expect(response.json<TimesheetResponse>().entries.some((entry) => entry.clock_out_at === null)).toBe(true);
    expect(keptPeriods()).toBe(0);
  });

  it("are served only to their own organization, each caller with their own permission", async () => {
    const mine = await setting();
    const theirs = await setting();
    const viewer = await memberOf(server, mine.org, "SUPERVISOR", ["view_timesheet"]);
    const own = await counted(mine.owner, "all");
    const other = await sheets(theirs.owner, "all");
    expect(other).toEqual(await counted(theirs.owner, "all"));
    const ids = (body: TimesheetResponse) => body.people.map((person) => person.user_id);
    expect(ids(other).some((id) => ids(own).includes(id))).toBe(false);

    await sheets(mine.owner, "all");
    const viewed = await sheets(viewer, "all");
    expect(viewed.can_manage).toBe(false);
    expect(viewed.people).toEqual(own.people);
  });
});
