import type { TimeEntry, TimesheetResponse } from "@workshift/contracts";
import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type SignedUp, signUp } from "../../test/auth.ts";
import { boardMembers } from "../../test/board-fixtures.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import { boardIn, personIn, setOrganizationCalendar } from "../../test/shift-fixtures.ts";
import { leaveTypeIn, timeOffIn } from "../../test/time-off-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (who: SignedUp, path: string, headers: Record<string, string> = {}) =>
  server.request(path, { headers: { ...bearer(who.access), ...headers } });
const timesheets = async (who: SignedUp, scope: string, date: string) => {
  const response = await get(who, `/api/time-clock/boards/${scope}/timesheets?date=${date}`);
  expect(response.status, response.text).toBe(200);
  return response.json<TimesheetResponse>();
};
const csv = async (who: SignedUp, scope: string, date: string, language = "en") => {
  const response = await get(who, `/api/time-clock/boards/${scope}/timesheets.csv?date=${date}`, {
    "accept-language": language,
  });
  expect(response.status, response.text).toBe(200);
  return parse(response.text, { bom: true }) as string[][];
};
async function xlsx(who: SignedUp, scope: string, date: string) {
  const response = await fetch(`${server.url}/api/time-clock/boards/${scope}/timesheets.xlsx?date=${date}`, {
    headers: { ...bearer(who.access), "accept-language": "es" },
  });
  expect(response.status).toBe(200);
  return readSheet(Buffer.from(await response.arrayBuffer()));
}

async function addEntry(owner: SignedUp, json: Record<string, unknown>): Promise<TimeEntry> {
  const response = await server.request("/api/time-clock/entries", {
    method: "POST",
    headers: bearer(owner.access),
    json: { reason: "paper sheet", ...json },
  });
  if (response.status !== 201) throw new Error(`entry answered ${response.status}: ${response.text}`);
  return response.json<TimeEntry>();
}

/**
 * Beirut (UTC+3), weeks from Monday, 40 h a week before overtime. Rana, on
 * the Downtown board at 20/h, works 9 h a day Monday to Thursday of the week
 * of 2026-06-08 and 4 h on Saturday afternoon (40 h in all), takes Friday
 * off (Vacation, paid, 8 h) and Saturday morning (Unpaid, 10:00–14:00), and
 * waits for an answer about Sunday. Sami, on no board, is off sick
 * (paid) on Tuesday.
 */
async function week() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Asia/Beirut", 1);
  const board = await boardIn(org, { name: "Downtown", zone: "Asia/Beirut", weekStart: 1 });
  const rana = await personIn(org, { firstName: "Rana", lastName: "Haddad", rate: 20 });
  const sami = await personIn(org, { firstName: "Sami", lastName: "Khoury" });
  await boardMembers(org, board, [rana.id]);
  const { db } = await testDatabase();
  await withOrganization(db, org, (tx) =>
    tx
      .updateTable("organization_settings")
      .set({ overtime_weekly_minutes: 2400, overtime_daily_minutes: null })
      .where("organization_id", "=", org)
      .execute(),
  );
  for (const day of ["08", "09", "10", "11"]) {
    await addEntry(owner, {
      user_id: rana.id,
      clock_in_at: `2026-06-${day}T05:00:00Z`,
      clock_out_at: `2026-06-${day}T14:00:00Z`,
    });
  }
  await addEntry(owner, {
    user_id: rana.id,
    clock_in_at: "2026-06-13T11:00:00Z",
    clock_out_at: "2026-06-13T15:00:00Z",
  });
  const zone = "Asia/Beirut";
  const vacation = await leaveTypeIn(org, { name: "Vacation", paid: true });
  const sick = await leaveTypeIn(org, { name: "Sick", paid: true, color: "#c92a2a" });
  const unpaid = await leaveTypeIn(org, { name: "Unpaid", paid: false, color: "#868e96" });
  await timeOffIn(org, rana.id, { leaveType: vacation, from: "2026-06-12", zone, minutes: 480 });
  await timeOffIn(org, rana.id, {
    leaveType: unpaid,
    from: "2026-06-13",
    zone,
    part: { start: "10:00", end: "14:00" },
  });
  await timeOffIn(org, rana.id, { leaveType: vacation, from: "2026-06-14", zone, status: "pending" });
  await timeOffIn(org, sami.id, { leaveType: sick, from: "2026-06-09", zone, minutes: 480 });
  return { owner, org, board, rana: rana.id, sami: sami.id, vacation, unpaid };
}

