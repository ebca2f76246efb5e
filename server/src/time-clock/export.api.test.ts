import { randomUUID } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import type { TimeEntry, TimesheetResponse } from "@workshift/contracts";
import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, memberOf, platformAdminIn, type SignedUp, signUp } from "../../test/auth.ts";
import { testDatabase } from "../../test/database.ts";
import { startTestServer, type TestServer } from "../../test/server.ts";
import {
  boardIn,
  jobIn,
  personIn,
  setOrganizationCalendar,
  setOrganizationCurrency,
} from "../../test/shift-fixtures.ts";
import { withOrganization } from "../lib/db/tenancy.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const EVIL = '=HYPERLINK("http://evil.example","click")';

const get = (who: SignedUp, path: string, headers: Record<string, string> = {}) =>
  server.request(path, { headers: { ...bearer(who.access), ...headers } });
const timesheets = (who: SignedUp, scope: string, date: string) =>
  get(who, `/api/time-clock/boards/${scope}/timesheets?date=${date}`);
const csv = (who: SignedUp, scope: string, date: string, language = "en") =>
  get(who, `/api/time-clock/boards/${scope}/timesheets.csv?date=${date}`, { "accept-language": language });
/** The workbook's bytes (fetch's text() would mangle them). */
async function xlsx(who: SignedUp, scope: string, date: string, language = "en") {
  const response = await fetch(`${server.url}/api/time-clock/boards/${scope}/timesheets.xlsx?date=${date}`, {
    headers: { ...bearer(who.access), "accept-language": language },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
const rowsOf = (text: string) => parse(text, { bom: true }) as string[][];

/** The files inside a zip (an .xlsx), by name: a small reader of its central directory. */
function unzip(bytes: Buffer): Map<string, string> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    at += 46 + skip;
  }
  return files;
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
 * Beirut (UTC+3), weeks from Monday, euros, 8 h a day before overtime; the
 * "Café Downtown" board with three people (Rana at her own 12.50/h, a person
 * whose first name is a formula at 10/h, Sami at the jobs' rates) and
 * entries on Kitchen (10/h), Bar (9/h) and no job in the week of 2026-06-08.
 */
async function period() {
  const owner = await signUp(server);
  const org = owner.organizationId;
  await setOrganizationCalendar(org, "Asia/Beirut", 1);
  await setOrganizationCurrency(org, "EUR");
  const board = await boardIn(org, { name: "Café Downtown", zone: "Asia/Beirut", weekStart: 1 });
  const kitchen = await jobIn(org, { name: "Kitchen", rate: 10 });
  const bar = await jobIn(org, { name: "Bar", rate: 9 });
  const rana = await personIn(org, { firstName: "Rana", lastName: "Haddad", rate: 12.5 });
  const evil = await personIn(org, { firstName: EVIL, lastName: "Khoury", rate: 10 });
  const sami = await personIn(org, { firstName: "سامي", lastName: "خوري" });
  const { db } = await testDatabase();
  await withOrganization(db, org, async (tx) => {
    await tx
      .updateTable("organization_settings")
      .set({ overtime_daily_minutes: 480 })
      .where("organization_id", "=", org)
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(
        [rana, evil, sami].map((person) => ({
          organization_id: org,
          job_scheduler_id: board,
          user_id: person.account,
        })),
      )
      .execute();
  });
  // Rana: Monday 08:00–18:00 with a 30 min break on Kitchen (9.5 h: 1.5 h overtime), 2 h 10 on Bar, 1 h on no job.
  await addEntry(owner, {
    user_id: rana.id,
    job_id: kitchen,
    clock_in_at: "2026-06-08T05:00:00Z",
    clock_out_at: "2026-06-08T15:00:00Z",
    breaks: [{ starts_at: "2026-06-08T09:00:00Z", ends_at: "2026-06-08T09:30:00Z" }],
  });
  await addEntry(owner, {
    user_id: rana.id,
    job_id: bar,
    clock_in_at: "2026-06-09T05:00:00Z",
    clock_out_at: "2026-06-09T07:10:00Z",
  });
  await addEntry(owner, {
    user_id: rana.id,
    clock_in_at: "2026-06-10T05:00:00Z",
    clock_out_at: "2026-06-10T06:00:00Z",
  });
  // The formula: 20 minutes on each job at 10/h, 3.33 each, 6.67 in all (the jobs' pays add up to 6.66).
  await addEntry(owner, {
    user_id: evil.id,
    job_id: kitchen,
    clock_in_at: "2026-06-09T05:00:00Z",
    clock_out_at: "2026-06-09T05:20:00Z",
  });
  await addEntry(owner, {
    user_id: evil.id,
    job_id: bar,
    clock_in_at: "2026-06-10T05:00:00Z",
    clock_out_at: "2026-06-10T05:20:00Z",
  });
  // Sami: Friday 4 h 15 on Bar with a 15 min break, at the job's 9/h.
  await addEntry(owner, {
    user_id: sami.id,
    job_id: bar,
    clock_in_at: "2026-06-12T05:00:00Z",
    clock_out_at: "2026-06-12T09:30:00Z",
    breaks: [{ starts_at: "2026-06-12T07:00:00Z", ends_at: "2026-06-12T07:15:00Z" }],
  });
  const named = await server.request(`/api/people/${rana.id}`, {
    method: "PATCH",
    headers: bearer(owner.access),
    json: { employee_id: "E-0042" },
  });
  if (named.status !== 200) throw new Error(`employee id answered ${named.status}: ${named.text}`);
  return { owner, org, board, rana };
}

const hours = (minutes: number) => (Math.round((minutes * 100) / 60) / 100).toFixed(2);
const money = (value: number | null) => (value === null ? "" : value.toFixed(2));

/** The rows the screen's JSON says the export must have, as the CSV writes them. */
function expectedRows(body: TimesheetResponse, name: (first: string, last: string) => string): string[][] {
  const jobName = new Map(body.jobs.map((job) => [job.id, job.name]));
  const rows = body.people.flatMap((person) =>
    person.sheet.by_job.map((job, index) => [
      person.employee_id ?? "",
      name(person.first_name, person.last_name),
      job.job_id === null ? "" : (jobName.get(job.job_id) ?? "?"),
      hours(job.regular_minutes),
      hours(job.overtime_minutes),
      hours(job.break_minutes),
      money(job.rate),
      money(job.pay),
      // Leave is on each person's first row.
      hours(index === 0 ? (person.sheet.totals.leave_minutes ?? 0) : 0),
      hours(index === 0 ? (person.sheet.totals.unpaid_leave_minutes ?? 0) : 0),
    ]),
  );
  const { totals } = body;
  rows.push([
    "",
    "TOTAL",
    "",
    hours(totals.regular_minutes),
    hours(totals.overtime_minutes),
    hours(totals.break_minutes),
    "",
    money(totals.pay),
    hours(totals.leave_minutes ?? 0),
    hours(totals.unpaid_leave_minutes ?? 0),
  ]);
  return rows;
}

describe("the timesheets' payroll export", () => {
  it("as CSV has the screen's numbers: a row per person per job, then the period's totals", async () => {
    const { owner, board } = await period();
    const body = (await timesheets(owner, board, "2026-06-10")).json<TimesheetResponse>();
    const response = await csv(owner, board, "2026-06-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="timesheets-cafe-downtown-2026-06-08_2026-06-14.csv"; filename*=UTF-8''timesheets-caf%C3%A9-downtown-2026-06-08_2026-06-14.csv`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const raw = await fetch(`${server.url}/api/time-clock/boards/${board}/timesheets.csv?date=2026-06-10`, {
      headers: bearer(owner.access),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = rowsOf(response.text);
    expect(rows[0]).toEqual([
      "Employee ID",
      "Person",
      "Job",
      "Regular hours",
      "Overtime hours",
      "Break hours",
      "Hourly rate (EUR)",
      "Pay (EUR)",
      "Paid leave hours",
      "Unpaid leave hours",
    ]);
    // The guarded name is the only difference from the JSON.
    const shown = (first: string, last: string) => `${first === EVIL ? `'${first}` : first} ${last}`;
    expect(rows.slice(1)).toEqual(expectedRows(body, shown));
    // And what that is, in numbers: people by first name, jobs by first entry.
    expect(rows.slice(1)).toEqual([
      ["", `'${EVIL} Khoury`, "Kitchen", "0.33", "0.00", "0.00", "10.00", "3.33", "0.00", "0.00"],
      ["", `'${EVIL} Khoury`, "Bar", "0.33", "0.00", "0.00", "10.00", "3.33", "0.00", "0.00"],
      ["E-0042", "Rana Haddad", "Kitchen", "8.00", "1.50", "0.50", "12.50", "128.13", "0.00", "0.00"],
      ["E-0042", "Rana Haddad", "Bar", "2.17", "0.00", "0.00", "12.50", "27.08", "0.00", "0.00"],
      ["E-0042", "Rana Haddad", "", "1.00", "0.00", "0.00", "12.50", "12.50", "0.00", "0.00"],
      ["", "سامي خوري", "Bar", "4.25", "0.00", "0.25", "9.00", "38.25", "0.00", "0.00"],
      ["", "TOTAL", "", "16.08", "1.50", "0.75", "", "212.63", "0.00", "0.00"],
    ]);
    // The rows' pays add up to 212.62: the total is the screen's 212.63 (6.67 for the formula's 3.33 + 3.33).
    expect(body.totals.pay).toBe(212.63);
  });

  it("as XLSX has the same numbers as real numeric cells, a bold frozen header, and sized columns", async () => {
    const { owner, board } = await period();
    const body = (await timesheets(owner, board, "2026-06-10")).json<TimesheetResponse>();
    const { response, bytes } = await xlsx(owner, board, "2026-06-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(XLSX);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="timesheets-cafe-downtown-2026-06-08_2026-06-14.xlsx"; filename*=UTF-8''timesheets-caf%C3%A9-downtown-2026-06-08_2026-06-14.xlsx`,
    );

    const rows = await readSheet(bytes);
    expect(rows[0]).toEqual([
      "Employee ID",
      "Person",
      "Job",
      "Regular hours",
      "Overtime hours",
      "Break hours",
      "Hourly rate (EUR)",
      "Pay (EUR)",
      "Paid leave hours",
      "Unpaid leave hours",
    ]);
    const asNumber = (text: string) => (text === "" ? null : Number(text));
    const expected = expectedRows(body, (first, last) => `${first} ${last}`).map(
      ([employeeId, person, job, ...numbers]) => [
        employeeId === "" ? null : employeeId,
        person,
        job === "" ? null : job,
        ...numbers.map(asNumber),
      ],
    );
    expect(rows.slice(1)).toEqual(expected);
    for (const row of rows.slice(1))
      for (const cell of row.slice(3)) if (cell !== null) expect(typeof cell).toBe("number");

    const files = unzip(bytes);
    const sheet = files.get("xl/worksheets/sheet1.xml") ?? "";
    const styles = files.get("xl/styles.xml") ?? "";
    expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(sheet).not.toContain("rightToLeft");
    expect(sheet).toMatch(/<col min="1" max="1" width="\d+" customWidth="1"\/>/);
    expect(sheet).not.toContain("<f>"); // no formulas, the formula-like name included
    expect(styles).toContain("<b/>");
    expect(styles).toContain('formatCode="0.00"');
    expect(styles).toContain('formatCode="#,##0.00"');
    expect(files.get("xl/workbook.xml")).toContain('name="Timesheets"');
  });

  it("speaks the requester's language: French headers, an Arabic sheet right to left", async () => {
    const { owner, board } = await period();
    const french = rowsOf((await csv(owner, board, "2026-06-10", "fr-FR,fr;q=0.9,en;q=0.5")).text);
    expect(french[0]).toEqual([
      "Matricule",
      "Personne",
      "Poste",
      "Heures normales",
      "Heures supplémentaires",
      "Heures de pause",
      "Taux horaire (EUR)",
      "Paie (EUR)",
      "Heures de congé payé",
      "Heures de congé sans solde",
    ]);
    expect(french.at(-1)?.[1]).toBe("TOTAL");
    // The web app's language cookie wins over the browser's.
    const cookie = await get(owner, `/api/time-clock/boards/${board}/timesheets.csv?date=2026-06-10`, {
      cookie: "workshift_lng=es",
      "accept-language": "fr",
    });
    expect(rowsOf(cookie.text)[0]?.[1]).toBe("Persona");

    const { bytes } = await xlsx(owner, board, "2026-06-10", "ar");
    const rows = await readSheet(bytes);
    expect(rows[0]?.slice(0, 2)).toEqual(["الرقم الوظيفي", "الموظف"]);
    expect(rows.at(-1)?.[1]).toBe("المجموع");
    const files = unzip(bytes);
    expect(files.get("xl/worksheets/sheet1.xml")).toMatch(/<sheetView [^>]*rightToLeft="1"/);
  });

  it("keeps formulas from running: the CSV cell gets an apostrophe, the XLSX one is text", async () => {
    const { owner, board } = await period();
    const rows = rowsOf((await csv(owner, board, "2026-06-10")).text);
    expect(rows.filter((row) => row[1]?.includes("HYPERLINK")).map((row) => row[1])).toEqual([
      `'${EVIL} Khoury`,
      `'${EVIL} Khoury`,
    ]);
    const { bytes } = await xlsx(owner, board, "2026-06-10");
    const sheet = (await readSheet(bytes)).filter((row) => String(row[1]).includes("HYPERLINK"));
    expect(sheet.map((row) => row[1])).toEqual([`${EVIL} Khoury`, `${EVIL} Khoury`]);
    const files = unzip(bytes);
    // A shared string (t="s") in the Text format (@): never a formula, not even once edited.
    expect(files.get("xl/sharedStrings.xml")).toContain(`<t>${EVIL} Khoury</t>`);
    expect(files.get("xl/worksheets/sheet1.xml")).toMatch(/<c r="B2" s="\d+" t="s">/);
    expect(files.get("xl/styles.xml")).toMatch(/<xf numFmtId="49"|formatCode="@"/);
  });

  it("covers every board for all, named so, and an empty period is just its total", async () => {
    const { owner } = await period();
    const response = await csv(owner, "all", "2026-06-10");
    expect(response.headers.get("content-disposition")).toContain(
      'filename="timesheets-all-2026-06-08_2026-06-14.csv"',
    );
    expect(rowsOf(response.text).at(-1)).toEqual([
      "",
      "TOTAL",
      "",
      "16.08",
      "1.50",
      "0.75",
      "",
      "212.63",
      "0.00",
      "0.00",
    ]);
    const empty = rowsOf((await csv(owner, "all", "2026-07-01")).text);
    expect(empty.slice(1)).toEqual([["", "TOTAL", "", "0.00", "0.00", "0.00", "", "0.00", "0.00", "0.00"]]);
    const { bytes } = await xlsx(owner, "all", "2026-07-01");
    expect((await readSheet(bytes)).slice(1)).toEqual([[null, "TOTAL", null, 0, 0, 0, null, 0, 0, 0]]);
  });

  it("can add a column per day of the period: each person's hours worked that day, adding up to their hours", async () => {
    const { owner, board } = await period();
    const body = (await timesheets(owner, board, "2026-06-10")).json<TimesheetResponse>();
    const response = await get(owner, `/api/time-clock/boards/${board}/timesheets.csv?date=2026-06-10&by_day=true`);
    expect(response.status).toBe(200);
    const rows = rowsOf(response.text);
    const days = ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14"];
    expect(rows[0]?.slice(10)).toEqual(days);
    // The other columns are the export's without the option.
    const plain = rowsOf((await csv(owner, board, "2026-06-10")).text);
    expect(rows.map((row) => row.slice(0, 10))).toEqual(plain);
    // Days on each person's first row: Rana 9.5 h, 2 h 10 and 1 h; Sami 4 h 15 on Friday.
    const rana = rows.filter((row) => row[1] === "Rana Haddad");
    expect(rana[0]?.slice(10)).toEqual(["9.50", "2.17", "1.00", "0.00", "0.00", "0.00", "0.00"]);
    expect(rana.slice(1).map((row) => row.slice(10))).toEqual([
      ["0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00"],
      ["0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00"],
    ]);
    const sum = (cells: readonly string[]) => cells.reduce((total, cell) => total + Math.round(Number(cell) * 100), 0);
    for (const person of body.people) {
      const theirs = rows.filter((row) => row[1]?.endsWith(` ${person.last_name}`));
      const worked = person.sheet.totals.regular_minutes + person.sheet.totals.overtime_minutes;
      expect(
        Math.abs(sum(theirs.flatMap((row) => row.slice(10))) - Math.round((worked * 100) / 60)),
      ).toBeLessThanOrEqual(1);
    }
    const total = rows.at(-1) ?? [];
    expect(total.slice(10)).toEqual(["9.50", "2.50", "1.33", "0.00", "4.25", "0.00", "0.00"]);
    // The days add up to the TOTAL row's regular plus overtime hours (16.08 + 1.50).
    expect(sum(total.slice(10))).toBe(sum([total[3] ?? "", total[4] ?? ""]));

    const { bytes } = await (async () => {
      const answer = await fetch(
        `${server.url}/api/time-clock/boards/${board}/timesheets.xlsx?date=2026-06-10&by_day=true`,
        { headers: bearer(owner.access) },
      );
      return { bytes: Buffer.from(await answer.arrayBuffer()) };
    })();
    const sheet = await readSheet(bytes);
    expect(sheet[0]?.slice(10)).toEqual(days);
    expect(sheet.at(-1)?.slice(10)).toEqual([9.5, 2.5, 1.33, 0, 4.25, 0, 0]);
    expect((await get(owner, `/api/time-clock/boards/${board}/timesheets.csv?by_day=yes`)).status).toBe(400);
  });

  it("is for view_timesheet only, within the organization", async () => {
    const { owner, org, board } = await period();
    const [viewer, employee, scheduler, admin] = await Promise.all([
      memberOf(server, org, "SUPERVISOR", ["view_timesheet"]),
      memberOf(server, org, "EMPLOYEE"),
      memberOf(server, org, "SUPERVISOR", ["view_scheduler", "manage_scheduler"]),
      platformAdminIn(server, org),
    ]);
    expect((await csv(viewer, board, "2026-06-10")).status).toBe(200);
    expect((await xlsx(viewer, board, "2026-06-10")).response.status).toBe(200);
    for (const who of [employee, scheduler, admin]) {
      expect((await csv(who, board, "2026-06-10")).status).toBe(403);
      expect((await xlsx(who, board, "2026-06-10")).response.status).toBe(403);
    }
    const stranger = await signUp(server);
    expect((await csv(stranger, board, "2026-06-10")).status).toBe(404);
    expect((await xlsx(stranger, board, "2026-06-10")).response.status).toBe(404);
    // Their "all" holds only their own organization: nobody worked there.
    expect(rowsOf((await csv(stranger, "all", "2026-06-10")).text).slice(1)).toEqual([
      ["", "TOTAL", "", "0.00", "0.00", "0.00", "", "0.00", "0.00", "0.00"],
    ]);
    expect((await csv(owner, board, "2026-13-01")).status).toBe(400);
    expect((await csv(owner, "not-a-board", "2026-06-10")).status).toBe(400);
    expect((await csv(owner, randomUUID(), "2026-06-10")).status).toBe(404);
    const anonymous = await server.request(`/api/time-clock/boards/${board}/timesheets.xlsx?date=2026-06-10`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.json()).toMatchObject({ code: "token_invalid" });
  });
});
