import { type Request, todayIn } from "@workshift/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberOf, signUp } from "../../test/auth.ts";
import { boardMembers } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import {
  ask,
  asked,
  availabilityRows,
  inDays,
  inHours,
  publishedShift,
  requestAudit,
  requestFootprint,
  requestRow,
  requestTeam,
  setRequestSettings,
} from "../../test/request-fixtures.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { jobIn, setMemberStatus, shiftIn, shiftRow } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Asks, expecting a refusal with `code` and that nothing at all was written. */
async function refusedWithNothingWritten(
  org: string,
  attempt: () => Promise<{ status: number; json<T>(): T }>,
  status: number,
  code: string,
) {
  const before = await requestFootprint(org);
  const response = await attempt();
  expect({ status: response.status, code: response.json<{ code: string }>().code }).toEqual({ status, code });
  expect(await requestFootprint(org)).toEqual(before);
}

describe("claiming an open shift", () => {
  it("waits for a manager, with the shift as it was published, its board, job and day in the board's zone", async () => {
    const team = await requestTeam(server);
    // 23:30 UTC is the next day in Paris.
    const starts = inDays(3, 23).replace(":00:00.000Z", ":30:00.000Z");
    const shift = await publishedShift(team, null, starts);
    const request = await asked(server, team.amal, { kind: "claim", shift_id: shift, note: " I can do it " });
    expect(request).toMatchObject({
      kind: "claim",
      status: "pending",
      author: { user_id: team.amal.user.person_id, first_name: "Amal" },
      shift: { id: shift, user_id: null, starts_at: starts, gone: false, job: { name: "Kitchen" } },
      board_id: team.board,
      note: "I can do it",
      decision: null,
      version: 1,
    });
    const day = new Date(Date.parse(starts) + 86_400_000).toISOString().slice(0, 10);
    expect(request.date).toBe(day);
    const row = await requestRow(team.org, request.id);
    expect(row.job_id).toBe(team.kitchen);
    // The shift itself is untouched until a manager decides.
    expect((await shiftRow(team.org, shift))?.user_id).toBeNull();
    expect((await requestAudit(team.org)).map((entry) => entry.action)).toEqual(["request.created"]);
  });

  it("is theirs at once, published, when claims are first come, first served; other claims of it expire", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, null, inDays(4));
    const first = await asked(server, team.bilal, { kind: "claim", shift_id: shift });
    await setRequestSettings(team.org, { claim_needs_approval: false });
    const request = await asked(server, team.amal, { kind: "claim", shift_id: shift });
    expect(request.status).toBe("approved");
    expect(request.decision).toMatchObject({ by: null, automatic: true, reason: null });
    const row = await shiftRow(team.org, shift);
    expect(row).toMatchObject({ user_id: team.amal.user.id, published_user_id: team.amal.user.id });
    expect(await requestRow(team.org, first.id)).toMatchObject({ status: "expired", closed_code: "shift_taken" });
    const actions = (await requestAudit(team.org)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["request.approved", "request.created", "request.created", "request.expired"]);
    const automatic = (await requestAudit(team.org)).find((entry) => entry.action === "request.approved");
    expect(automatic?.actor_user_id).toBeNull();
  });

  it("of a shift without a job is open to the people on its board", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, null, inDays(3), 8, { job: null });
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "claim", shift_id: shift }),
      422,
      "request_not_eligible",
    );
    await boardMembers(team.org, team.board, [team.amal.user.id]);
    expect((await ask(server, team.amal, { kind: "claim", shift_id: shift })).status).toBe(201);
  });

  it("is refused, with nothing written, for each rule it breaks", async () => {
    const team = await requestTeam(server);
    const { org, amal } = team;
    const other = await jobIn(org, { name: "Bar" });
    const cases: [string, () => Promise<string>, number, string][] = [
      ["someone's shift", () => publishedShift(team, team.bilal, inDays(3)), 422, "request_shift_not_open"],
      ["a started shift", () => publishedShift(team, null, inHours(-1)), 422, "request_shift_started"],
      ["another job", () => publishedShift(team, null, inDays(3), 8, { job: other }), 422, "request_not_eligible"],
      [
        "a shift with unpublished changes",
        () =>
          shiftIn(org, team.board, {
            job: team.kitchen,
            starts: inDays(3),
            ends: inDays(3, 17),
            published: { starts: inDays(3, 8) },
          }),
        422,
        "request_shift_unpublished",
      ],
      [
        "a shift waiting for removal",
        () => shiftIn(org, team.board, { job: team.kitchen, starts: inDays(3), ends: inDays(3, 17), deleted: true }),
        422,
        "request_shift_unpublished",
      ],
      [
        "a draft",
        () => shiftIn(org, team.board, { job: team.kitchen, starts: inDays(3), ends: inDays(3, 17) }),
        404,
        "not_found",
      ],
    ];
    for (const [, make, status, code] of cases) {
      const shift = await make();
      await refusedWithNothingWritten(org, () => ask(server, amal, { kind: "claim", shift_id: shift }), status, code);
    }
  });

  it("is refused when the person already works then (shift_overlap) or already asked (request_already_asked)", async () => {
    const team = await requestTeam(server);
    await publishedShift(team, team.amal, inDays(3, 8));
    const clash = await publishedShift(team, null, inDays(3, 12));
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "claim", shift_id: clash }),
      409,
      "shift_overlap",
    );
    const free = await publishedShift(team, null, inDays(5));
    await asked(server, team.bilal, { kind: "claim", shift_id: free });
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.bilal, { kind: "claim", shift_id: free }),
      409,
      "request_already_asked",
    );
  });

  it("by an archived person is refused by the access check itself", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, null, inDays(3));
    await setMemberStatus(team.org, team.amal.user.id, "archived");
    const response = await ask(server, team.amal, { kind: "claim", shift_id: shift });
    expect(response.status).toBe(403);
  });
});

