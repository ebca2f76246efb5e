import {
  defaultScheduleRules,
  type MonthResponse,
  shiftSchema,
  todayIn,
  weekOf,
  weekResponseSchema,
} from "@workshift/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, signUp } from "../../test/auth.ts";
import { boardJobs, boardMembers, personJobs, setBoardArchived } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { personIdIn } from "../../test/people.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  boardIn,
  jobIn,
  personIn,
  setOrganizationCalendar,
  setOrganizationCurrency,
  shiftIn,
} from "../../test/shift-fixtures.ts";
import { weekFrom } from "../../test/week.ts";
import { mapPersonIds } from "../lib/access/person-ids.ts";
import { type Tx, withOrganization } from "../lib/db/tenancy.ts";
import { shiftColumns, toShift } from "./records.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const week = (token: string, board: string, date?: string) =>
  server.request(`/api/schedule/boards/${board}/week${date ? `?date=${date}` : ""}`, { headers: bearer(token) });
const month = (token: string, board: string, value?: string) =>
  server.request(`/api/schedule/boards/${board}/month${value ? `?month=${value}` : ""}`, { headers: bearer(token) });
const HOUR = 3_600_000;
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("the week of a board", () => {
  it("shows the shifts starting in it, the people on the board and those with shifts there, the jobs, and the people's shifts around it", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    // Paris is UTC+2 in June: the week of Monday 2026-06-08 runs from 2026-06-07T22:00Z to 2026-06-14T22:00Z.
    const board = await boardIn(org, { name: "Downtown", zone: "Europe/Paris", weekStart: 1 });
    const elsewhere = await boardIn(org, { name: "Harbour", zone: "Europe/Paris" });
    const kitchen = await jobIn(org, { name: "Kitchen", rate: 15 });
    const bar = await jobIn(org, { name: "Bar" });
    const retired = await jobIn(org, { name: "Retired", archived: true });
    const unusedArchived = await jobIn(org, { name: "Gone", archived: true });
    const notHere = await jobIn(org, { name: "Warehouse" });
    await boardJobs(org, board, [kitchen, unusedArchived]);
    await boardJobs(org, elsewhere, [notHere]);

    const amal = await personIn(org, { firstName: "Amal", lastName: "Aoun", rate: 20 });
    const bilal = await personIn(org, { firstName: "Bilal", lastName: "Bitar" });
    const visitor = await personIn(org, { firstName: "Carla", lastName: "Chami" });
    const gone = await personIn(org, { firstName: "Dina", lastName: "Daher", status: "archived" });
    const goneNoShift = await personIn(org, { firstName: "Elie", status: "archived" });
    const invitee = await personIn(org, { status: "invited", firstName: "Account", invitedFirstName: "Farah" });
    const stranger = await personIn(org, { firstName: "Ghada" });
    await boardMembers(org, board, [amal.id, bilal.id, goneNoShift.id, invitee.id]);
    await boardMembers(org, elsewhere, [amal.id, stranger.id]);
    await personJobs(org, amal.id, [kitchen, retired]);

    const monday = await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: "2026-06-08T07:00:00Z",
      ends: "2026-06-08T15:00:00Z",
      breakMinutes: 30,
      note: "Open up",
    });
    const visiting = await shiftIn(org, board, {
      user: visitor.id,
      job: bar,
      starts: "2026-06-09T07:00:00Z",
      ends: "2026-06-09T15:00:00Z",
      published: true,
    });
    const archivedPersons = await shiftIn(org, board, {
      user: gone.id,
      job: retired,
      starts: "2026-06-10T07:00:00Z",
      ends: "2026-06-10T09:00:00Z",
    });
    const pendingRemoval = await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-06-11T07:00:00Z",
      ends: "2026-06-11T15:00:00Z",
      deleted: true,
    });
    const changed = await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-06-12T08:00:00Z",
      ends: "2026-06-12T16:00:00Z",
      published: { starts: "2026-06-12T07:00:00Z" },
    });
    const open = await shiftIn(org, board, {
      job: kitchen,
      starts: "2026-06-14T19:00:00Z",
      ends: "2026-06-15T03:00:00Z",
    });
    // Sunday 23:00 Paris is Sunday 21:00Z: still this week. Monday 00:00 Paris is not.
    const lastMinute = await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-06-14T21:00:00Z",
      ends: "2026-06-14T23:00:00Z",
    });
    const nextWeek = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-14T22:00:00Z",
      ends: "2026-06-15T02:00:00Z",
    });
    const saturdayBefore = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-06T18:00:00Z",
      ends: "2026-06-06T21:00:00Z",
    });
    const tooEarly = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-05T20:00:00Z",
      ends: "2026-06-05T21:00:00Z",
    });
    const otherBoard = await shiftIn(org, elsewhere, {
      user: amal.id,
      starts: "2026-06-09T18:00:00Z",
      ends: "2026-06-09T22:00:00Z",
    });
    const otherBoardRemoved = await shiftIn(org, elsewhere, {
      user: amal.id,
      starts: "2026-06-10T18:00:00Z",
      ends: "2026-06-10T22:00:00Z",
      deleted: true,
    });
    const strangersShift = await shiftIn(org, elsewhere, {
      user: stranger.id,
      starts: "2026-06-09T07:00:00Z",
      ends: "2026-06-09T09:00:00Z",
    });
    // Another organization's shift in the same week never shows.
    const other = await signUp(server);
    const otherOrgBoard = await boardIn(other.organizationId, { zone: "Europe/Paris" });
    await shiftIn(other.organizationId, otherOrgBoard, {
      starts: "2026-06-09T07:00:00Z",
      ends: "2026-06-09T09:00:00Z",
    });

    const response = await week(owner.access, board, "2026-06-10");
    expect(response.status).toBe(200);
    const body = weekFrom(response);
    // Written without the zod serializer (routes.ts): exactly the documented shape, nothing more (parse drops
    // unknown keys), the request marks and availability always there (optional only for older servers).
    expect(weekResponseSchema.required({ requests: true, availability: true }).parse(body)).toEqual(body);
    expect(body).toMatchObject({ requests: [], availability: [] });
    expect(body).toMatchObject({
      boards: [{ id: board, name: "Downtown", time_zone: "Europe/Paris", week_start: 1, rules: defaultScheduleRules }],
      time_zone: "Europe/Paris",
      week_start: 1,
      start_date: "2026-06-08",
      end_date: "2026-06-14",
      starts_at: "2026-06-07T22:00:00.000Z",
      ends_at: "2026-06-14T22:00:00.000Z",
      can_manage: true,
      // The organization's (Settings → Company), USD until the owner chooses.
      currency: "USD",
    });
    expect(ids(body.shifts)).toEqual([monday, visiting, archivedPersons, pendingRemoval, changed, open, lastMinute]);
    const byId = new Map(body.shifts.map((shift) => [shift.id, shift]));
    expect(byId.get(monday)).toMatchObject({
      board_id: board,
      user_id: amal.id,
      job_id: kitchen,
      starts_at: "2026-06-08T07:00:00.000Z",
      ends_at: "2026-06-08T15:00:00.000Z",
      break_minutes: 30,
      note: "Open up",
      status: "draft",
      published: null,
      version: 1,
    });
    // As published: nothing to say twice (published_at says when it was told).
    expect(byId.get(visiting)).toMatchObject({
      status: "published",
      published: null,
      published_at: expect.any(String),
    });
    expect(byId.get(pendingRemoval)?.status).toBe("deleted");
    expect(byId.get(changed)).toMatchObject({
      status: "changed",
      published: { starts_at: "2026-06-12T07:00:00.000Z", ends_at: "2026-06-12T16:00:00.000Z" },
    });
    expect(byId.get(open)?.user_id).toBeNull();

    // On the board (not archived) or with a shift shown; by name; invited people as their inviter typed them.
    expect(body.people.map((person) => [person.first_name, person.status])).toEqual([
      ["Amal", "active"],
      ["Bilal", "active"],
      ["Carla", "active"],
      ["Dina", "archived"],
      ["Farah", "invited"],
    ]);
    const amalShown = body.people.find((person) => person.user_id === amal.id);
    expect(amalShown).toEqual({
      user_id: amal.id,
      first_name: "Amal",
      last_name: "Aoun",
      status: "active",
      hourly_rate: 20,
      job_ids: [kitchen],
      board_ids: [board],
    });
    expect(body.people.find((person) => person.user_id === visitor.id)?.board_ids).toEqual([]);
    expect(body.people.find((person) => person.user_id === invitee.id)?.last_name).toBe("Typed");

    // The board's active jobs and every job a shift uses (archived ones flagged); not other boards' jobs.
    expect(body.jobs.map((job) => [job.name, job.is_archived, job.hourly_rate])).toEqual([
      ["Bar", false, null],
      ["Kitchen", false, 15],
      ["Retired", true, null],
    ]);

    // Around the week: two days before, one after, any board, not pending removals, not the shown ones.
    expect(ids(body.nearby_shifts)).toEqual([saturdayBefore, otherBoard, nextWeek]);
    expect(body.nearby_shifts.find((shift) => shift.id === otherBoard)).toEqual({
      id: otherBoard,
      board_id: elsewhere,
      time_zone: "Europe/Paris",
      user_id: amal.id,
      starts_at: "2026-06-09T18:00:00.000Z",
      ends_at: "2026-06-09T22:00:00.000Z",
      break_minutes: 0,
    });
    for (const id of [tooEarly, otherBoardRemoved, strangersShift]) expect(ids(body.nearby_shifts)).not.toContain(id);
  });

  it("is always the rows as they are now, though an unchanged week is kept between requests", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Asia/Beirut", weekStart: 1 });
    const amal = await personIn(org);
    const at = (hour: number) => `2026-06-09T${String(hour).padStart(2, "0")}:00:00Z`;
    const first = await shiftIn(org, board, { user: amal.id, starts: at(5), ends: at(9), note: "before" });
    const shifts = async () => weekFrom(await week(owner.access, board, "2026-06-09")).shifts;
    const { db } = await testDatabase();
    // Written straight to the database, as another server instance would.
    const elsewhere = (change: (tx: Tx) => Promise<unknown>) => withOrganization(db, org, change);

    expect((await shifts()).map((shift) => shift.note)).toEqual(["before"]);
    expect((await shifts()).map((shift) => shift.note)).toEqual(["before"]);
    await elsewhere((tx) => tx.updateTable("shifts").set({ note: "after" }).where("id", "=", first).execute());
    expect((await shifts()).map((shift) => shift.note)).toEqual(["after"]);

    const published = await server.request("/api/schedule/publish", {
      method: "POST",
      headers: bearer(owner.access),
      json: { board, date: "2026-06-09" },
    });
    expect(published.status).toBe(200);
    expect((await shifts()).map((shift) => shift.status)).toEqual(["published"]);

    const second = await shiftIn(org, board, { user: amal.id, starts: at(10), ends: at(12) });
    expect(ids(await shifts())).toEqual([first, second]);
    await elsewhere((tx) => tx.deleteFrom("shifts").where("id", "=", first).execute());
    expect(ids(await shifts())).toEqual([second]);
    // Another organization's week of the same dates is its own.
    const other = await signUp(server);
    const theirs = await boardIn(other.organizationId, { zone: "Asia/Beirut", weekStart: 1 });
    expect(weekFrom(await week(other.access, theirs, "2026-06-09")).shifts).toEqual([]);
  });

  it("names the people as they are now, though the week's people are kept between requests", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Asia/Beirut", weekStart: 1 });
    const kitchen = await jobIn(org, { name: "Kitchen" });
    const bar = await jobIn(org, { name: "Bar" });
    await boardJobs(org, board, [kitchen, bar]);
    const amal = await personIn(org, { firstName: "Amal" });
    const bilal = await personIn(org, { firstName: "Bilal" });
    await boardMembers(org, board, [amal.id]);
    const people = async () =>
      weekFrom(await week(owner.access, board, "2026-06-09")).people.map((person) => ({
        name: person.first_name,
        status: person.status,
        rate: person.hourly_rate,
        jobs: person.job_ids,
      }));
    const { db } = await testDatabase();
    // Written straight to the database, as another server instance would.
    const elsewhere = (change: (tx: Tx) => Promise<unknown>) => withOrganization(db, org, change);

    expect(await people()).toEqual([{ name: "Amal", status: "active", rate: null, jobs: [] }]);
    expect(await people()).toEqual([{ name: "Amal", status: "active", rate: null, jobs: [] }]);
    await elsewhere((tx) =>
      tx.updateTable("users").set({ first_name: "Amala" }).where("id", "=", amal.account).execute(),
    );
    await elsewhere((tx) =>
      tx.updateTable("memberships").set({ hourly_rate: "21.50" }).where("user_id", "=", amal.account).execute(),
    );
    await personJobs(org, amal.id, [kitchen]);
    expect(await people()).toEqual([{ name: "Amala", status: "active", rate: 21.5, jobs: [kitchen] }]);
    await elsewhere((tx) => tx.updateTable("jobs").set({ is_archived: true }).where("id", "=", kitchen).execute());
    expect((await people()).map((person) => person.jobs)).toEqual([[]]);
    // On the board, or only through a shift: either way listed; off both, not.
    await boardMembers(org, board, [bilal.id]);
    expect((await people()).map((person) => person.name)).toEqual(["Amala", "Bilal"]);
    await elsewhere((tx) => tx.deleteFrom("job_scheduler_members").where("user_id", "=", amal.account).execute());
    expect((await people()).map((person) => person.name)).toEqual(["Bilal"]);
    const shift = await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-06-09T05:00:00Z",
      ends: "2026-06-09T09:00:00Z",
    });
    expect((await people()).map((person) => person.name)).toEqual(["Amala", "Bilal"]);
    await elsewhere((tx) => tx.deleteFrom("shifts").where("id", "=", shift).execute());
    expect((await people()).map((person) => person.name)).toEqual(["Bilal"]);
  });

  it("writes each shift in PostgreSQL exactly as toShift writes it, decoded from the wire, whatever its status", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Asia/Beirut", weekStart: 1 });
    const job = await jobIn(org);
    const amal = await personIn(org);
    const bilal = await personIn(org);
    const at = (hour: number) => `2026-06-09T${String(hour).padStart(2, "0")}:00:00Z`;
    await shiftIn(org, board, {
      user: amal.id,
      job,
      starts: at(5),
      ends: at(9),
      breakMinutes: 15,
      note: 'a "quoted" note',
    });
    await shiftIn(org, board, { user: bilal.id, starts: at(5), ends: at(9), published: true });
    await shiftIn(org, board, { starts: at(6), ends: at(10), published: { user: amal.id, note: "was Amal's" } });
    await shiftIn(org, board, { user: amal.id, starts: at(10), ends: at(12), published: { starts: at(11) } });
    await shiftIn(org, board, { user: bilal.id, starts: at(10), ends: at(12), deleted: true });

    const body = weekFrom(await week(owner.access, board, "2026-06-09"));
    const { db } = await testDatabase();
    const rows = await withOrganization(db, org, (tx) =>
      tx
        .selectFrom("shifts")
        .select(shiftColumns)
        .where("organization_id", "=", org)
        .orderBy("starts_at")
        .orderBy("id")
        .execute(),
    );
    expect(new Set(body.shifts.map((shift) => shift.status))).toEqual(
      new Set(["draft", "published", "changed", "deleted"]),
    );
    // The answer's edge names people by person id; the week's JSON does the same in PostgreSQL.
    expect(body.shifts).toEqual(
      rows.map((row) => mapPersonIds(shiftSchema, toShift(row), (id) => personIdIn(org, id))),
    );
  });

  it("has 167 hours in the week the clocks go forward, and an overnight shift across the change lasts 7 hours on its start day", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Europe/Paris", weekStart: 1 });
    const amal = await personIn(org);
    // Saturday 2026-03-28 22:00 CET (21:00Z) → Sunday 06:00 CEST (04:00Z).
    const created = await server.request("/api/schedule/shifts", {
      method: "POST",
      headers: bearer(owner.access),
      json: {
        board_id: board,
        user_id: amal.id,
        starts_at: "2026-03-28T22:00:00+01:00",
        ends_at: "2026-03-29T06:00:00+02:00",
      },
    });
    expect(created.status).toBe(201);

    const body = weekFrom(await week(owner.access, board, "2026-03-29"));
    expect(body.start_date).toBe("2026-03-23");
    expect(body.end_date).toBe("2026-03-29");
    expect(body.starts_at).toBe("2026-03-22T23:00:00.000Z");
    expect(body.ends_at).toBe("2026-03-29T22:00:00.000Z");
    expect(Date.parse(body.ends_at) - Date.parse(body.starts_at)).toBe(167 * HOUR);
    const [overnight] = body.shifts;
    expect(overnight?.starts_at).toBe("2026-03-28T21:00:00.000Z");
    expect(Date.parse(overnight?.ends_at ?? "") - Date.parse(overnight?.starts_at ?? "")).toBe(7 * HOUR);

    // The autumn week has 169 hours.
    const autumn = weekFrom(await week(owner.access, board, "2026-10-25"));
    expect(Date.parse(autumn.ends_at) - Date.parse(autumn.starts_at)).toBe(169 * HOUR);
  });

  it("lays out `all` (every active board) in the organization's zone and week start, each shift on its board's day", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    await setOrganizationCalendar(org, "Asia/Beirut", 0);
    const cafe = await boardIn(org, { name: "Café", zone: "Europe/Paris", weekStart: 1 });
    const bakery = await boardIn(org, { name: "bakery", zone: "America/New_York", weekStart: 3 });
    const closed = await boardIn(org, { name: "Closed", archived: true });
    const amal = await personIn(org);
    const bilal = await personIn(org);
    await boardMembers(org, cafe, [amal.id]);
    await boardMembers(org, bakery, [amal.id, bilal.id]);
    // Beirut is UTC+3 in June: the week of Sunday 2026-06-07 runs from 2026-06-06T21:00Z. Each shift
    // is on its board's day (zoneOfWork): in Paris (UTC+2) that is still Saturday, Sunday begins an hour later.
    const saturdayInParis = await shiftIn(org, cafe, {
      user: amal.id,
      starts: "2026-06-06T21:00:00Z",
      ends: "2026-06-06T21:30:00Z",
    });
    const first = await shiftIn(org, cafe, {
      user: amal.id,
      starts: "2026-06-06T22:00:00Z",
      ends: "2026-06-07T01:00:00Z",
    });
    const second = await shiftIn(org, bakery, {
      user: bilal.id,
      starts: "2026-06-10T12:00:00Z",
      ends: "2026-06-10T16:00:00Z",
    });
    const hidden = await shiftIn(org, closed, { starts: "2026-06-08T12:00:00Z", ends: "2026-06-08T16:00:00Z" });

    const response = await week(owner.access, "all", "2026-06-10");
    expect(response.status).toBe(200);
    const body = weekFrom(response);
    expect(body.boards.map((board) => board.name)).toEqual(["bakery", "Café"]);
    expect(body).toMatchObject({
      time_zone: "Asia/Beirut",
      week_start: 0,
      start_date: "2026-06-07",
      end_date: "2026-06-13",
      starts_at: "2026-06-06T21:00:00.000Z",
    });
    expect(ids(body.shifts)).toEqual([first, second]);
    expect(ids(body.shifts)).not.toContain(hidden);
    expect(ids(body.nearby_shifts)).toEqual([saturdayInParis]);
    const amalShown = body.people.find((person) => person.user_id === amal.id);
    expect([...(amalShown?.board_ids ?? [])].sort()).toEqual([cafe, bakery].sort());
  });

  it("shows this week by default, in the board's zone", async () => {
    const owner = await signUp(server);
    const board = await boardIn(owner.organizationId, { zone: "Pacific/Kiritimati", weekStart: 6 });
    const thisWeek = () => weekOf(todayIn("Pacific/Kiritimati"), "Pacific/Kiritimati", 6).startDate;
    // This week as it was just before the request or just after (a new week may begin in between).
    const before = thisWeek();
    const body = weekFrom(await week(owner.access, board));
    expect([before, thisWeek()]).toContain(body.start_date);
  });

  it("an empty `all` (no active board) is an empty week", async () => {
    const owner = await signUp(server);
    const body = weekFrom(await week(owner.access, "all", "2026-06-10"));
    expect(body).toMatchObject({ boards: [], people: [], jobs: [], shifts: [], nearby_shifts: [] });
  });

  it("refuses a bad date or a date out of range, and answers 404 for a board that is not the organization's active board", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org);
    const archived = await boardIn(org, { archived: true });
    const other = await signUp(server);
    const theirs = await boardIn(other.organizationId);

    for (const date of ["2026-02-30", "10-06-2026", "1999-12-31", "2100-01-01"]) {
      const response = await week(owner.access, board, date);
      expect(response.status).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields.date).toMatch(/^schedule\.date/);
    }
    for (const scope of [archived, theirs, "not-a-board", "00000000-0000-4000-8000-000000000000"]) {
      expect((await week(owner.access, scope, "2026-06-10")).status).toBe(404);
      expect((await month(owner.access, scope, "2026-06")).status).toBe(404);
    }
    await setBoardArchived(org, board, true);
    expect((await week(owner.access, board, "2026-06-10")).status).toBe(404);
  });

  it("is for those who may view the scheduler: supervisors with view_scheduler or manage_scheduler, the owner, the platform admin", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org);
    const employee = await memberOf(server, org, "EMPLOYEE");
    const bare = await memberOf(server, org, "SUPERVISOR");
    const viewer = await memberOf(server, org, "SUPERVISOR", ["view_scheduler"]);
    const manager = await memberOf(server, org, "SUPERVISOR", ["manage_scheduler"]);
    const admin = await platformAdminIn(server, org);

    for (const who of [employee, bare]) {
      expect((await week(who.access, board, "2026-06-10")).status).toBe(403);
      expect((await week(who.access, "all", "2026-06-10")).status).toBe(403);
      expect((await month(who.access, board, "2026-06")).status).toBe(403);
    }
    expect(weekFrom(await week(viewer.access, board, "2026-06-10")).can_manage).toBe(false);
    expect(weekFrom(await week(manager.access, board, "2026-06-10")).can_manage).toBe(true);
    expect(weekFrom(await week(admin.access, board, "2026-06-10")).can_manage).toBe(true);
    expect((await week(owner.access, "all", "2026-06-10")).status).toBe(200);
    expect((await month(viewer.access, board, "2026-06")).status).toBe(200);
    expect((await month(admin.access, "all", "2026-06")).status).toBe(200);
    const anonymous = await server.request(`/api/schedule/boards/${board}/week`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json<{ code: string }>().code).toBe("token_invalid");
  });
});

