import type { PersonTimesheet, TimesheetResponse } from "@workshift/contracts";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  attachmentHeader,
  exportBaseName,
  exportHeader,
  hoursOf,
  payrollCsv,
  payrollRows,
  payrollSheet,
} from "./export.ts";
import { columnWidths } from "./export-xlsx.ts";

const KITCHEN = "11111111-1111-4111-8111-111111111111";
const BAR = "22222222-2222-4222-8222-222222222222";

const totals = (pay: number | null, minutes: { regular: number; overtime: number; breaks: number }) => ({
  scheduled_minutes: 0,
  worked_minutes: minutes.regular + minutes.overtime,
  break_minutes: minutes.breaks,
  regular_minutes: minutes.regular,
  overtime_minutes: minutes.overtime,
  cost: pay,
  pay,
  uncosted_minutes: 0,
});

function sheet(byJob: PersonTimesheet["by_job"]): PersonTimesheet {
  const sum = (key: "regular_minutes" | "overtime_minutes" | "break_minutes") =>
    byJob.reduce((total, row) => total + row[key], 0);
  const pays = byJob.map((row) => row.pay ?? 0);
  return {
    user_id: "u",
    days: [],
    entries: [],
    totals: totals(
      pays.reduce((a, b) => a + b, 0),
      { regular: sum("regular_minutes"), overtime: sum("overtime_minutes"), breaks: sum("break_minutes") },
    ),
    by_job: byJob,
  };
}

/** Two people: Rana on two jobs (and some time on none), Sami with nothing counted. */
function response(overrides: Partial<TimesheetResponse> = {}): TimesheetResponse {
  const person = (first: string, last: string, byJob: PersonTimesheet["by_job"]) => ({
    user_id: "00000000-0000-4000-8000-000000000000",
    first_name: first,
    last_name: last,
    status: "active",
    hourly_rate: null,
    approval: null,
    sheet: sheet(byJob),
  });
  return {
    boards: [{ id: "33333333-3333-4333-8333-333333333333", name: "Café Downtown" }],
    all: false,
    period: { start: "2026-06-08", end: "2026-06-21" },
    today: "2026-06-10",
    time_zone: "Asia/Beirut",
    week_start: 1,
    currency: "EUR",
    settings: {} as TimesheetResponse["settings"],
    can_manage: true,
    jobs: [
      { id: KITCHEN, name: "Kitchen", color: "#000000", hourly_rate: 10, time_zone: null, is_archived: false },
      { id: BAR, name: "Bar", color: "#000000", hourly_rate: 9, time_zone: null, is_archived: true },
    ],
    people: [
      person("Rana", "Haddad", [
        { job_id: KITCHEN, regular_minutes: 20, overtime_minutes: 0, break_minutes: 10, rate: 10, pay: 3.33 },
        { job_id: BAR, regular_minutes: 20, overtime_minutes: 0, break_minutes: 0, rate: 10, pay: 3.33 },
        { job_id: null, regular_minutes: 20, overtime_minutes: 90, break_minutes: 0, rate: null, pay: null },
      ]),
      person("Sami", "", []),
    ],
    entries: [],
    // The screen's total: 60 min at 10 = 10.00, where the jobs' rounded pays add up to 6.66 (+ none).
    totals: totals(10, { regular: 60, overtime: 90, breaks: 10 }),
    ...overrides,
  };
}

describe("hoursOf", () => {
  it("gives hours to two decimals from whole minutes", () => {
    expect([0, 1, 20, 30, 40, 45, 59, 60, 90, 570, 601].map(hoursOf)).toEqual([
      0, 0.02, 0.33, 0.5, 0.67, 0.75, 0.98, 1, 1.5, 9.5, 10.02,
    ]);
  });

  it("never meets a tie (minutes × 100 / 60 is never a half)", () => {
    for (let minutes = 0; minutes < 10_000; minutes++) {
      expect(((minutes * 100) / 60) % 1).not.toBe(0.5);
    }
  });
});