describe("giving a shift away (cover)", () => {
  it("offers one's published shift to every eligible teammate, or to one named", async () => {
    const team = await requestTeam(server);
    const shift = await publishedShift(team, team.amal, inDays(3));
    const everyone = await asked(server, team.amal, { kind: "cover", shift_id: shift, note: "Exam" });
    expect(everyone).toMatchObject({ kind: "cover", status: "offered", to_user: null, taker: null, note: "Exam" });
    const cancelled = await server.request(`/api/my/requests/${everyone.id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${team.amal.access}` },
    });
    expect(cancelled.status).toBe(200);
    const named = await asked(server, team.amal, {
      kind: "cover",
      shift_id: shift,
      to_user_id: team.bilal.user.person_id,
    });
    expect(named).toMatchObject({ status: "offered", to_user: { user_id: team.bilal.user.person_id } });
  });

  it("is refused for someone else's shift, a started one, an ineligible teammate, and twice", async () => {
    const team = await requestTeam(server);
    const bilals = await publishedShift(team, team.bilal, inDays(3));
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "cover", shift_id: bilals }),
      422,
      "request_shift_not_yours",
    );
    const started = await publishedShift(team, team.amal, inHours(-2));
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "cover", shift_id: started }),
      422,
      "request_shift_started",
    );
    const mine = await publishedShift(team, team.amal, inDays(4));
    const outsider = await memberOf(server, team.org, "EMPLOYEE");
    for (const to of [outsider.user.person_id, team.amal.user.person_id, "00000000-0000-4000-8000-000000000000"]) {
      await refusedWithNothingWritten(
        team.org,
        () => ask(server, team.amal, { kind: "cover", shift_id: mine, to_user_id: to }),
        422,
        "request_not_eligible",
      );
    }
    await asked(server, team.amal, { kind: "cover", shift_id: mine });
    await refusedWithNothingWritten(
      team.org,
      () => ask(server, team.amal, { kind: "cover", shift_id: mine, to_user_id: team.bilal.user.person_id }),
      409,
      "request_already_asked",
    );
  });
});

