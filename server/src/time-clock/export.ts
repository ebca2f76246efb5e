import { type Language, type TimesheetResponse, timesheetExportBaseName } from "@workshift/contracts";
import { messagePiece } from "../delivery/render.ts";
import { type CsvCell, csvDocument } from "../schedule/export-csv.ts";

/**
 * The payroll export of a pay period (CSV and XLSX): rows made from the
 * timesheets' own answer (loadTimesheets), so every number is the screen's.
 *
 * One row per person per job they worked (the sheet's by_job, in its order:
 * people as listed, jobs by first entry), then a TOTAL row: the period's
 * totals, not a sum of the rows above (each job's pay is rounded on its own,
 * so they may differ from the total by a cent; the total is the screen's).
 * People with no counted minutes in the period have no row, unless they
 * have approved leave in it: then one row with no job and no worked hours.
 * Approved leave has its own two columns, after pay: paid leave hours (time
 * off of paid types) and unpaid leave hours, on each person's FIRST row (so
 * each person's leave is counted once, and the columns add up to the TOTAL
 * row's); never in regular or overtime hours. Hours are the minutes / 60 to
 * two decimals; a rate or pay that is unknown (no rate) is left empty.
 *
 * The first column is the person's employee id (empty when they have none).
 * With `byDay`, one more column per day of the period (headed by its date)
 * holds the hours worked that day: on each person's first row (so each day
 * is counted once per person, like leave), the TOTAL row the team's. A
 * person's days add up to their regular plus overtime hours (each day is
 * rounded to two decimals on its own, so a cent of an hour may differ).
 */

export interface PayrollRow {
  /** The person's employee id, "" when none (and on the TOTAL row). */
  employee_id: string;
  person: string;
  /** The job's name, "" for time on no job. */
  job: string;
  regular_hours: number;
  overtime_hours: number;
  break_hours: number;
  rate: number | null;
  pay: number | null;
  /** Approved leave of paid types, and unpaid leave (the person's first row; 0 on the others). */
  leave_hours: number;
  unpaid_leave_hours: number;
  /** Hours worked on each of the sheet's `days` (the person's first row; 0 on the others); empty without byDay. */
  day_hours: number[];
  /** The last row: the period's totals. */
  total: boolean;
}

export interface PayrollSheet {
  language: Language;
  currency: string;
  period: { start: string; end: string };
  /** The sheet's name in `language` (the workbook's tab). */
  title: string;
  /** Column headers in `language` (the day columns' after them). */
  header: string[];
  /** The period's dates, one column each (byDay), else empty. */
  days: string[];
  rows: PayrollRow[];
  /** The file name without its extension: timesheets-<board or all>-<start>_<end> (contracts' file-names.ts). */
  baseName: { ascii: string; unicode: string };
}

