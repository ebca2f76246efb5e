import { randomUUID } from "node:crypto";
import {
  accessStandings,
  addDays,
  can,
  type MyAvailabilityResponse,
  type MyEntriesResponse,
  myAvailabilityResponseSchema,
  myEntriesResponseSchema,
  type OpenShift,
  openShiftsResponseSchema,
  type RequestOptions,
  requestOptionsResponseSchema,
  todayIn,
} from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { boardMembers, personJobs, setBoardArchived } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { availabilityIn, requestIn } from "../../test/request-rows.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, personIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight UTC of today, `days` later, plus `hours`: future shifts whatever the hour the test runs. */
const at = (days: number, hours = 0) => {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return new Date(midnight.getTime() + days * DAY + hours * HOUR).toISOString();
};
const get = (who: SignedUp, path: string) => server.request(path, { headers: bearer(who.access) });
const openShifts = async (who: SignedUp) => {
  const response = await get(who, "/api/my/open-shifts");
  expect(response.status, response.text).toBe(200);
  const body = response.json<{ shifts: OpenShift[] }>();
  expect(openShiftsResponseSchema.parse(body)).toEqual(body);
  return body.shifts;
};
const options = (who: SignedUp, shiftId: string) => get(who, `/api/my/requests/options?shift_id=${shiftId}`);

/** An organization with a Paris board, a job, and an employee on both. */
async function team() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris" });
  const bar = await jobIn(org, { name: "Bar", color: "#c92a2a" });
  const me = await memberOf(server, org, "EMPLOYEE");
  await boardMembers(org, board, [me.user.id]);
  await personJobs(org, me.user.id, [bar]);
  return { owner, org, board, bar, me };
}

/** Each standing of the access table, signed in to a new organization (OWNER first). */
async function everyStanding() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  const people: { name: string; allowed: boolean; who: SignedUp }[] = [];
  for (const { name, role, permissions } of accessStandings()) {
    const who =
      role === "OWNER"
        ? owner
        : role === "ADMIN"
          ? await platformAdminIn(server, org)
          : await memberOf(server, org, role, permissions);
    people.push({ name, allowed: can({ role, permissions }, "requests.own"), who });
  }
  return { org, people };
}