describe("swapping shifts", () => {
  it("asks the teammate whose shift it is, with both shifts as published", async () => {
    const team = await requestTeam(server);
    const mine = await publishedShift(team, team.amal, inDays(3));
    const theirs = await publishedShift(team, team.bilal, inDays(4));
    const request = await asked(server, team.amal, { kind: "swap", shift_id: mine, other_shift_id: theirs });
    expect(request).toMatchObject({
      kind: "swap",
      status: "offered",
      to_user: { user_id: team.bilal.user.person_id, first_name: "Bilal" },
      shift: { id: mine, user_id: team.amal.user.person_id },
      other_shift: { id: theirs, user_id: team.bilal.user.person_id },
    });
  });

  it("is refused for one's own or an open shift, someone else's, a started one, and an ineligible pair", async () => {
    const team = await requestTeam(server);
    const mine = await publishedShift(team, team.amal, inDays(3));
    const alsoMine = await publishedShift(team, team.amal, inDays(4));
    const open = await publishedShift(team, null, inDays(5));
    const bilals = await publishedShift(team, team.bilal, inDays(6));
    const started = await publishedShift(team, team.bilal, inHours(-1));
    const bar = await jobIn(team.org, { name: "Bar" });
    const barShift = await publishedShift(team, team.carla, inDays(7), 8, { job: bar });
    const cases: [Record<string, string>, number, string][] = [
      [{ shift_id: mine, other_shift_id: alsoMine }, 422, "request_swap_own_shift"],
      [{ shift_id: mine, other_shift_id: mine }, 422, "request_swap_own_shift"],
      [{ shift_id: mine, other_shift_id: open }, 422, "request_swap_own_shift"],
      [{ shift_id: bilals, other_shift_id: mine }, 422, "request_shift_not_yours"],
      [{ shift_id: mine, other_shift_id: started }, 422, "request_shift_started"],
      [{ shift_id: mine, other_shift_id: barShift }, 422, "request_not_eligible"],
    ];
    for (const [body, status, code] of cases) {
      await refusedWithNothingWritten(team.org, () => ask(server, team.amal, { kind: "swap", ...body }), status, code);
    }
  });
});

