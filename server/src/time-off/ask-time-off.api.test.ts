import { addDays, type Request, todayIn } from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import {
  blockIn,
  holidayIn,
  type LeaveTeam,
  leaveFootprint,
  leaveTeam,
  leaveTypeIn,
  mondayAfter,
  parisAt,
  shiftOn,
  timeOffDaysOf,
  timeOffSettings,
  workday,
  ZONE,
} from "../../test/leave-request-fixtures.ts";
import { act, ask, asked, call, requestAudit, requestMessagesTo } from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Answer = { status: number; json<T>(): T };
const requestOf = (response: Answer) => response.json<{ request: Request }>().request;
const codeOf = (response: Answer) => ({ status: response.status, code: response.json<{ code: string }>().code });

async function refusedWithNothingWritten(org: string, attempt: () => Promise<Answer>, status: number, code: string) {
  const before = await leaveFootprint(org);
  expect(codeOf(await attempt())).toEqual({ status, code });
  expect(await leaveFootprint(org)).toEqual(before);
}

const timeOff = (team: LeaveTeam, from: string, to = from, extra: Record<string, unknown> = {}) => ({
  kind: "time_off",
  leave_type_id: team.vacation,
  from,
  to,
  ...extra,
});

describe("asking for time off", () => {
  it("stores the request waiting for a manager, its days with their hours, and tells the approvers", async () => {
    const team = await leaveTeam(server);
    const monday = mondayAfter(7);
    // A Friday-to-Monday leave whose Friday has a 6-hour shift.
    const friday = addDays(monday, -3);
    await shiftOn(team, team.amal, friday, 6);
    const response = await ask(server, team.amal, timeOff(team, friday, monday, { note: "Family" }));
    expect(response.status).toBe(201);
    const request = requestOf(response);
    expect(request).toMatchObject({
      kind: "time_off",
      status: "pending",
      date: friday,
      note: "Family",
      time_off: {
        leave_type: { id: team.vacation, name: "Vacation", paid: true, archived: false },
        from: friday,
        to: monday,
        part: null,
        minutes: 360 + 480,
        time_zone: ZONE,
        cancels_request_id: null,
        shifts_action: null,
      },
    });
    expect(request.time_off?.days.map((day) => [day.day, day.basis, day.minutes])).toEqual([
      [friday, "shifts", 360],
      [addDays(friday, 1), "weekend", 0],
      [addDays(friday, 2), "weekend", 0],
      [monday, "day", 480],
    ]);
    const days = await timeOffDaysOf(team.org, request.id);
    expect(days.map((day) => [new Date(day.starts_at).toISOString(), new Date(day.ends_at).toISOString()])[0]).toEqual([
      parisAt(friday, "00:00"),
      parisAt(addDays(friday, 1), "00:00"),
    ]);
    expect((await requestAudit(team.org)).map((row) => row.action)).toEqual(["request.created"]);
    expect((await requestMessagesTo(team.owner)).length).toBe(1);
  });

  it("a part of a day counts its real minutes", async () => {
    const team = await leaveTeam(server);
    const day = workday(3);
    const request = await asked(server, team.amal, timeOff(team, day, day, { part: { start: "13:00", end: "17:30" } }));
    expect(request.time_off).toMatchObject({ minutes: 270, part: { start: "13:00", end: "17:30" } });
    expect(request.time_off?.days).toEqual([{ day, minutes: 270, basis: "part", holiday: null }]);
  });

  it("a holiday counts nothing; only weekends and holidays is nothing to take", async () => {
    const team = await leaveTeam(server);
    const day = workday(10);
    await holidayIn(team.org, day, "Founders' Day");
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, timeOff(team, day)),
      422,
      "time_off_nothing_to_take",
    );
  });

  it("refuses time off before today, overlapping other time off, or longer than allowed, writing nothing", async () => {
    const team = await leaveTeam(server);
    const yesterday = addDays(todayIn(ZONE), -1);
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, timeOff(team, yesterday)),
      422,
      "time_off_past",
    );
    const day = workday(5);
    await asked(server, team.amal, timeOff(team, day));
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { ...timeOff(team, addDays(day, -1), day), leave_type_id: team.unpaid }),
      409,
      "time_off_overlap",
    );
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, timeOff(team, workday(20), addDays(workday(20), 62))),
      400,
      "validation_failed",
    );
  });

  it("refuses a paid type beyond the balance and the policy's allowance; unpaid types are never limited", async () => {
    const team = await leaveTeam(server);
    // 5 days granted, 1 allowed below zero: 6 working days is 2880 minutes, one too many (7 days).
    const from = workday(14);
    const waiting = await asked(server, team.amal, timeOff(team, from, from));
    expect(waiting.time_off?.minutes).toBe(480);
    // 2400 − 480 waiting = 1920 left, 2400 with the allowance: five more days fit, six do not.
    let last = addDays(from, 1);
    let count = 0;
    const days: string[] = [];
    while (count < 6) {
      if (![0, 6].includes(new Date(`${last}T00:00:00Z`).getUTCDay())) {
        days.push(last);
        count++;
      }
      last = addDays(last, 1);
    }
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, timeOff(team, days[0] as string, days[5] as string)),
      422,
      "time_off_balance_short",
    );
    expect((await ask(server, team.amal, timeOff(team, days[0] as string, days[4] as string))).status).toBe(201);
    const unpaid = await ask(server, team.bilal, {
      ...timeOff(team, days[0] as string, addDays(days[0] as string, 40)),
      leave_type_id: team.unpaid,
    });
    expect(unpaid.status).toBe(201);
  });

  it("blocked dates are refused, or allowed with the warning kept, by the organization's setting", async () => {
    const team = await leaveTeam(server);
    const day = workday(9);
    await blockIn(team.org, day, addDays(day, 2), "Inventory", team.board);
    const refused = await ask(server, team.amal, timeOff(team, day));
    expect(codeOf(refused)).toEqual({ status: 422, code: "time_off_blocked" });
    expect(refused.json<{ blocked: unknown[] }>().blocked).toEqual([
      { starts_on: day, ends_on: addDays(day, 2), reason: "Inventory", board_id: team.board },
    ]);
    // A block of a board the person is not on does not concern them.
    const elsewhere = await boardIn(team.org, { name: "Harbour" });
    await blockIn(team.org, addDays(day, 7), addDays(day, 7), "Harbour works", elsewhere);
    expect((await ask(server, team.amal, timeOff(team, addDays(day, 7)))).status).toBe(201);
    await timeOffSettings(team.org, { blocked_dates_policy: "warn" });
    const request = await asked(server, team.amal, timeOff(team, day));
    expect(request.status).toBe("pending");
    // The manager sees the blocked dates it meets, and may still approve it.
    const item = await call(server, team.owner, "GET", `/api/requests/${request.id}`);
    const impact = item.json<{ request: { impact: { blockers: string[]; time_off: { blocked: unknown[] } } } }>()
      .request.impact;
    expect(impact.time_off.blocked).toHaveLength(1);
    expect(impact.blockers).toEqual([]);
  });

  it("refuses an archived or another organization's type", async () => {
    const team = await leaveTeam(server);
    const archived = await leaveTypeIn(team.org, "Old", true, true);
    const day = workday(4);
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { ...timeOff(team, day), leave_type_id: archived }),
      422,
      "time_off_type_archived",
    );
    const other = await signUp(server);
    const theirs = await leaveTypeIn(other.organizationId, "Theirs", true);
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { ...timeOff(team, day), leave_type_id: theirs }),
      404,
      "not_found",
    );
  });

  it("supervisors and owners ask too; the platform admin may not", async () => {
    const team = await leaveTeam(server);
    const supervisor = await memberOf(server, team.org, "SUPERVISOR");
    expect(
      (await ask(server, supervisor, timeOff(team, workday(3), workday(3), { leave_type_id: team.unpaid }))).status,
    ).toBe(201);
    expect((await ask(server, team.owner, { ...timeOff(team, workday(3)), leave_type_id: team.unpaid })).status).toBe(
      201,
    );
    const admin = await platformAdminIn(server, team.org);
    expect((await ask(server, admin, { ...timeOff(team, workday(3)), leave_type_id: team.unpaid })).status).toBe(403);
  });

  it("the author cancels it while it waits: cancelled, its days kept; the days are free again", async () => {
    const team = await leaveTeam(server);
    const day = workday(6);
    const request = await asked(server, team.amal, timeOff(team, day));
    const cancelled = await act(server, team.amal, request.id, "cancel");
    expect(requestOf(cancelled)).toMatchObject({ status: "cancelled" });
    expect((await timeOffDaysOf(team.org, request.id)).length).toBe(1);
    expect((await ask(server, team.amal, timeOff(team, day))).status).toBe(201);
  });

  it("a shift on a weekend day counts", async () => {
    const team = await leaveTeam(server);
    const monday = mondayAfter(14);
    const saturday = addDays(monday, -2);
    await shiftOn(team, team.amal, saturday, 5);
    const request = await asked(server, team.amal, timeOff(team, saturday, addDays(saturday, 1)));
    expect(request.time_off?.minutes).toBe(300);
  });
});

describe("asking to cancel approved time off", () => {
  it("is refused for time off that is not approved, or not one's own", async () => {
    const team = await leaveTeam(server);
    const request = await asked(server, team.amal, timeOff(team, workday(5)));
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "time_off_cancel", request_id: request.id }),
      409,
      "time_off_not_cancellable",
    );
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.bilal, { kind: "time_off_cancel", request_id: request.id }),
      409,
      "time_off_not_cancellable",
    );
  });
});