describe("GET /api/my/open-shifts", () => {
  it("lists the published open shifts ahead that I may take and am free for, with my waiting claim", async () => {
    const { owner, org, board, bar, me } = await team();
    const kitchen = await jobIn(org, { name: "Kitchen" });
    const retired = await jobIn(org, { name: "Retired", archived: true });
    await personJobs(org, me.user.id, [retired]);
    const otherBoard = await boardIn(org, { name: "Harbour", zone: "Asia/Beirut" });
    const closedBoard = await boardIn(org, { name: "Closed" });
    await boardMembers(org, closedBoard, [me.user.id]);
    await personJobs(org, me.user.id, [kitchen]);

    const barShift = await shiftIn(org, board, {
      job: bar,
      starts: at(2, 8),
      ends: at(2, 16),
      breakMinutes: 30,
      note: "Inventory",
      published: true,
    });
    // A shift without a job goes to the board's members.
    const boardShift = await shiftIn(org, board, { starts: at(1, 8), ends: at(1, 12), published: true });
    const claimed = await shiftIn(org, board, { job: kitchen, starts: at(3, 8), ends: at(3, 12), published: true });
    const lastDay = await shiftIn(org, board, { job: bar, starts: at(55, 8), ends: at(55, 12), published: true });
    const myClaim = await requestIn(org, { kind: "claim", author: me.user.id, shift: claimed });
    const colleague = await personIn(org);
    await requestIn(org, { kind: "claim", author: colleague.id, shift: barShift });
    await requestIn(org, { kind: "claim", author: me.user.id, shift: boardShift, status: "cancelled" });

    // Never listed: drafts, unpublished changes, pending removals, someone's shift, started, too far ahead,
    // not my job, an archived job, a jobless shift of a board I am not on, an archived board, overlapping mine.
    const notListed = [
      await shiftIn(org, board, { job: bar, starts: at(4, 8), ends: at(4, 12) }),
      await shiftIn(org, board, { job: bar, starts: at(4, 13), ends: at(4, 17), published: { starts: at(4, 12) } }),
      await shiftIn(org, board, { job: bar, starts: at(5, 8), ends: at(5, 12), deleted: true }),
      await shiftIn(org, board, { user: colleague.id, job: bar, starts: at(5, 8), ends: at(5, 12), published: true }),
      await shiftIn(org, board, {
        job: bar,
        starts: new Date(Date.now() - HOUR).toISOString(),
        ends: new Date(Date.now() + HOUR).toISOString(),
        published: true,
      }),
      await shiftIn(org, board, { job: bar, starts: at(57, 8), ends: at(57, 12), published: true }),
      await shiftIn(org, board, { job: await jobIn(org), starts: at(6, 8), ends: at(6, 12), published: true }),
      await shiftIn(org, board, { job: retired, starts: at(6, 13), ends: at(6, 17), published: true }),
      await shiftIn(org, otherBoard, { starts: at(6, 8), ends: at(6, 12), published: true }),
      await shiftIn(org, closedBoard, { starts: at(7, 8), ends: at(7, 12), published: true }),
      await shiftIn(org, board, { job: bar, starts: at(8, 10), ends: at(8, 14), published: true }),
    ];
    await setBoardArchived(org, closedBoard, true);
    // My own draft shift at that time: a claim would be refused by the overlap rule, so it is not offered.
    await shiftIn(org, otherBoard, { user: me.user.id, starts: at(8, 12), ends: at(8, 18) });
    // Another organization's open shift on a job of the same name is never listed.
    const other = await signUp(server);
    const otherOrgBoard = await boardIn(other.organizationId);
    await shiftIn(other.organizationId, otherOrgBoard, { starts: at(2, 8), ends: at(2, 12), published: true });

    const shifts = await openShifts(me);
    expect(shifts.map((shift) => shift.id)).toEqual([boardShift, barShift, claimed, lastDay]);
    expect(shifts.find((shift) => shift.id === barShift)).toEqual({
      id: barShift,
      board: { id: board, name: "Downtown" },
      job: { id: bar, name: "Bar", color: "#c92a2a" },
      starts_at: at(2, 8),
      ends_at: at(2, 16),
      break_minutes: 30,
      time_zone: "Europe/Paris",
      note: "Inventory",
      my_claim_id: null,
    });
    expect(shifts.find((shift) => shift.id === claimed)?.my_claim_id).toBe(myClaim);
    expect(shifts.find((shift) => shift.id === boardShift)).toMatchObject({ job: null, my_claim_id: null });
    for (const id of notListed) expect(shifts.map((shift) => shift.id)).not.toContain(id);

    // The owner holds no job and is on no board: nothing to claim.
    expect(await openShifts(owner)).toEqual([]);
  });

  it("is for everyone who asks for themselves (not the platform ADMIN)", async () => {
    const { people } = await everyStanding();
    for (const { name, allowed, who } of people) {
      const response = await get(who, "/api/my/open-shifts");
      expect(response.status, name).toBe(allowed ? 200 : 403);
    }
  });
});

