import { addDays, type Request } from "@workshift/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberOf, platformAdminIn } from "../../test/auth.ts";
import { eventually, openStream, type TestStream } from "../../test/event-stream.ts";
import {
  blockIn,
  type LeaveTeam,
  leaveFootprint,
  leaveTeam,
  ledgerSum,
  shiftOn,
  workday,
} from "../../test/leave-request-fixtures.ts";
import {
  act,
  ask,
  asked,
  call,
  decline,
  personSettings,
  requestAudit,
  requestMessagesTo,
  requestRow,
} from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { shiftRow } from "../../test/shift-fixtures.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const open: TestStream[] = [];
afterEach(async () => {
  for (const opened of open.splice(0)) opened.close();
});

type Answer = { status: number; json<T>(): T };
const requestOf = (response: Answer) => response.json<{ request: Request }>().request;
const codeOf = (response: Answer) => ({ status: response.status, code: response.json<{ code: string }>().code });

async function refusedWithNothingWritten(org: string, attempt: () => Promise<Answer>, status: number, code: string) {
  const before = await leaveFootprint(org);
  expect(codeOf(await attempt())).toEqual({ status, code });
  expect(await leaveFootprint(org)).toEqual(before);
}

const approveWith = (
  who: Parameters<typeof call>[1],
  request: Pick<Request, "id" | "version">,
  shifts?: "open" | "keep" | "remove",
) =>
  call(server, who, "POST", `/api/requests/${request.id}/approve`, {
    version: request.version,
    ...(shifts ? { shifts } : {}),
  });

async function leaveOf(team: LeaveTeam, day = workday(7), who = team.amal) {
  return asked(server, who, { kind: "time_off", leave_type_id: team.vacation, from: day, to: day });
}

