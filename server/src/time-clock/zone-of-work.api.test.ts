import type {
  MonthResponse,
  MyShiftsResponse,
  OverviewResponse,
  ShiftCheckResponse,
  TimeEntry,
  TimesheetResponse,
  WeekResponse,
} from "@workshift/contracts";
import { addDays, instantAt, localDateOf, offsetMinutes, todayIn } from "@workshift/contracts";
import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, jobIn, setOrganizationCalendar, shiftIn } from "../../test/shift-fixtures.ts";
import { weekFrom } from "../../test/week.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

/**
 * One rule decides which zone cuts a shift's and an entry's day (the
 * contracts' zoneOfWork): a shift, and an entry clocked in to it, are on the
 * board's day. A Paris organization, a Beirut board, a job without a zone of
 * its own, and a shift on Sunday at 00:30 in Beirut (Saturday 23:30 in
 * Paris): every view puts the shift and the time worked on it on Sunday.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PARIS = "Europe/Paris";
const BEIRUT = "Asia/Beirut";

const get = (who: SignedUp, path: string) => server.request(path, { headers: bearer(who.access) });
const call = (who: SignedUp, method: string, path: string, json: unknown) =>
  server.request(path, { method, headers: bearer(who.access), json });
const csvRows = (text: string) => parse(text, { bom: true }) as string[][];

/** No clock change in either zone between the Saturday and the Monday around `sunday`. */
function steady(sunday: string): boolean {
  const around = [addDays(sunday, -1), addDays(sunday, 1)].map((day) => Date.parse(`${day}T12:00:00Z`));
  return [PARIS, BEIRUT].every((zone) => offsetMinutes(around[0] ?? 0, zone) === offsetMinutes(around[1] ?? 0, zone));
}

/** A Sunday 3 to 9 days ago (in the calendar feed's window, all in the past), with no clock change around it. */
function recentSunday(): string {
  let day = addDays(todayIn(BEIRUT), -3);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 || !steady(day)) day = addDays(day, -1);
  return day;
}