describe("file names", () => {
  it("name the board (or all) and the period", () => {
    expect(exportBaseName(response())).toEqual({
      ascii: "timesheets-cafe-downtown-2026-06-08_2026-06-21",
      unicode: "timesheets-café-downtown-2026-06-08_2026-06-21",
    });
    expect(exportBaseName(response({ all: true, boards: [] })).ascii).toBe("timesheets-all-2026-06-08_2026-06-21");
  });

  it("go in Content-Disposition as filename and filename*", () => {
    expect(attachmentHeader({ ascii: "timesheets-board-a-to-b", unicode: "timesheets-مطعم-a-to-b" }, "xlsx")).toBe(
      `attachment; filename="timesheets-board-a-to-b.xlsx"; filename*=UTF-8''timesheets-%D9%85%D8%B7%D8%B9%D9%85-a-to-b.xlsx`,
    );
  });
});

describe("payroll rows", () => {
  it("are one per person per job, then the period's totals (the screen's pay, not the rows' sum)", () => {
    expect(payrollRows(response(), "TOTAL")).toEqual([
      {
        employee_id: "",
        person: "Rana Haddad",
        job: "Kitchen",
        regular_hours: 0.33,
        overtime_hours: 0,
        break_hours: 0.17,
        rate: 10,
        pay: 3.33,
        leave_hours: 0,
        unpaid_leave_hours: 0,
        day_hours: [],
        total: false,
      },
      {
        employee_id: "",
        person: "Rana Haddad",
        job: "Bar",
        regular_hours: 0.33,
        overtime_hours: 0,
        break_hours: 0,
        rate: 10,
        pay: 3.33,
        leave_hours: 0,
        unpaid_leave_hours: 0,
        day_hours: [],
        total: false,
      },
      {
        employee_id: "",
        person: "Rana Haddad",
        job: "",
        regular_hours: 0.33,
        overtime_hours: 1.5,
        break_hours: 0,
        rate: null,
        pay: null,
        leave_hours: 0,
        unpaid_leave_hours: 0,
        day_hours: [],
        total: false,
      },
      {
        employee_id: "",
        person: "TOTAL",
        job: "",
        regular_hours: 1,
        overtime_hours: 1.5,
        break_hours: 0.17,
        rate: null,
        pay: 10,
        leave_hours: 0,
        unpaid_leave_hours: 0,
        day_hours: [],
        total: true,
      },
    ]);
  });

  it("still end with a total row when nobody worked", () => {
    const empty = response({ people: [], totals: totals(null, { regular: 0, overtime: 0, breaks: 0 }) });
    expect(payrollRows(empty, "TOTAL")).toEqual([
      {
        employee_id: "",
        person: "TOTAL",
        job: "",
        regular_hours: 0,
        overtime_hours: 0,
        break_hours: 0,
        rate: null,
        pay: null,
        leave_hours: 0,
        unpaid_leave_hours: 0,
        day_hours: [],
        total: true,
      },
    ]);
  });
});

describe("a column per day", () => {
  it("holds each person's hours worked that day on their first row, and the team's on the TOTAL row", () => {
    const byDay = response();
    const [rana, sami] = byDay.people;
    if (!rana || !sami) throw new Error("no people");
    const day = (date: string, worked: number) => ({
      date,
      scheduled_minutes: 0,
      worked_minutes: worked,
      break_minutes: 0,
      regular_minutes: worked,
      overtime_minutes: 0,
      cost: null,
      entry_ids: [],
      flagged: false,
    });
    rana.sheet.days = [day("2026-06-08", 60), day("2026-06-09", 90)];
    sami.sheet.days = [day("2026-06-08", 0), day("2026-06-09", 0)];
    const sheet = payrollSheet(byDay, "en", true);
    expect(sheet.days).toEqual(["2026-06-08", "2026-06-09"]);
    expect(sheet.header.slice(-3)).toEqual(["Unpaid leave hours", "2026-06-08", "2026-06-09"]);
    expect(sheet.rows.map((row) => [row.person, row.job, row.day_hours])).toEqual([
      ["Rana Haddad", "Kitchen", [1, 1.5]],
      ["Rana Haddad", "Bar", [0, 0]],
      ["Rana Haddad", "", [0, 0]],
      ["TOTAL", "", [1, 1.5]],
    ]);
    expect(parse(payrollCsv(sheet), { bom: true })[1]).toHaveLength(12);
    expect(payrollSheet(byDay, "en").rows.every((row) => row.day_hours.length === 0)).toBe(true);
  });
});