describe("approving time off", () => {
  it("takes it from the balance, tells the person in their language, and audits it", async () => {
    const team = await leaveTeam(server);
    await personSettings(team.amal, { language: "fr" });
    const request = await leaveOf(team);
    const approved = await approveWith(team.owner, request);
    expect(approved.status).toBe(200);
    expect(requestOf(approved)).toMatchObject({ status: "approved", time_off: { shifts_action: null } });
    expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(2400 - 480);
    const messages = await requestMessagesTo(team.amal);
    expect(messages.at(-1)).toMatchObject({ language: "fr" });
    expect(messages.at(-1)?.body).toContain("Vacation");
    expect((await requestAudit(team.org)).map((row) => row.action)).toContain("request.approved");
  });

  it("messages are in each of the four languages", async () => {
    const team = await leaveTeam(server);
    const bodies: string[] = [];
    for (const [i, language] of (["en", "ar", "fr", "es"] as const).entries()) {
      const person = [team.amal, team.bilal, team.carla, team.amal][i] as typeof team.amal;
      await personSettings(person, { language });
      const request = await leaveOf(team, workday(7 + i * 2), person);
      expect((await decline(server, team.owner, request, "Busy week")).status).toBe(200);
      const last = (await requestMessagesTo(person)).at(-1);
      expect(last?.language).toBe(language);
      bodies.push(last?.body ?? "");
    }
    expect(new Set(bodies).size).toBe(4);
    for (const body of bodies) expect(body).toContain("Busy week");
  });

  it("asks what becomes of the published shifts it overlaps, and refuses without a choice, writing nothing", async () => {
    const team = await leaveTeam(server);
    const day = workday(7);
    await shiftOn(team, team.amal, day);
    const request = await leaveOf(team, day);
    await refusedWithNothingWritten(team.org, () => approveWith(team.owner, request), 422, "time_off_shifts_choice");
  });

  it("open: the shift becomes an open shift, published, and the board hears it", async () => {
    const team = await leaveTeam(server);
    const day = workday(7);
    const shift = await shiftOn(team, team.amal, day);
    const request = await leaveOf(team, day);
    const board = await openStream(server, team.owner.access, team.board);
    open.push(board);
    await board.waitFor((frame) => frame.event === "ready");
    const approved = await approveWith(team.owner, request, "open");
    expect(approved.status).toBe(200);
    expect(requestOf(approved).time_off?.shifts_action).toBe("open");
    expect(await shiftRow(team.org, shift)).toMatchObject({ user_id: null, published_user_id: null, deleted_at: null });
    await eventually(
      () =>
        board.frames.some((frame) => frame.event === "schedule" && JSON.parse(frame.data).shift_ids?.includes(shift)),
      5000,
      "the board heard of the open shift",
    );
    // The time off was counted from the shift (8 hours).
    expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(2400 - 480);
    // The shift opened by the leave is not offered back to the person on leave.
    const offered = await call(server, team.amal, "GET", "/api/my/open-shifts");
    expect(offered.status).toBe(200);
    expect(offered.json<{ shifts: { id: string }[] }>().shifts.map((each) => each.id)).not.toContain(shift);
  });

  it("keep: the shift stays the person's", async () => {
    const team = await leaveTeam(server);
    const day = workday(7);
    const shift = await shiftOn(team, team.amal, day);
    const request = await leaveOf(team, day);
    const board = await openStream(server, team.owner.access, team.board);
    open.push(board);
    await board.waitFor((frame) => frame.event === "ready");
    expect((await approveWith(team.owner, request, "keep")).status).toBe(200);
    // The person's board shows the leave: it reloads.
    await eventually(
      () =>
        board.frames.some(
          (frame) => frame.event === "schedule" && JSON.parse(frame.data).board_ids?.includes(team.board),
        ),
      5000,
      "the board heard of the approved leave",
    );
    expect(await shiftRow(team.org, shift)).toMatchObject({ user_id: team.amal.user.id, deleted_at: null });
    expect((await requestRow(team.org, request.id)).details).toMatchObject({ time_off: { shifts_action: "keep" } });
  });

  it("remove: the shift is removed as the board removes a published shift", async () => {
    const team = await leaveTeam(server);
    const day = workday(7);
    const shift = await shiftOn(team, team.amal, day);
    const request = await leaveOf(team, day);
    expect((await approveWith(team.owner, request, "remove")).status).toBe(200);
    expect((await shiftRow(team.org, shift))?.deleted_at).not.toBeNull();
  });

  it("re-checks the balance and blocked dates in the decision, writing nothing when they refuse", async () => {
    const team = await leaveTeam(server);
    const day = workday(8);
    const request = await leaveOf(team, day);
    await blockIn(team.org, day, day, "Stocktake");
    await refusedWithNothingWritten(team.org, () => approveWith(team.owner, request), 422, "time_off_blocked");
  });

  it("a request cancelled meanwhile is refused (the version read is stale)", async () => {
    const team = await leaveTeam(server);
    const request = await leaveOf(team);
    expect((await act(server, team.amal, request.id, "cancel")).status).toBe(200);
    const answer = await approveWith(team.owner, request);
    expect(codeOf(answer)).toEqual({ status: 409, code: "request_not_waiting" });
  });

  it("who decides: the owner and a supervisor with approve_time_off; not a supervisor without, an employee or the platform admin", async () => {
    const team = await leaveTeam(server);
    const allowed = await memberOf(server, team.org, "SUPERVISOR", ["approve_time_off"]);
    const plain = await memberOf(server, team.org, "SUPERVISOR");
    const admin = await platformAdminIn(server, team.org);
    const request = await leaveOf(team);
    expect(codeOf(await approveWith(plain, request))).toEqual({ status: 404, code: "not_found" });
    expect((await approveWith(team.bilal, request)).status).toBe(403);
    // The platform admin reads the inbox but decides no time off: not found, as for any kind one may not decide.
    expect(codeOf(await approveWith(admin, request))).toEqual({ status: 404, code: "not_found" });
    expect((await approveWith(allowed, request)).status).toBe(200);
  });

  it("another organization's manager does not find it", async () => {
    const team = await leaveTeam(server);
    const other = await leaveTeam(server);
    const request = await leaveOf(team);
    expect(codeOf(await approveWith(other.owner, request))).toEqual({ status: 404, code: "not_found" });
  });

  it("bulk approval takes the shifts choice too", async () => {
    const team = await leaveTeam(server);
    const day = workday(9);
    await shiftOn(team, team.amal, day);
    const withShift = await leaveOf(team, day);
    const without = await leaveOf(team, day, team.bilal);
    const refused = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [withShift.id, without.id],
      decision: "approve",
    });
    expect(refused.json<{ results: { code: string | null }[] }>().results.map((result) => result.code)).toEqual([
      "time_off_shifts_choice",
      null,
    ]);
    const answer = await call(server, team.owner, "POST", "/api/requests/decisions", {
      ids: [withShift.id],
      decision: "approve",
      shifts: "keep",
    });
    expect(answer.json<{ results: { outcome: string }[] }>().results[0]?.outcome).toBe("approved");
  });
});