describe("GET /api/my/requests/options", () => {
  it("names the teammates who could take my shift: active, on its job, free then; never me", async () => {
    const { org, board, bar, me } = await team();
    const mine = await shiftIn(org, board, {
      user: me.user.id,
      job: bar,
      starts: at(3, 8),
      ends: at(3, 16),
      published: true,
    });
    const amal = await personIn(org, { firstName: "Amal", lastName: "Aoun" });
    const bilal = await personIn(org, { firstName: "Bilal", lastName: "Bitar" });
    const busy = await personIn(org, { firstName: "Busy" });
    const noJob = await personIn(org, { firstName: "Nojob" });
    const archived = await personIn(org, { firstName: "Gone", status: "archived" });
    const invitedPerson = await personIn(org, { firstName: "Invited", status: "invited" });
    for (const person of [amal, bilal, busy, archived, invitedPerson]) await personJobs(org, person.id, [bar]);
    await boardMembers(org, board, [noJob.id]);
    await shiftIn(org, board, { user: busy.id, starts: at(3, 15), ends: at(3, 20) });
    // Someone touching the shift's end is free (ranges are [start, end)).
    await shiftIn(org, board, { user: bilal.id, starts: at(3, 16), ends: at(3, 20), published: true });

    const response = await options(me, mine);
    expect(response.status, response.text).toBe(200);
    const body = response.json<RequestOptions>();
    expect(requestOptionsResponseSchema.parse(body)).toEqual(body);
    expect(body.teammates).toEqual([
      { user_id: amal.id, first_name: "Amal", last_name: "Aoun" },
      { user_id: bilal.id, first_name: "Bilal", last_name: "Bitar" },
    ]);
  });

  it("offers the teammates' shifts we could exchange: each may work the other's, neither booked twice after", async () => {
    const { org, board, bar, me } = await team();
    const kitchen = await jobIn(org, { name: "Kitchen" });
    const door = await jobIn(org, { name: "Door" });
    await personJobs(org, me.user.id, [kitchen]);
    const mine = await shiftIn(org, board, {
      user: me.user.id,
      job: bar,
      starts: at(3, 8),
      ends: at(3, 16),
      published: true,
    });
    const amal = await personIn(org, { firstName: "Amal", lastName: "Aoun" });
    const bilal = await personIn(org, { firstName: "Bilal" });
    const carla = await personIn(org, { firstName: "Carla" });
    const dina = await personIn(org, { firstName: "Dina" });
    await personJobs(org, amal.id, [bar, kitchen]);
    await personJobs(org, dina.id, [bar, kitchen]);
    await personJobs(org, bilal.id, [kitchen]); // may not work mine
    await personJobs(org, carla.id, [bar, door]);

    const swappable = await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: at(4, 8),
      ends: at(4, 16),
      published: true,
    });
    // The same hours as mine: once exchanged, nobody is booked twice.
    const sameTime = await shiftIn(org, board, {
      user: dina.id,
      job: kitchen,
      starts: at(3, 8),
      ends: at(3, 16),
      published: true,
    });
    const notListed = [
      // Bilal may not work my Bar shift.
      await shiftIn(org, board, { user: bilal.id, job: kitchen, starts: at(5, 8), ends: at(5, 16), published: true }),
      // I may not work Carla's Door shift.
      await shiftIn(org, board, { user: carla.id, job: door, starts: at(5, 8), ends: at(5, 16), published: true }),
      // Amal's shift while I work elsewhere.
      await shiftIn(org, board, { user: amal.id, job: kitchen, starts: at(6, 8), ends: at(6, 16), published: true }),
      // A draft, a shift with a change waiting, one too far ahead.
      await shiftIn(org, board, { user: amal.id, job: kitchen, starts: at(7, 8), ends: at(7, 16) }),
      await shiftIn(org, board, {
        user: amal.id,
        job: kitchen,
        starts: at(8, 9),
        ends: at(8, 16),
        published: { starts: at(8, 8) },
      }),
      await shiftIn(org, board, { user: amal.id, job: kitchen, starts: at(60, 8), ends: at(60, 16), published: true }),
    ];
    await shiftIn(org, board, { user: me.user.id, starts: at(6, 12), ends: at(6, 20), published: true });
    // Carla works a Bar shift she could swap, but she is busy during mine.
    const carlaBar = await shiftIn(org, board, {
      user: carla.id,
      job: bar,
      starts: at(9, 8),
      ends: at(9, 16),
      published: true,
    });
    await shiftIn(org, board, { user: carla.id, job: door, starts: at(3, 10), ends: at(3, 12) });

    const body = (await options(me, mine)).json<RequestOptions>();
    expect(body.swaps.map((swap) => swap.shift.id)).toEqual([sameTime, swappable]);
    expect(body.swaps[1]).toEqual({
      shift: {
        id: swappable,
        board: { id: board, name: "Downtown" },
        job: { id: kitchen, name: "Kitchen", color: "#1864ab" },
        user_id: amal.id,
        starts_at: at(4, 8),
        ends_at: at(4, 16),
        break_minutes: 0,
        time_zone: "Europe/Paris",
        gone: false,
      },
      user: { user_id: amal.id, first_name: "Amal", last_name: "Aoun" },
    });
    for (const id of [...notListed, carlaBar]) expect(body.swaps.map((swap) => swap.shift.id)).not.toContain(id);
    expect(body.teammates.map((person) => person.user_id)).toEqual([amal.id]);
  });

  it("answers 404 for a shift that is not one of my published shifts ahead, another organization's included", async () => {
    const { org, board, bar, me } = await team();
    const colleague = await personIn(org);
    const other = await signUp(server);
    const theirs = await shiftIn(other.organizationId, await boardIn(other.organizationId), {
      user: other.user.id,
      starts: at(3, 8),
      ends: at(3, 16),
      published: true,
    });
    const refused = [
      await shiftIn(org, board, { user: colleague.id, job: bar, starts: at(3, 8), ends: at(3, 16), published: true }),
      await shiftIn(org, board, { user: me.user.id, job: bar, starts: at(4, 8), ends: at(4, 16) }),
      await shiftIn(org, board, {
        user: me.user.id,
        starts: at(5, 9),
        ends: at(5, 16),
        published: { starts: at(5, 8) },
      }),
      await shiftIn(org, board, { user: me.user.id, starts: at(6, 8), ends: at(6, 16), deleted: true }),
      await shiftIn(org, board, {
        user: me.user.id,
        starts: new Date(Date.now() - HOUR).toISOString(),
        ends: new Date(Date.now() + HOUR).toISOString(),
        published: true,
      }),
      await shiftIn(org, board, { job: bar, starts: at(7, 8), ends: at(7, 16), published: true }),
      theirs,
      randomUUID(),
    ];
    for (const id of refused) {
      const response = await options(me, id);
      expect(response.status, id).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    const malformed = await options(me, "not-a-shift");
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: "validation_failed",
      fields: { shift_id: "requests.unknownShift" },
    });
    expect((await get(me, "/api/my/requests/options")).status).toBe(400);
  });

  it("is for everyone who asks for themselves (not the platform ADMIN)", async () => {
    const { people } = await everyStanding();
    for (const { name, allowed, who } of people) {
      const response = await options(who, randomUUID());
      expect(response.status, name).toBe(allowed ? 404 : 403);
    }
  });
});

