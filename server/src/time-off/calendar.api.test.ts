import {
  addDays,
  type MyTimeOffResponse,
  type Request,
  type TimeOffCalendarResponse,
  type TimeOffPreviewResponse,
} from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn, type SignedUp } from "../../test/auth.ts";
import {
  blockIn,
  holidayIn,
  jobLimit,
  type LeaveTeam,
  leaveTeam,
  mondayAfter,
  workday,
  ZONE,
} from "../../test/leave-request-fixtures.ts";
import { asked, call } from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const calendar = (who: SignedUp, board: string, from: string, to: string) =>
  call(server, who, "GET", `/api/time-off/calendar/${board}?from=${from}&to=${to}`);

const leave = (team: LeaveTeam, who: SignedUp, from: string, to = from, part?: { start: string; end: string }) =>
  asked(server, who, { kind: "time_off", leave_type_id: team.vacation, from, to, ...(part ? { part } : {}) });

describe("the team calendar", () => {
  it("shows who is off each day, waiting and approved apart, counts per job against its limit, holidays and blocks", async () => {
    const team = await leaveTeam(server);
    const monday = mondayAfter(7);
    await jobLimit(team.org, team.kitchen, 1);
    await holidayIn(team.org, addDays(monday, 3), "Summer Day");
    await blockIn(team.org, addDays(monday, 4), addDays(monday, 4), "Inventory", team.board);
    const amal = await leave(team, team.amal, monday, addDays(monday, 1));
    const bilal = await leave(team, team.bilal, monday);
    const carla = await leave(team, team.carla, monday, monday, { start: "09:00", end: "12:00" });
    for (const request of [amal, bilal]) {
      const approved = await call(server, team.owner, "POST", `/api/requests/${request.id}/approve`, {
        version: request.version,
      });
      expect(approved.status).toBe(200);
    }
    const response = await calendar(team.owner, team.board, monday, addDays(monday, 6));
    expect(response.status).toBe(200);
    const body = response.json<TimeOffCalendarResponse>();
    expect(body).toMatchObject({ from: monday, to: addDays(monday, 6), time_zone: ZONE });
    expect(body.people.map((person) => person.first_name)).toEqual(["Amal", "Bilal", "Carla"]);
    expect(body.people[0]?.job_ids).toEqual([team.kitchen]);
    expect(body.jobs).toEqual([{ id: team.kitchen, name: "Kitchen", color: expect.any(String), people: 3, limit: 1 }]);
    expect(body.leave_types.map((type) => type.name).sort()).toEqual(["Unpaid", "Vacation"]);
    const mondayDays = body.days.filter((day) => day.day === monday);
    expect(mondayDays.map((day) => [day.user_id, day.status, day.minutes, day.part])).toEqual(
      expect.arrayContaining([
        [team.amal.user.person_id, "approved", 480, null],
        [team.bilal.user.person_id, "approved", 480, null],
        [team.carla.user.person_id, "pending", 180, { start: "09:00", end: "12:00" }],
      ]),
    );
    expect(body.counts).toEqual([
      { day: monday, job_id: team.kitchen, approved: 2, pending: 1, over_limit: true },
      { day: addDays(monday, 1), job_id: team.kitchen, approved: 1, pending: 0, over_limit: false },
    ]);
    expect(body.holidays).toEqual([{ day: addDays(monday, 3), name: "Summer Day" }]);
    expect(body.blocks).toMatchObject([{ starts_on: addDays(monday, 4), reason: "Inventory", board_id: team.board }]);
    expect(carla.status).toBe("pending");

    // "all" shows every active member; another board's people only its own.
    const all = (await calendar(team.owner, "all", monday, addDays(monday, 6))).json<TimeOffCalendarResponse>();
    expect(all.people.length).toBe(4);
    const empty = await boardIn(team.org, { name: "Harbour" });
    const harbour = (await calendar(team.owner, empty, monday, monday)).json<TimeOffCalendarResponse>();
    expect(harbour.people).toEqual([]);
    expect(harbour.days).toEqual([]);
  });

  it("refuses more than 42 days, a range backwards, another organization's board", async () => {
    const team = await leaveTeam(server);
    const other = await leaveTeam(server);
    const from = workday(1);
    expect((await calendar(team.owner, "all", from, addDays(from, 42))).status).toBe(400);
    expect((await calendar(team.owner, "all", from, addDays(from, 41))).status).toBe(200);
    expect((await calendar(team.owner, "all", from, addDays(from, -1))).status).toBe(400);
    expect((await calendar(team.owner, other.board, from, from)).status).toBe(404);
  });

  it("is read by owners and supervisors; not employees or the platform admin", async () => {
    const team = await leaveTeam(server);
    const supervisor = await memberOf(server, team.org, "SUPERVISOR");
    const admin = await platformAdminIn(server, team.org);
    const day = workday(1);
    expect((await calendar(supervisor, "all", day, day)).status).toBe(200);
    expect((await calendar(team.amal, "all", day, day)).status).toBe(403);
    expect((await calendar(admin, "all", day, day)).status).toBe(403);
  });
});