describe("leave in the payroll rows", () => {
  it("is in its own columns on each person's first row, a row of its own for someone who only took leave, and in the total", () => {
    const withLeave = response();
    const [rana, sami] = withLeave.people;
    if (!rana || !sami) throw new Error("no people");
    rana.sheet.totals = { ...rana.sheet.totals, leave_minutes: 480, unpaid_leave_minutes: 0 };
    sami.sheet.totals = { ...sami.sheet.totals, leave_minutes: 120, unpaid_leave_minutes: 240 };
    withLeave.totals = { ...withLeave.totals, leave_minutes: 600, unpaid_leave_minutes: 240 };
    const rows = payrollRows(withLeave, "TOTAL");
    expect(
      rows.map((row) => [row.person, row.job, row.regular_hours, row.leave_hours, row.unpaid_leave_hours]),
    ).toEqual([
      ["Rana Haddad", "Kitchen", 0.33, 8, 0],
      ["Rana Haddad", "Bar", 0.33, 0, 0],
      ["Rana Haddad", "", 0.33, 0, 0],
      ["Sami", "", 0, 2, 4],
      ["TOTAL", "", 1, 10, 4],
    ]);
    // Leave is never worked time: the regular and overtime hours and the pay are the entries' alone.
    expect(rows[3]).toMatchObject({ overtime_hours: 0, break_hours: 0, rate: null, pay: null });
    const csv = parse(payrollCsv(payrollSheet(withLeave, "en")), { bom: true }) as string[][];
    expect(csv[0]?.slice(8)).toEqual(["Paid leave hours", "Unpaid leave hours"]);
    expect(csv[4]).toEqual(["", "Sami", "", "0.00", "0.00", "0.00", "", "", "2.00", "4.00"]);
  });
});

describe("headers", () => {
  it("are in the requester's language, naming the currency", () => {
    expect(exportHeader("en", "USD")).toEqual([
      "Employee ID",
      "Person",
      "Job",
      "Regular hours",
      "Overtime hours",
      "Break hours",
      "Hourly rate (USD)",
      "Pay (USD)",
      "Paid leave hours",
      "Unpaid leave hours",
    ]);
    expect(exportHeader("fr", "EUR")).toEqual([
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
    expect(exportHeader("es", "EUR")[3]).toBe("Horas normales");
    expect(exportHeader("ar", "LBP")[7]).toBe("الأجر المستحق (LBP)");
    expect(exportHeader("es", "EUR").slice(8)).toEqual([
      "Horas de permiso retribuido",
      "Horas de permiso no retribuido",
    ]);
    expect(exportHeader("ar", "LBP").slice(8)).toEqual(["ساعات الإجازة المدفوعة", "ساعات الإجازة غير المدفوعة"]);
  });
});

describe("the CSV", () => {
  it("has a byte order mark, quoted cells, two decimals with a dot, and neutralised formulas", () => {
    const hostile = response();
    const rana = hostile.people[0];
    if (!rana) throw new Error("no Rana");
    rana.first_name = '=HYPERLINK("http://x","y")';
    rana.employee_id = "E-7";
    const text = payrollCsv(payrollSheet(hostile, "fr"));
    expect(text.startsWith('\uFEFF"Matricule","Personne","Poste"')).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows.slice(1)).toEqual([
      ["E-7", `'=HYPERLINK("http://x","y") Haddad`, "Kitchen", "0.33", "0.00", "0.17", "10.00", "3.33", "0.00", "0.00"],
      ["E-7", `'=HYPERLINK("http://x","y") Haddad`, "Bar", "0.33", "0.00", "0.00", "10.00", "3.33", "0.00", "0.00"],
      ["E-7", `'=HYPERLINK("http://x","y") Haddad`, "", "0.33", "1.50", "0.00", "", "", "0.00", "0.00"],
      ["", "TOTAL", "", "1.00", "1.50", "0.17", "", "10.00", "0.00", "0.00"],
    ]);
  });
});

describe("XLSX column widths", () => {
  it("fit the longest header or name, within bounds", () => {
    const widths = columnWidths({
      header: [
        "Employee ID",
        "Person",
        "Job",
        "Regular hours",
        "Overtime hours",
        "Break hours",
        "Hourly rate (USD)",
        "Pay (USD)",
      ],
      rows: [
        ...payrollRows(response(), "TOTAL"),
        { ...payrollRows(response(), "TOTAL")[0], person: "x".repeat(100) } as ReturnType<typeof payrollRows>[number],
      ],
    });
    expect(widths).toEqual([13, 48, 10, 15, 16, 13, 19, 11]);
  });
});