describe("GET /api/my/availability", () => {
  it("lists my weekly windows in effect now or later and my exceptions from today on, in HH:MM", async () => {
    const { org, me, owner } = await team();
    await setOrganizationCalendar(org, "Asia/Beirut", 1);
    const today = todayIn("Asia/Beirut");
    const ended = await availabilityIn(org, me.user.id, {
      kind: "unavailable",
      weekday: 1,
      from: addDays(today, -60),
      until: addDays(today, -1),
    });
    const current = await availabilityIn(org, me.user.id, {
      kind: "unavailable",
      weekday: 1,
      from: addDays(today, -59),
      until: addDays(today, 6),
      start: "09:00",
      end: "13:30",
      note: "School run",
    });
    const next = await availabilityIn(org, me.user.id, {
      kind: "prefer",
      weekday: 5,
      from: addDays(today, 7),
      start: "18:00",
      end: "24:00",
    });
    const past = await availabilityIn(org, me.user.id, { kind: "unavailable", date: addDays(today, -1) });
    const todays = await availabilityIn(org, me.user.id, { kind: "available", date: today });
    const ahead = await availabilityIn(org, me.user.id, {
      kind: "unavailable",
      date: addDays(today, 3),
      start: "00:00",
      end: "12:00",
    });
    await availabilityIn(org, owner.user.id, { kind: "unavailable", weekday: 2 });

    const response = await get(me, "/api/my/availability");
    expect(response.status, response.text).toBe(200);
    const body = response.json<MyAvailabilityResponse>();
    expect(myAvailabilityResponseSchema.parse(body)).toEqual(body);
    expect(body.time_zone).toBe("Asia/Beirut");
    expect(body.rules).toEqual([
      {
        id: current,
        kind: "unavailable",
        weekday: 1,
        date: null,
        start: "09:00",
        end: "13:30",
        effective_from: addDays(today, -59),
        effective_until: addDays(today, 6),
      },
      {
        id: next,
        kind: "prefer",
        weekday: 5,
        date: null,
        start: "18:00",
        end: "24:00",
        effective_from: addDays(today, 7),
        effective_until: null,
      },
      {
        id: todays,
        kind: "available",
        weekday: null,
        date: today,
        start: null,
        end: null,
        effective_from: null,
        effective_until: null,
      },
      expect.objectContaining({ id: ahead, date: addDays(today, 3), start: "00:00", end: "12:00" }),
    ]);
    expect(body.rules.map((rule) => rule.id)).not.toContain(ended);
    expect(body.rules.map((rule) => rule.id)).not.toContain(past);
  });

  it("is for everyone who asks for themselves (not the platform ADMIN)", async () => {
    const { people } = await everyStanding();
    for (const { name, allowed, who } of people) {
      const response = await get(who, "/api/my/availability");
      expect(response.status, name).toBe(allowed ? 200 : 403);
      if (allowed) expect(response.json<MyAvailabilityResponse>().rules).toEqual([]);
    }
  });
});