describe("availability", () => {
  const weekly = (from: string) => ({
    type: "weekly",
    effective_from: from,
    windows: [
      { weekday: 1, kind: "unavailable", start: "00:00", end: "12:00" },
      { weekday: 6, kind: "unavailable" },
      { weekday: 3, kind: "prefer", start: "18:00", end: "24:00" },
    ],
  });

  it("holds at once by default: the earlier weekly pattern closes the day before, the new one holds from its date", async () => {
    const team = await requestTeam(server);
    const today = todayIn("UTC");
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${later}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const first = await asked(server, team.amal, { kind: "availability", change: weekly(today) });
    expect(first).toMatchObject({ status: "approved", date: today, decision: { automatic: true, by: null } });
    const second = await asked(server, team.amal, {
      kind: "availability",
      change: { type: "weekly", effective_from: later, windows: [{ weekday: 2, kind: "prefer" }] },
    });
    expect(second.status).toBe("approved");
    const rows = await availabilityRows(team.org, team.amal.user.id);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          kind: "unavailable",
          weekday: 1,
          day: null,
          start_minute: 0,
          end_minute: 720,
          effective_from: today,
          effective_until: dayBefore,
        },
        {
          kind: "unavailable",
          weekday: 6,
          day: null,
          start_minute: null,
          end_minute: null,
          effective_from: today,
          effective_until: dayBefore,
        },
        {
          kind: "prefer",
          weekday: 3,
          day: null,
          start_minute: 1080,
          end_minute: 1440,
          effective_from: today,
          effective_until: dayBefore,
        },
        {
          kind: "prefer",
          weekday: 2,
          day: null,
          start_minute: null,
          end_minute: null,
          effective_from: later,
          effective_until: null,
        },
      ]),
    );
    expect(rows).toHaveLength(4);
  });

  it("an exception replaces that date's exceptions; with approval needed it waits", async () => {
    const team = await requestTeam(server);
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await asked(server, team.amal, { kind: "availability", change: { type: "exception", date, kind: "unavailable" } });
    await asked(server, team.amal, {
      kind: "availability",
      change: { type: "exception", date, kind: "available", start: "09:00", end: "13:00" },
    });
    expect(await availabilityRows(team.org, team.amal.user.id)).toEqual([
      {
        kind: "available",
        weekday: null,
        day: date,
        start_minute: 540,
        end_minute: 780,
        effective_from: null,
        effective_until: null,
      },
    ]);
    await setRequestSettings(team.org, { availability_needs_approval: true });
    const waiting = await asked(server, team.bilal, {
      kind: "availability",
      change: { type: "exception", date, kind: "unavailable" },
    });
    expect(waiting).toMatchObject({ status: "pending", date, availability: { type: "exception", date } });
    expect(await availabilityRows(team.org, team.bilal.user.id)).toEqual([]);
  });

  it("is refused for a day before today in the organization's zone", async () => {
    const team = await requestTeam(server);
    const yesterday = new Date(Date.parse(`${todayIn("UTC")}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const change of [weekly(yesterday), { type: "exception", date: yesterday, kind: "unavailable" }]) {
      await refusedWithNothingWritten(
        team.org,
        () => ask(server, team.amal, { kind: "availability", change }),
        422,
        "request_availability_past",
      );
    }
  });
});

describe("correcting one's time", () => {
  async function entryOf(org: string, userId: string, clockIn: string, clockOut: string | null) {
    const { db } = await testDatabase();
    return withOrganization(db, org, (tx) =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: org,
          user_id: userId,
          clock_in_at: clockIn,
          clock_out_at: clockOut,
          source: "punch",
        })
        .returning(["id", "version"])
        .executeTakeFirstOrThrow(),
    );
  }

  it("of one's own entry remembers its version; a missed entry has none; both wait for a manager", async () => {
    const team = await requestTeam(server);
    const entry = await entryOf(team.org, team.amal.user.id, inDays(-2, 8), inDays(-2, 16));
    const fix = await asked(server, team.amal, {
      kind: "correction",
      entry_id: entry.id,
      clock_in_at: inDays(-2, 7),
      clock_out_at: inDays(-2, 16),
      reason: "Forgot to clock in",
    });
    expect(fix).toMatchObject({
      kind: "correction",
      status: "pending",
      note: "Forgot to clock in",
      date: inDays(-2).slice(0, 10),
      correction: { entry_id: entry.id, clock_in_at: inDays(-2, 7), breaks: [] },
    });
    const row = await requestRow(team.org, fix.id);
    expect((row.details as { correction: { entry_version: number } }).correction.entry_version).toBe(1);
    const missed = await asked(server, team.amal, {
      kind: "correction",
      job_id: team.kitchen,
      clock_in_at: inDays(-3, 8),
      clock_out_at: inDays(-3, 12),
      breaks: [{ starts_at: inDays(-3, 10), ends_at: inDays(-3, 11) }],
      reason: "Phone dead",
    });
    expect(missed).toMatchObject({ status: "pending", correction: { entry_id: null, job_id: team.kitchen } });
  });

  it("is refused as a manager's edit would be, with nothing written", async () => {
    const team = await requestTeam(server);
    const { org, amal, bilal } = team;
    const entry = await entryOf(org, amal.user.id, inDays(-2, 8), inDays(-2, 16));
    await entryOf(org, amal.user.id, inDays(-4, 8), inDays(-4, 16));
    const bilals = await entryOf(org, bilal.user.id, inDays(-2, 8), inDays(-2, 16));
    const base = { kind: "correction", reason: "Wrong" };
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { entry_id: entry.id, clock_in_at: inDays(-2, 17), clock_out_at: inDays(-2, 16) },
        422,
        "time_entry_out_before_in",
      ],
      [{ clock_in_at: inHours(2), clock_out_at: inHours(4) }, 422, "time_entry_future"],
      [{ clock_in_at: inDays(-4, 6), clock_out_at: inDays(-4, 9) }, 409, "time_entry_overlap"],
      [{ entry_id: bilals.id, clock_in_at: inDays(-2, 7), clock_out_at: inDays(-2, 16) }, 404, "not_found"],
      [{ clock_in_at: inDays(-5, 6), clock_out_at: inDays(-4, 9) }, 422, "time_entry_too_long"],
      [
        {
          clock_in_at: inDays(-6, 6),
          clock_out_at: inDays(-6, 9),
          breaks: [{ starts_at: inDays(-6, 10), ends_at: inDays(-6, 11) }],
        },
        422,
        "time_entry_break_outside",
      ],
      [
        { clock_in_at: inDays(-6, 6), clock_out_at: inDays(-6, 9), job_id: "00000000-0000-4000-8000-000000000000" },
        422,
        "time_clock_job_unknown",
      ],
    ];
    for (const [body, status, code] of cases) {
      await refusedWithNothingWritten(org, () => ask(server, amal, { ...base, ...body }), status, code);
    }
    // An approved pay period holds the day.
    const { db } = await testDatabase();
    const day = inDays(-2).slice(0, 10);
    await withOrganization(db, org, (tx) =>
      sql`insert into timesheet_approvals (organization_id, user_id, period_start, period_end)
          values (${org}, ${amal.user.id}, ${day}, ${day})`.execute(tx),
    );
    await refusedWithNothingWritten(
      org,
      () =>
        ask(server, amal, { ...base, entry_id: entry.id, clock_in_at: inDays(-2, 7), clock_out_at: inDays(-2, 16) }),
      409,
      "timesheet_period_approved",
    );
    await refusedWithNothingWritten(
      org,
      () => ask(server, amal, { ...base, clock_in_at: inDays(-2, 20), clock_out_at: inDays(-2, 22) }),
      409,
      "timesheet_period_approved",
    );
  });

  it("of the same entry twice is refused while the first waits", async () => {
    const team = await requestTeam(server);
    const entry = await entryOf(team.org, team.amal.user.id, inDays(-2, 8), inDays(-2, 16));
    const body = {
      kind: "correction",
      entry_id: entry.id,
      clock_in_at: inDays(-2, 7),
      clock_out_at: inDays(-2, 16),
      reason: "x",
    };
    await asked(server, team.amal, body);
    await refusedWithNothingWritten(team.org, () => ask(server, team.amal, body), 409, "request_already_asked");
  });
});

describe("across organizations", () => {
  it("another organization's shifts and entries are not found, and nothing is written", async () => {
    const team = await requestTeam(server);
    const elsewhere = await signUp(server);
    const { boardIn } = await import("../../test/shift-fixtures.ts");
    const board = await boardIn(elsewhere.organizationId);
    const job = await jobIn(elsewhere.organizationId);
    const shift = await shiftIn(elsewhere.organizationId, board, {
      job,
      starts: inDays(3),
      ends: inDays(3, 17),
      published: true,
    });
    const mine = await publishedShift(team, team.amal, inDays(4));
    for (const body of [
      { kind: "claim", shift_id: shift },
      { kind: "cover", shift_id: shift },
      { kind: "swap", shift_id: mine, other_shift_id: shift },
    ]) {
      await refusedWithNothingWritten(team.org, () => ask(server, team.amal, body), 404, "not_found");
    }
    expect((await requestFootprint(elsewhere.organizationId)).requests).toEqual([]);
  });
});

describe("who may ask", () => {
  it("a platform admin in the organization may not (it works no shifts there)", async () => {
    const team = await requestTeam(server);
    const { platformAdminIn } = await import("../../test/auth.ts");
    const admin = await platformAdminIn(server, team.org);
    const shift = await publishedShift(team, null, inDays(3));
    expect((await ask(server, admin, { kind: "claim", shift_id: shift })).status).toBe(403);
  });

  it("an owner may ask like anyone who works shifts", async () => {
    const team = await requestTeam(server);
    const request: Request = await asked(server, team.owner, {
      kind: "availability",
      change: { type: "exception", date: todayIn("UTC"), kind: "unavailable" },
    });
    expect(request.status).toBe("approved");
  });
});