describe("cancelling approved time off", () => {
  it("is asked, decided, and gives the balance back; the original is cancelled", async () => {
    const team = await leaveTeam(server);
    const request = await leaveOf(team, workday(10));
    const approved = requestOf(await approveWith(team.owner, request));
    expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(1920);
    const cancel = await asked(server, team.amal, {
      kind: "time_off_cancel",
      request_id: approved.id,
      note: "Plans changed",
    });
    expect(cancel).toMatchObject({
      kind: "time_off_cancel",
      status: "pending",
      time_off: { cancels_request_id: approved.id },
    });
    // One cancellation waits at a time.
    expect(codeOf(await ask(server, team.amal, { kind: "time_off_cancel", request_id: approved.id }))).toEqual({
      status: 409,
      code: "time_off_not_cancellable",
    });
    expect((await approveWith(team.owner, cancel)).status).toBe(200);
    const original = await requestRow(team.org, approved.id);
    expect(original.status).toBe("cancelled");
    expect(original.decided_at).not.toBeNull();
    expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(2400);
    // The days are free again.
    const again = await ask(server, team.amal, {
      kind: "time_off",
      leave_type_id: team.vacation,
      from: workday(10),
      to: addDays(workday(10), 0),
    });
    expect(again.status).toBe(201);
  });
});

describe("races and what the inbox shows", () => {
  it("approving while the person cancels: one of them wins, and the balance follows the winner", async () => {
    const team = await leaveTeam(server);
    const request = await leaveOf(team, workday(11));
    const [approved, cancelled] = await Promise.all([
      approveWith(team.owner, request),
      act(server, team.amal, request.id, "cancel"),
    ]);
    const statuses = [approved.status, cancelled.status].sort();
    expect(statuses).toEqual([200, 409]);
    const row = await requestRow(team.org, request.id);
    if (approved.status === 200) {
      expect(row.status).toBe("approved");
      expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(1920);
    } else {
      expect(row.status).toBe("cancelled");
      expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(2400);
    }
  });

  it("a claim of a shift on a day the taker is on approved leave shows the conflict", async () => {
    const team = await leaveTeam(server);
    const day = workday(12);
    const approved = await approveWith(team.owner, await leaveOf(team, day));
    expect(approved.status).toBe(200);
    const open = await shiftOn(team, null, day);
    const claim = await asked(server, team.amal, { kind: "claim", shift_id: open });
    const inbox = await call(server, team.owner, "GET", `/api/requests/${claim.id}`);
    expect(
      inbox.json<{ request: { impact: { time_off_conflicts: unknown[] } } }>().request.impact.time_off_conflicts,
    ).toEqual([{ user_id: team.amal.user.person_id, date: day }]);
  });
});

describe("declining a cancellation, and my requests", () => {
  it("the calendar names a waiting cancellation on its leave's days, and the impact the person's usual day", async () => {
    const team = await leaveTeam(server);
    const request = requestOf(await approveWith(team.owner, await leaveOf(team, workday(13))));
    const cancel = await asked(server, team.amal, { kind: "time_off_cancel", request_id: request.id });
    const day = workday(13);
    const calendar = await call(server, team.owner, "GET", `/api/time-off/calendar/all?from=${day}&to=${day}`);
    expect(calendar.status).toBe(200);
    const days = calendar.json<{ days: { request_id: string; cancel_request_id?: string | null }[] }>().days;
    expect(days.find((row) => row.request_id === request.id)?.cancel_request_id).toBe(cancel.id);
    const item = await call(server, team.owner, "GET", `/api/requests/${cancel.id}`);
    expect(
      item.json<{ request: { impact: { time_off: { day_minutes?: number } } } }>().request.impact.time_off.day_minutes,
    ).toBe(480);
  });

  it("declining a cancellation keeps the time off approved and taken", async () => {
    const team = await leaveTeam(server);
    const request = requestOf(await approveWith(team.owner, await leaveOf(team, workday(13))));
    const cancel = await asked(server, team.amal, { kind: "time_off_cancel", request_id: request.id });
    expect((await decline(server, team.owner, cancel, "We need you")).status).toBe(200);
    expect((await requestRow(team.org, request.id)).status).toBe("approved");
    expect(await ledgerSum(team.org, team.amal, team.vacation)).toBe(1920);
  });

  it("my requests list my time off and its cancellation with the leave", async () => {
    const team = await leaveTeam(server);
    const request = requestOf(await approveWith(team.owner, await leaveOf(team, workday(13))));
    const cancel = await asked(server, team.amal, { kind: "time_off_cancel", request_id: request.id });
    const mine = (await call(server, team.amal, "GET", "/api/my/requests")).json<{ requests: Request[] }>().requests;
    expect(mine.map((item) => [item.id, item.kind, item.time_off?.leave_type.name])).toEqual([
      [cancel.id, "time_off_cancel", "Vacation"],
      [request.id, "time_off", "Vacation"],
    ]);
  });
});