describe("GET /api/my/entries", () => {
  async function entryIn(
    org: string,
    userId: string,
    values: { in: string; out: string | null; job?: string | null; deleted?: boolean; breaks?: unknown[] },
  ): Promise<string> {
    const { db } = await testDatabase();
    const row = await withOrganization(db, org, (tx) =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: org,
          user_id: userId,
          job_id: values.job ?? null,
          clock_in_at: values.in,
          clock_out_at: values.out,
          breaks: JSON.stringify(values.breaks ?? []),
          source: "punch",
          deleted_at: values.deleted ? new Date() : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  }
  async function approvedPeriod(org: string, userId: string, start: string, end: string) {
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      tx
        .insertInto("timesheet_approvals")
        .values({ organization_id: org, user_id: userId, period_start: start, period_end: end })
        .execute(),
    );
  }
  const entries = async (who: SignedUp, query = "") => {
    const response = await get(who, `/api/my/entries${query}`);
    expect(response.status, response.text).toBe(200);
    const body = response.json<MyEntriesResponse>();
    expect(myEntriesResponseSchema.parse(body)).toEqual(body);
    return body;
  };

  it("lists my entries of the last two weeks, newest first, locked when approved, with my waiting correction", async () => {
    const { org, bar, me } = await team();
    await setOrganizationCalendar(org, "UTC", 1);
    const archivedJob = await jobIn(org, { name: "Old job", archived: true, color: "#2b8a3e" });
    const unused = await jobIn(org, { name: "Not mine" });
    const today = todayIn("UTC");
    const dayAt = (days: number, hour: number) => `${addDays(today, days)}T${String(hour).padStart(2, "0")}:00:00.000Z`;
    const recent = await entryIn(org, me.user.id, {
      in: dayAt(-1, 8),
      out: dayAt(-1, 16),
      job: bar,
      breaks: [{ starts_at: dayAt(-1, 12), ends_at: dayAt(-1, 13) }],
    });
    const older = await entryIn(org, me.user.id, { in: dayAt(-13, 8), out: dayAt(-13, 12), job: archivedJob });
    const approvedDay = await entryIn(org, me.user.id, { in: dayAt(-10, 8), out: dayAt(-10, 12) });
    const tooOld = await entryIn(org, me.user.id, { in: dayAt(-14, 8), out: dayAt(-14, 12) });
    const removed = await entryIn(org, me.user.id, { in: dayAt(-2, 8), out: dayAt(-2, 12), deleted: true });
    const open = await entryIn(org, me.user.id, { in: dayAt(0, 0), out: null });
    const colleague = await personIn(org);
    await entryIn(org, colleague.account, { in: dayAt(-1, 8), out: dayAt(-1, 16) });
    await approvedPeriod(org, me.user.id, addDays(today, -11), addDays(today, -10));
    const correction = await requestIn(org, { kind: "correction", author: me.user.id, entry: recent });
    await requestIn(org, { kind: "correction", author: me.user.id, entry: older, status: "declined" });

    const body = await entries(me);
    expect(body.time_zone).toBe("UTC");
    expect(body.entries.map((entry) => entry.id)).toEqual([open, recent, approvedDay, older]);
    expect(body.entries[1]).toEqual({
      id: recent,
      job_id: bar,
      clock_in_at: dayAt(-1, 8),
      clock_out_at: dayAt(-1, 16),
      breaks: [{ starts_at: dayAt(-1, 12), ends_at: dayAt(-1, 13) }],
      time_zone: "UTC",
      version: 1,
      pending_request_id: correction,
      locked: false,
    });
    expect(body.entries.map((entry) => [entry.locked, entry.pending_request_id])).toEqual([
      [false, null],
      [false, correction],
      [true, null],
      [false, null],
    ]);
    expect(body.entries.map((entry) => entry.id)).not.toContain(tooOld);
    expect(body.entries.map((entry) => entry.id)).not.toContain(removed);
    // My jobs, and the archived one an entry still names; not others.
    expect(body.jobs).toEqual([
      { id: bar, name: "Bar", color: "#c92a2a" },
      { id: archivedJob, name: "Old job", color: "#2b8a3e" },
    ]);
    expect(body.jobs.map((job) => job.id)).not.toContain(unused);

    // A chosen range.
    const chosen = await entries(me, `?from=${addDays(today, -14)}&to=${addDays(today, -13)}`);
    expect(chosen.entries.map((entry) => entry.id)).toEqual([older, tooOld]);
    const fromOnly = await entries(me, `?from=${addDays(today, -20)}`);
    expect(fromOnly.entries.map((entry) => entry.id)).toEqual([approvedDay, older, tooOld]);
  });

  it("puts an entry on its board's day, as the timesheets do", async () => {
    const { org, board, me } = await team();
    await setOrganizationCalendar(org, "UTC", 1);
    const today = todayIn("UTC");
    // 23:30 UTC yesterday is today in Paris: the entry clocked in to a Paris board's shift sits on today.
    const late = `${addDays(today, -1)}T23:30:00.000Z`;
    const shift = await shiftIn(org, board, { user: me.user.id, starts: late, ends: `${today}T03:00:00.000Z` });
    const { db } = await testDatabase();
    const row = await withOrganization(db, org, (tx) =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: org,
          user_id: me.user.id,
          shift_id: shift,
          clock_in_at: late,
          clock_out_at: `${today}T03:00:00.000Z`,
          source: "punch",
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    const body = await entries(me, `?from=${today}&to=${today}`);
    expect(body.entries).toEqual([expect.objectContaining({ id: row.id, time_zone: "Europe/Paris" })]);
    expect((await entries(me, `?from=${addDays(today, -1)}&to=${addDays(today, -1)}`)).entries).toEqual([]);
  });

  it("refuses a range that ends before it starts or is longer than 62 days, and dates that are not dates", async () => {
    const { me } = await team();
    const backwards = await get(me, "/api/my/entries?from=2026-06-10&to=2026-06-09");
    expect(backwards.status).toBe(422);
    expect(backwards.json()).toMatchObject({
      code: "my_entries_end_before_start",
      fields: { to: "schedule.endBeforeStart" },
    });
    const long = await get(me, "/api/my/entries?from=2026-06-01&to=2026-08-02");
    expect(long.status).toBe(422);
    expect(long.json()).toMatchObject({ code: "my_entries_range_too_long" });
    expect((await get(me, "/api/my/entries?from=2026-06-01&to=2026-08-01")).status).toBe(200);
    const bad = await get(me, "/api/my/entries?from=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed", fields: { from: "schedule.dateInvalid" } });
  });

  it("is for everyone who asks for themselves (not the platform ADMIN)", async () => {
    const { people } = await everyStanding();
    for (const { name, allowed, who } of people) {
      const response = await get(who, "/api/my/entries");
      expect(response.status, name).toBe(allowed ? 200 : 403);
    }
  });
});
