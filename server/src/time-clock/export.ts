import type { Language, TimesheetResponse } from "@workshift/contracts";
import { messagePiece } from "../delivery/render.ts";
import { asciiSlug, unicodeSlug } from "../lib/http/file-names.ts";
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
 */

export interface PayrollRow {
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
  /** The last row: the period's totals. */
  total: boolean;
}

export interface PayrollSheet {
  language: Language;
  currency: string;
  period: { start: string; end: string };
  /** The sheet's name in `language` (the workbook's tab). */
  title: string;
  /** Column headers in `language`. */
  header: string[];
  rows: PayrollRow[];
  /** The file name without its extension: timesheets-<board or all>-<start>-to-<end>. */
  baseName: { ascii: string; unicode: string };
}

/** Hours to two decimals from whole minutes (no ties: m × 100 / 60 never ends in exactly .5). */
export function hoursOf(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

/** timesheets-<board or all>-<start>-to-<end>, in ASCII and in the board's own script. */
export function exportBaseName(scope: Pick<TimesheetResponse, "all" | "boards" | "period">): PayrollSheet["baseName"] {
  const name = scope.all ? null : (scope.boards[0]?.name ?? "");
  const dates = `${scope.period.start}-to-${scope.period.end}`;
  return {
    ascii: `timesheets-${name === null ? "all" : asciiSlug(name)}-${dates}`,
    unicode: `timesheets-${name === null ? "all" : unicodeSlug(name)}-${dates}`,
  };
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

/** The rows of a period's timesheets (see the top of this file). */
export function payrollRows(response: TimesheetResponse, totalLabel: string): PayrollRow[] {
  const jobName = new Map(response.jobs.map((job) => [job.id, job.name]));
  const rows: PayrollRow[] = [];
  for (const person of response.people) {
    const name = [person.first_name, person.last_name].filter(Boolean).join(" ");
    const leave = hoursOf(person.sheet.totals.leave_minutes ?? 0);
    const unpaidLeave = hoursOf(person.sheet.totals.unpaid_leave_minutes ?? 0);
    const first = rows.length;
    for (const job of person.sheet.by_job) {
      rows.push({
        person: name,
        job: job.job_id === null ? "" : (jobName.get(job.job_id) ?? ""),
        regular_hours: hoursOf(job.regular_minutes),
        overtime_hours: hoursOf(job.overtime_minutes),
        break_hours: hoursOf(job.break_minutes),
        rate: job.rate,
        pay: job.pay,
        leave_hours: rows.length === first ? leave : 0,
        unpaid_leave_hours: rows.length === first ? unpaidLeave : 0,
        total: false,
      });
    }
    if (rows.length === first && (leave > 0 || unpaidLeave > 0)) {
      rows.push({
        person: name,
        job: "",
        regular_hours: 0,
        overtime_hours: 0,
        break_hours: 0,
        rate: null,
        pay: null,
        leave_hours: leave,
        unpaid_leave_hours: unpaidLeave,
        total: false,
      });
    }
  }
  const { totals } = response;
  rows.push({
    person: totalLabel,
    job: "",
    regular_hours: hoursOf(totals.regular_minutes),
    overtime_hours: hoursOf(totals.overtime_minutes),
    break_hours: hoursOf(totals.break_minutes),
    rate: null,
    pay: totals.pay,
    leave_hours: hoursOf(totals.leave_minutes ?? 0),
    unpaid_leave_hours: hoursOf(totals.unpaid_leave_minutes ?? 0),
    total: true,
  });
  return rows;
}

/** The export of a loaded period in `language`. */
export function payrollSheet(response: TimesheetResponse, language: Language): PayrollSheet {
  return {
    language,
    currency: response.currency,
    period: response.period,
    title: messagePiece(language, "timesheetExport.sheet"),
    header: exportHeader(language, response.currency),
    rows: payrollRows(response, messagePiece(language, "timesheetExport.total")),
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
      row.person,
      row.job,
      fixed2(row.regular_hours),
      fixed2(row.overtime_hours),
      fixed2(row.break_hours),
      fixed2(row.rate),
      fixed2(row.pay),
      fixed2(row.leave_hours),
      fixed2(row.unpaid_leave_hours),
    ]),
  );
}