async function scenario() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  // Weeks and weekly pay periods start on Sunday, so Saturday and Sunday are in different periods.
  await setOrganizationCalendar(org, PARIS, 0);
  const board = await boardIn(org, { name: "Beirut", zone: BEIRUT, weekStart: 0 });
  const job = await jobIn(org, { name: "Night desk", rate: 10 });
  const rana = await memberOf(server, org, "EMPLOYEE");
  const sunday = recentSunday();
  const saturday = addDays(sunday, -1);
  const starts = instantAt(sunday, "00:30", BEIRUT);
  const ends = instantAt(sunday, "08:30", BEIRUT);
  expect(localDateOf(starts, PARIS)).toBe(saturday);

  const { db } = await testDatabase();
  await withOrganization(db, org, (tx) =>
    tx
      .insertInto("job_scheduler_members")
      .values({ organization_id: org, job_scheduler_id: board, user_id: rana.user.id })
      .execute(),
  );
  const shift = await shiftIn(org, board, { user: rana.user.id, job, starts, ends, published: true });
  // The entry clocking in to the shift makes (in and out five minutes either side of it).
  const entry = await withOrganization(db, org, (tx) =>
    tx
      .insertInto("time_entries")
      .values({
        organization_id: org,
        user_id: rana.user.id,
        job_id: job,
        shift_id: shift,
        clock_in_at: new Date(Date.parse(starts) - 5 * 60_000),
        clock_out_at: new Date(Date.parse(ends) + 5 * 60_000),
        source: "punch",
        created_by: rana.user.id,
        updated_by: rana.user.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  return { owner, org, board, job, rana, shift, entry: entry.id, sunday, saturday, starts };
}

/**
 * Fixed-offset zones where two hours ago was 01:xx on day D on the board and
 * 23:xx on D − 1 in the organization (whose "now" is on D too), weeks and
 * weekly pay periods starting on D's weekday; a published shift of Rana's
 * starting then.
 */
async function justAfterMidnightOnTheBoard() {
  const at = new Date(Date.now() - 2 * 3_600_000);
  const boardOffset = ((((1 - at.getUTCHours()) % 24) + 24 + 10) % 24) - 10; // −10 … +13
  const etc = (hours: number) => (hours === 0 ? "Etc/GMT" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`);
  const boardZone = etc(boardOffset);
  const orgZone = etc(boardOffset - 2);
  const day = localDateOf(at.toISOString(), boardZone);
  expect(localDateOf(at.toISOString(), orgZone)).toBe(addDays(day, -1));
  expect(todayIn(orgZone)).toBe(day);

  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, orgZone, new Date(`${day}T00:00:00Z`).getUTCDay());
  const board = await boardIn(org, { zone: boardZone });
  const job = await jobIn(org);
  const rana = await memberOf(server, org, "EMPLOYEE");
  const shift = await shiftIn(org, board, {
    user: rana.user.id,
    job,
    starts: at.toISOString(),
    ends: new Date(at.getTime() + 8 * 3_600_000).toISOString(),
    published: true,
  });
  return { at, day, owner, org, board, job, rana, shift };
}

describe("a shift's and its time's day: the board's, in every view", () => {
  it("the board, its CSV and the all-boards CSV, /my and the calendar feed put the shift on Sunday", async () => {
    const { owner, board, rana, shift, sunday, saturday, starts } = await scenario();

    const week = weekFrom(await get(owner, `/api/schedule/boards/${board}/week?date=${sunday}`));
    expect(week.start_date).toBe(sunday);
    const onBoard = week.shifts.find((item) => item.id === shift);
    expect(onBoard && localDateOf(onBoard.starts_at, week.time_zone)).toBe(sunday);

    for (const scope of [board, "all"]) {
      const rows = csvRows((await get(owner, `/api/schedule/boards/${scope}/week.csv?date=${sunday}`)).text);
      expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([[sunday, "Sun", "00:30"]]);
      // The week before (the organization's, for all) does not list it.
      const before = csvRows((await get(owner, `/api/schedule/boards/${scope}/week.csv?date=${saturday}`)).text);
      expect(before.slice(1)).toEqual([]);
    }

    const myWeek = (await get(rana, `/api/my/shifts?week=${sunday}`)).json<MyShiftsResponse>();
    expect(myWeek.from).toBe(sunday);
    expect(myWeek.shifts.map((item) => item.id)).toEqual([shift]);
    const mySaturday = (await get(rana, `/api/my/shifts?from=${saturday}&to=${saturday}`)).json<MyShiftsResponse>();
    expect(mySaturday.shifts).toEqual([]);

    const made = await call(rana, "POST", "/api/my/calendar-feed", {});
    const feed = await server.request(new URL(made.json<{ url: string }>().url).pathname);
    expect(feed.text).toContain(`DTSTART:${starts.slice(0, 19).replace(/[-:]/g, "")}Z`);
  });

  it("the all-boards week and month put the shift on Sunday, beside a Paris board's shifts on the Paris day", async () => {
    const { owner, org, board, shift, sunday, saturday } = await scenario();
    const paris = await boardIn(org, { name: "Paris", zone: PARIS, weekStart: 0 });
    // Paris's own Saturday 23:00: on Saturday, an hour before the Beirut shift's Sunday start on the same clock.
    const parisSaturday = await shiftIn(org, paris, {
      user: null,
      starts: instantAt(saturday, "23:00", PARIS),
      ends: instantAt(sunday, "03:00", PARIS),
    });
    const ids = (week: WeekResponse) => week.shifts.map((item) => item.id);

    const week = weekFrom(await get(owner, `/api/schedule/boards/all/week?date=${sunday}`));
    expect(week.time_zone).toBe(PARIS);
    expect(week.start_date).toBe(sunday);
    expect(ids(week)).toEqual([shift]);
    // Rana's shift is in the week: it is not repeated among the shifts around it.
    expect(week.nearby_shifts.map((item) => item.id)).not.toContain(shift);

    const weekBefore = weekFrom(await get(owner, `/api/schedule/boards/all/week?date=${saturday}`));
    expect(weekBefore.end_date).toBe(saturday);
    expect(ids(weekBefore)).toEqual([parisSaturday]);
    // There, Rana's Sunday shift is one of her shifts around the week, with its board's zone.
    expect(weekBefore.nearby_shifts.find((item) => item.id === shift)).toMatchObject({
      board_id: board,
      time_zone: BEIRUT,
    });

    const month = async (date: string) =>
      (await get(owner, `/api/schedule/boards/all/month?month=${date.slice(0, 7)}`)).json<MonthResponse>();
    expect((await month(sunday)).days.find((day) => day.date === sunday)).toMatchObject({ shifts: 1, minutes: 480 });
    expect((await month(saturday)).days.find((day) => day.date === saturday)).toMatchObject({
      shifts: 1,
      open_shifts: 1,
      minutes: 240,
    });
  });

  it("publishing the all-boards week publishes the shifts of its days on their boards", async () => {
    const { owner, org, board, sunday, saturday } = await scenario();
    const sundayDraft = await shiftIn(org, board, {
      user: null,
      starts: instantAt(sunday, "00:15", BEIRUT),
      ends: instantAt(sunday, "04:15", BEIRUT),
    });
    const statusOf = async (date: string) =>
      weekFrom(await get(owner, `/api/schedule/boards/all/week?date=${date}`)).shifts.find(
        (item) => item.id === sundayDraft,
      )?.status;

    const before = await call(owner, "POST", "/api/schedule/publish", { board: "all", date: saturday });
    expect(before.status).toBe(200);
    expect(await statusOf(sunday)).toBe("draft");
    const published = await call(owner, "POST", "/api/schedule/publish", { board: "all", date: sunday });
    expect(published.status).toBe(200);
    expect(await statusOf(sunday)).toBe("published");
  });

  it("limits count another board's shift on its own board's day", async () => {
    const { owner, org, job, rana, sunday, saturday } = await scenario();
    const paris = await boardIn(org, { name: "Paris", zone: PARIS, weekStart: 0 });
    // 8 h on Beirut's Sunday (Paris's Saturday evening) and 4 h on Paris's Sunday: 12 h on Sunday, none on Saturday.
    const check = async (date: string, start: string, end: string) =>
      (
        await call(owner, "POST", "/api/schedule/shifts/check", {
          board_id: paris,
          user_id: rana.user.person_id,
          job_id: job,
          starts_at: instantAt(date, start, PARIS),
          ends_at: instantAt(date, end, PARIS),
        })
      ).json<ShiftCheckResponse>();
    const daily = (answer: ShiftCheckResponse) =>
      answer.warnings
        .filter((warning) => warning.kind === "daily_overtime")
        .map((warning) => [warning.minutes, warning.date]);
    expect(daily(await check(sunday, "12:00", "16:00"))).toEqual([[720, sunday]]);
    expect(daily(await check(saturday, "08:00", "12:00"))).toEqual([]);
  });

  it("the timesheet, its CSV and XLSX count the shift and the entry on Sunday, in Sunday's pay period", async () => {
    const { owner, board, rana, entry, sunday, saturday } = await scenario();

    const sheet = (
      await get(owner, `/api/time-clock/boards/${board}/timesheets?date=${sunday}`)
    ).json<TimesheetResponse>();
    expect(sheet.period.start).toBe(sunday);
    const person = sheet.people.find((item) => item.user_id === rana.user.person_id);
    expect(person?.sheet.days.find((day) => day.date === sunday)).toMatchObject({
      scheduled_minutes: 480,
      worked_minutes: 490,
      entry_ids: [entry],
    });
    expect(person?.sheet.entries).toMatchObject([{ id: entry, date: sunday, time_zone: BEIRUT }]);

    const before = (
      await get(owner, `/api/time-clock/boards/${board}/timesheets?date=${saturday}`)
    ).json<TimesheetResponse>();
    const earlier = before.people.find((item) => item.user_id === rana.user.person_id);
    expect(earlier?.sheet.totals).toMatchObject({ scheduled_minutes: 0, worked_minutes: 0 });

    const hours = (490 / 60).toFixed(2);
    const csv = csvRows((await get(owner, `/api/time-clock/boards/${board}/timesheets.csv?date=${sunday}`)).text);
    expect(csv.find((row) => row[2] === "Night desk")?.[3]).toBe(hours);
    const csvBefore = csvRows(
      (await get(owner, `/api/time-clock/boards/${board}/timesheets.csv?date=${saturday}`)).text,
    );
    expect(csvBefore.find((row) => row[2] === "Night desk")).toBeUndefined();

    const workbook = await fetch(`${server.url}/api/time-clock/boards/${board}/timesheets.xlsx?date=${sunday}`, {
      headers: bearer(owner.access),
    });
    const rows = await readSheet(Buffer.from(await workbook.arrayBuffer()));
    expect(rows.find((row) => row[2] === "Night desk")?.[3]).toBe(Number(hours));
  });

  it("approving Saturday's pay period leaves the entry open to corrections; approving Sunday's locks it", async () => {
    const { owner, rana, entry, sunday, saturday } = await scenario();
    const periodStart = (date: string) => addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
    const correct = async (version: number) =>
      call(owner, "PATCH", `/api/time-clock/entries/${entry}`, { version, note: "checked", reason: "payroll check" });

    const saturdays = await call(owner, "POST", "/api/time-clock/approvals", {
      user_id: rana.user.person_id,
      period_start: periodStart(saturday),
    });
    expect(saturdays.status, saturdays.text).toBeLessThan(300);
    const corrected = await correct(1);
    expect(corrected.status).toBe(200);

    const sundays = await call(owner, "POST", "/api/time-clock/approvals", {
      user_id: rana.user.person_id,
      period_start: periodStart(sunday),
    });
    expect(sundays.status).toBeLessThan(300);
    const refused = await correct(corrected.json<TimeEntry>().version);
    expect(refused.status).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe("timesheet_period_approved");
  });

  it("a punch for the shift is locked by the board's day: refused once that day's period is approved", async () => {
    const { at, day, org, rana, shift } = await justAfterMidnightOnTheBoard();
    const punch = (kind: string, when: Date) =>
      call(rana, "POST", "/api/my/punches", {
        id: crypto.randomUUID(),
        kind,
        at: when.toISOString(),
        ...(kind === "clock_in" ? { shift_id: shift } : {}),
      });
    const approve = async (start: string) => {
      const { db } = await testDatabase();
      await withOrganization(db, org, (tx) =>
        tx
          .insertInto("timesheet_approvals")
          .values({ organization_id: org, user_id: rana.user.id, period_start: start, period_end: addDays(start, 6) })
          .execute(),
      );
    };

    await approve(addDays(day, -7));
    expect((await punch("clock_in", at)).status).toBe(201);
    await approve(day);
    const out = await punch("clock_out", new Date(at.getTime() + 3_600_000));
    expect(out.status).toBe(409);
    expect(out.json<{ code: string }>().code).toBe("timesheet_period_approved");
  });

  it("the overview counts the shift as today's and its time in the week that holds the board's day", async () => {
    const { at, owner, org, board, rana, shift } = await justAfterMidnightOnTheBoard();
    const { db } = await testDatabase();
    await withOrganization(db, org, (tx) =>
      tx
        .insertInto("time_entries")
        .values({
          organization_id: org,
          user_id: rana.user.id,
          shift_id: shift,
          clock_in_at: at,
          clock_out_at: new Date(at.getTime() + 3_600_000),
          source: "punch",
          created_by: rana.user.id,
          updated_by: rana.user.id,
        })
        .execute(),
    );
    const overview = (await get(owner, "/api/overview")).json<OverviewResponse>();
    expect(overview.shifts_today).toBe(1);
    expect(overview.boards.find((item) => item.id === board)).toMatchObject({
      scheduled_minutes: 480,
      worked_minutes: 60,
    });
    expect(overview.worked_off_board_minutes).toBe(0);
  });
});