describe("approved leave on timesheets", () => {
  it("has its own minutes per day and in the totals, paid and unpaid apart; overtime and cost count worked time only", async () => {
    const { owner, board, rana, vacation, unpaid } = await week();
    const body = await timesheets(owner, board, "2026-06-10");
    const person = body.people.find((each) => each.user_id === rana);
    expect(person?.sheet.totals).toMatchObject({
      worked_minutes: 2400,
      regular_minutes: 2400,
      // 40 h worked: at the limit, not past it, whatever the leave.
      overtime_minutes: 0,
      cost: 800,
      leave_minutes: 480,
      unpaid_leave_minutes: 240,
    });
    expect(
      person?.sheet.days.map((day) => [day.date, day.worked_minutes, day.leave_minutes, day.unpaid_leave_minutes]),
    ).toEqual([
      ["2026-06-08", 540, 0, 0],
      ["2026-06-09", 540, 0, 0],
      ["2026-06-10", 540, 0, 0],
      ["2026-06-11", 540, 0, 0],
      ["2026-06-12", 0, 480, 0],
      ["2026-06-13", 240, 0, 240],
      // Sunday's leave still waits: not on the timesheet.
      ["2026-06-14", 0, 0, 0],
    ]);
    expect(person?.leave).toEqual([
      {
        request_id: expect.any(String),
        date: "2026-06-12",
        minutes: 480,
        part: false,
        leave_type: { id: vacation, name: "Vacation", color: "#2b8a3e", paid: true },
      },
      {
        request_id: expect.any(String),
        date: "2026-06-13",
        minutes: 240,
        part: true,
        leave_type: { id: unpaid, name: "Unpaid", color: "#868e96", paid: false },
      },
    ]);
    expect(body.totals).toMatchObject({ overtime_minutes: 0, leave_minutes: 480, unpaid_leave_minutes: 240 });
    // Sami is on no board: not on this one, but on everyone's.
    const all = await timesheets(owner, "all", "2026-06-10");
    expect(all.totals).toMatchObject({ leave_minutes: 960, unpaid_leave_minutes: 240 });
  });

  it("is in the CSV's and the XLSX's own columns, once per person, with a row for someone who only took leave", async () => {
    const { owner, board } = await week();
    const rows = await csv(owner, board, "2026-06-10");
    expect(rows[0]?.slice(-2)).toEqual(["Paid leave hours", "Unpaid leave hours"]);
    expect(rows.slice(1)).toEqual([
      ["", "Rana Haddad", "", "40.00", "0.00", "0.00", "20.00", "800.00", "8.00", "4.00"],
      ["", "TOTAL", "", "40.00", "0.00", "0.00", "", "800.00", "8.00", "4.00"],
    ]);
    const everyone = await csv(owner, "all", "2026-06-10", "fr");
    expect(everyone[0]?.slice(-2)).toEqual(["Heures de congé payé", "Heures de congé sans solde"]);
    expect(everyone.slice(1)).toEqual([
      ["", "Rana Haddad", "", "40.00", "0.00", "0.00", "20.00", "800.00", "8.00", "4.00"],
      ["", "Sami Khoury", "", "0.00", "0.00", "0.00", "", "", "8.00", "0.00"],
      ["", "TOTAL", "", "40.00", "0.00", "0.00", "", "800.00", "16.00", "4.00"],
    ]);
    const sheet = await xlsx(owner, "all", "2026-06-10");
    expect(sheet[0]?.slice(-2)).toEqual(["Horas de permiso retribuido", "Horas de permiso no retribuido"]);
    expect(sheet.slice(1)).toEqual([
      [null, "Rana Haddad", null, 40, 0, 0, 20, 800, 8, 4],
      [null, "Sami Khoury", null, 0, 0, 0, null, null, 8, 0],
      [null, "TOTAL", null, 40, 0, 0, null, 800, 16, 4],
    ]);
  });

  it("never shows another organization's leave", async () => {
    const { owner, board } = await week();
    const other = await week();
    const mine = await timesheets(owner, board, "2026-06-10");
    expect(mine.totals.leave_minutes).toBe(480);
    const theirs = await timesheets(other.owner, "all", "2026-06-10");
    expect(theirs.totals.leave_minutes).toBe(960);
    expect(theirs.people.flatMap((person) => person.leave ?? []).map((day) => day.date)).toEqual([
      "2026-06-12",
      "2026-06-13",
      "2026-06-09",
    ]);
  });
});