/** Hours to two decimals from whole minutes (no ties: m × 100 / 60 never ends in exactly .5). */
export function hoursOf(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

/** The export's file name of a loaded period (without its extension). */
export function exportBaseName(scope: Pick<TimesheetResponse, "all" | "boards" | "period">): PayrollSheet["baseName"] {
  return timesheetExportBaseName(scope.all ? null : (scope.boards[0]?.name ?? ""), scope.period);
}

/**
 * Content-Disposition for a download: `filename` in ASCII for every client,
 * `filename*` (RFC 6266 / 8187) in UTF-8 for those that read it.
 */
export function attachmentHeader(baseName: PayrollSheet["baseName"], extension: "csv" | "xlsx"): string {
  const utf8 = encodeURIComponent(`${baseName.unicode}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${baseName.ascii}.${extension}"; filename*=UTF-8''${utf8}`;
}

/** The column headers in `language`; money columns name the currency. */
export function exportHeader(language: Language, currency: string): string[] {
  const t = (key: string) => messagePiece(language, `timesheetExport.${key}`, { currency });
  return [
    "employeeId",
    "person",
    "job",
    "regularHours",
    "overtimeHours",
    "breakHours",
    "rate",
    "pay",
    "leaveHours",
    "unpaidLeaveHours",
  ].map(t);
}

/** The period's dates as the sheets lay them out (every person's days are the same). */
export function periodDays(response: TimesheetResponse): string[] {
  return response.people[0]?.sheet.days.map((day) => day.date) ?? [];
}

/** The rows of a period's timesheets (see the top of this file); `days` only with byDay. */
export function payrollRows(
  response: TimesheetResponse,
  totalLabel: string,
  days: readonly string[] = [],
): PayrollRow[] {
  const jobName = new Map(response.jobs.map((job) => [job.id, job.name]));
  const rows: PayrollRow[] = [];
  const teamDays = new Map(days.map((date) => [date, 0]));
  for (const person of response.people) {
    const name = [person.first_name, person.last_name].filter(Boolean).join(" ");
    const employeeId = person.employee_id ?? "";
    const worked = new Map(person.sheet.days.map((day) => [day.date, day.worked_minutes]));
    for (const date of days) teamDays.set(date, (teamDays.get(date) ?? 0) + (worked.get(date) ?? 0));
    const dayHours = (first: boolean) => days.map((date) => (first ? hoursOf(worked.get(date) ?? 0) : 0));
    const leave = hoursOf(person.sheet.totals.leave_minutes ?? 0);
    const unpaidLeave = hoursOf(person.sheet.totals.unpaid_leave_minutes ?? 0);
    const first = rows.length;
    for (const job of person.sheet.by_job) {
      rows.push({
        employee_id: employeeId,
        person: name,
        job: job.job_id === null ? "" : (jobName.get(job.job_id) ?? ""),
        regular_hours: hoursOf(job.regular_minutes),
        overtime_hours: hoursOf(job.overtime_minutes),
        break_hours: hoursOf(job.break_minutes),
        rate: job.rate,
        pay: job.pay,
        leave_hours: rows.length === first ? leave : 0,
        unpaid_leave_hours: rows.length === first ? unpaidLeave : 0,
        day_hours: dayHours(rows.length === first),
        total: false,
      });
    }
    if (rows.length === first && (leave > 0 || unpaidLeave > 0)) {
      rows.push({
        employee_id: employeeId,
        person: name,
        job: "",
        regular_hours: 0,
        overtime_hours: 0,
        break_hours: 0,
        rate: null,
        pay: null,
        leave_hours: leave,
        unpaid_leave_hours: unpaidLeave,
        day_hours: dayHours(true),
        total: false,
      });
    }
  }
  const { totals } = response;
  rows.push({
    employee_id: "",
    person: totalLabel,
    job: "",
    regular_hours: hoursOf(totals.regular_minutes),
    overtime_hours: hoursOf(totals.overtime_minutes),
    break_hours: hoursOf(totals.break_minutes),
    rate: null,
    pay: totals.pay,
    leave_hours: hoursOf(totals.leave_minutes ?? 0),
    unpaid_leave_hours: hoursOf(totals.unpaid_leave_minutes ?? 0),
    day_hours: days.map((date) => hoursOf(teamDays.get(date) ?? 0)),
    total: true,
  });
  return rows;
}

/** The export of a loaded period in `language`; `byDay` adds a column per day of the period. */
export function payrollSheet(response: TimesheetResponse, language: Language, byDay = false): PayrollSheet {
  const days = byDay ? periodDays(response) : [];
  return {
    language,
    currency: response.currency,
    period: response.period,
    title: messagePiece(language, "timesheetExport.sheet"),
    header: [...exportHeader(language, response.currency), ...days],
    days,
    rows: payrollRows(response, messagePiece(language, "timesheetExport.total"), days),
    baseName: exportBaseName(response),
  };
}

const fixed2 = (value: number | null): CsvCell => (value === null ? "" : value.toFixed(2));

/**
 * The period as CSV: RFC 4180, UTF-8 with a byte order mark, every cell
 * quoted and formula-like cells neutralised (the schedule export's writer).
 * Numbers with a dot and two decimals, whatever the language.
 */
export function payrollCsv(sheet: PayrollSheet): string {
  return csvDocument(
    sheet.header,
    sheet.rows.map((row) => [
      row.employee_id,
      row.person,
      row.job,
      fixed2(row.regular_hours),
      fixed2(row.overtime_hours),
      fixed2(row.break_hours),
      fixed2(row.rate),
      fixed2(row.pay),
      fixed2(row.leave_hours),
      fixed2(row.unpaid_leave_hours),
      ...row.day_hours.map(fixed2),
    ]),
  );
}