describe("the month of a board", () => {
  it("sums each local day (23 hours on the day the clocks go forward): shifts, open ones, unpublished changes, headcount, paid minutes and cost", async () => {
    const owner = await signUp(server);
    const org = owner.organizationId;
    const board = await boardIn(org, { zone: "Europe/Paris", weekStart: 1 });
    const otherBoard = await boardIn(org, { zone: "Europe/Paris" });
    const kitchen = await jobIn(org, { rate: 15 });
    const bar = await jobIn(org, { rate: 12 });
    const amal = await personIn(org, { rate: 20 });
    const bilal = await personIn(org);
    const carla = await personIn(org);

    // Saturday 28 22:00 CET → Sunday 06:00 CEST: 7 real hours less a 30-minute break, at Amal's own rate.
    await shiftIn(org, board, {
      user: amal.id,
      job: kitchen,
      starts: "2026-03-28T21:00:00Z",
      ends: "2026-03-29T04:00:00Z",
      breakMinutes: 30,
      published: true,
    });
    // Saturday: Bilal at the job's rate, and Carla with no rate at all.
    await shiftIn(org, board, {
      user: bilal.id,
      job: bar,
      starts: "2026-03-28T08:00:00Z",
      ends: "2026-03-28T12:00:00Z",
    });
    await shiftIn(org, board, { user: carla.id, starts: "2026-03-28T13:00:00Z", ends: "2026-03-28T14:00:00Z" });
    // 2026-03-28T23:30Z is Sunday 00:30 in Paris: an open shift on Sunday, at the job's rate.
    await shiftIn(org, board, { job: kitchen, starts: "2026-03-28T23:30:00Z", ends: "2026-03-29T01:30:00Z" });
    // A pending removal counts only as an unpublished change.
    await shiftIn(org, board, {
      user: bilal.id,
      starts: "2026-03-29T08:00:00Z",
      ends: "2026-03-29T10:00:00Z",
      deleted: true,
    });
    // March 31 23:30 Paris (21:30Z) is March; April 1 00:30 Paris (March 31 22:30Z) is not.
    await shiftIn(org, board, {
      user: amal.id,
      starts: "2026-03-31T21:30:00Z",
      ends: "2026-03-31T22:00:00Z",
      published: true,
    });
    await shiftIn(org, board, { user: amal.id, starts: "2026-03-31T22:30:00Z", ends: "2026-03-31T23:00:00Z" });
    // Other boards do not count.
    await shiftIn(org, otherBoard, { user: carla.id, starts: "2026-03-28T16:00:00Z", ends: "2026-03-28T18:00:00Z" });

    await setOrganizationCurrency(org, "EUR");
    const response = await month(owner.access, board, "2026-03");
    expect(response.status).toBe(200);
    const body = response.json<MonthResponse>();
    expect(body).toMatchObject({ month: "2026-03", time_zone: "Europe/Paris", week_start: 1, currency: "EUR" });
    expect(body.days).toHaveLength(31);
    const day = (date: string) => body.days.find((entry) => entry.date === date);
    expect(day("2026-03-28")).toEqual({
      date: "2026-03-28",
      shifts: 3,
      open_shifts: 0,
      unpublished: 2,
      headcount: 3,
      minutes: 390 + 240 + 60,
      cost: 130 + 48,
    });
    expect(day("2026-03-29")).toEqual({
      date: "2026-03-29",
      shifts: 1,
      open_shifts: 1,
      unpublished: 2,
      headcount: 0,
      minutes: 120,
      cost: 30,
    });
    expect(day("2026-03-31")).toMatchObject({ shifts: 1, unpublished: 0, minutes: 30, cost: 10 });
    expect(day("2026-03-01")).toEqual({
      date: "2026-03-01",
      shifts: 0,
      open_shifts: 0,
      unpublished: 0,
      headcount: 0,
      minutes: 0,
      cost: 0,
    });

    await setOrganizationCalendar(org, "Europe/Paris", 1);
    const all = (await month(owner.access, "all", "2026-03")).json<MonthResponse>();
    expect(all.days.find((entry) => entry.date === "2026-03-28")?.shifts).toBe(4);
  });

  it("refuses a bad month and defaults to this month", async () => {
    const owner = await signUp(server);
    const board = await boardIn(owner.organizationId, { zone: "Asia/Beirut" });
    for (const value of ["2026-13", "2026-3", "1999-12", "2100-01"]) {
      expect((await month(owner.access, board, value)).status).toBe(400);
    }
    // This month as it was just before the request or just after (a new month may begin in between).
    const before = todayIn("Asia/Beirut").slice(0, 7);
    const body = (await month(owner.access, board)).json<MonthResponse>();
    expect([before, todayIn("Asia/Beirut").slice(0, 7)]).toContain(body.month);
  });
});