describe("my time off", () => {
  it("shows my balances, the types I can ask for, my zone and weekend", async () => {
    const team = await leaveTeam(server);
    const response = await call(server, team.amal, "GET", "/api/my/time-off");
    expect(response.status).toBe(200);
    const body = response.json<MyTimeOffResponse>();
    expect(body.time_zone).toBe(ZONE);
    expect(body.weekend_days).toEqual([0, 6]);
    const vacation = body.balances.find((balance) => balance.leave_type.id === team.vacation);
    expect(vacation).toMatchObject({ balance_minutes: 2400, negative_allowance_minutes: 480 });
    expect(body.leave_types.map((type) => type.name).sort()).toEqual(["Unpaid", "Vacation"]);
  });

  it("previews what asking would take, the balance after and what would refuse it, writing nothing", async () => {
    const team = await leaveTeam(server);
    const monday = mondayAfter(7);
    await leave(team, team.amal, addDays(monday, 7));
    const response = await call(server, team.amal, "POST", "/api/my/time-off/preview", {
      leave_type_id: team.vacation,
      from: monday,
      to: addDays(monday, 1),
    });
    expect(response.status).toBe(200);
    expect(response.json<TimeOffPreviewResponse>()).toMatchObject({
      minutes: 960,
      balance_minutes: 2400,
      pending_minutes: 480,
      balance_after_minutes: 2400 - 480 - 960,
      time_zone: ZONE,
      blockers: [],
      blocked_policy: "refuse",
    });
    const past = await call(server, team.amal, "POST", "/api/my/time-off/preview", {
      leave_type_id: team.vacation,
      from: addDays(monday, -30),
      to: addDays(monday, -30),
    });
    expect(past.json<TimeOffPreviewResponse>().blockers).toContain("time_off_past");
  });

  it("shows my ledger: the time off taken once approved", async () => {
    const team = await leaveTeam(server);
    const request: Request = await leave(team, team.amal, workday(7));
    await call(server, team.owner, "POST", `/api/requests/${request.id}/approve`, { version: request.version });
    const response = await call(server, team.amal, "GET", `/api/my/time-off/ledger?leave_type_id=${team.vacation}`);
    expect(response.status).toBe(200);
    const body = response.json<{ entries: { kind: string; minutes: number }[]; balance_minutes: number }>();
    expect(body.entries.map((entry) => [entry.kind, entry.minutes])).toEqual([
      ["adjustment", 2400],
      ["taken", -480],
    ]);
    expect(body.balance_minutes).toBe(1920);
  });

  it("the platform admin has no time off of their own here", async () => {
    const team = await leaveTeam(server);
    const admin = await platformAdminIn(server, team.org);
    expect((await call(server, admin, "GET", "/api/my/time-off")).status).toBe(403);
  });
});

describe("one request by id", () => {
  it("answers the request with its impact to who may decide it; 404 to others", async () => {
    const team = await leaveTeam(server);
    const request = await leave(team, team.amal, workday(7));
    const response = await call(server, team.owner, "GET", `/api/requests/${request.id}`);
    expect(response.status).toBe(200);
    const body = response.json<{ request: { id: string; impact: { time_off: unknown } | null } }>();
    expect(body.request.id).toBe(request.id);
    expect(body.request.impact?.time_off).toMatchObject({ balance_before_minutes: 2400, balance_after_minutes: 1920 });
    const plain = await memberOf(server, team.org, "SUPERVISOR");
    expect((await call(server, plain, "GET", `/api/requests/${request.id}`)).status).toBe(404);
    const other = await leaveTeam(server);
    expect((await call(server, other.owner, "GET", `/api/requests/${request.id}`)).status).toBe(404);
  });
});
