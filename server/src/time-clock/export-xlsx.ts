import writeExcelFile, { type Cell, type CellObject, type SheetData } from "write-excel-file/node";
import type { PayrollRow, PayrollSheet } from "./export.ts";

/**
 * The payroll export as an Excel workbook (write-excel-file): one sheet, a
 * bold header row frozen on top, real numbers (hours with two decimals,
 * money with thousands separators and two decimals, never text), columns
 * sized to their content, and a right-to-left sheet in Arabic.
 *
 * Employee ids, names and job names are string cells in the Text format ("@"): a sheet
 * never runs them as formulas, not even once someone edits the cell (a name
 * like "=HYPERLINK(…)" stays that text).
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const HOURS = "0.00";
const MONEY = "#,##0.00";
const MIN_WIDTH = 10;
const MAX_WIDTH = 48;

function text(value: string, bold: boolean): CellObject {
  return { value, type: String, format: "@", ...(bold ? { fontWeight: "bold" as const } : {}) };
}

function number(value: number | null, format: string, bold: boolean): Cell {
  if (value === null) return null;
  return { value, type: Number, format, ...(bold ? { fontWeight: "bold" as const } : {}) };
}

function rowCells(row: PayrollRow): Cell[] {
  const bold = row.total;
  return [
    row.employee_id === "" ? null : text(row.employee_id, bold),
    text(row.person, bold),
    text(row.job, bold),
    number(row.regular_hours, HOURS, bold),
    number(row.overtime_hours, HOURS, bold),
    number(row.break_hours, HOURS, bold),
    number(row.rate, MONEY, bold),
    number(row.pay, MONEY, bold),
    number(row.leave_hours, HOURS, bold),
    number(row.unpaid_leave_hours, HOURS, bold),
    ...row.day_hours.map((hours) => number(hours, HOURS, bold)),
  ];
}

/** Widths in characters: the longest header or text of each column (numbers are short), within bounds. */
export function columnWidths(sheet: Pick<PayrollSheet, "header" | "rows">): number[] {
  const widths = sheet.header.map((title) => title.length + 2);
  for (const row of sheet.rows) {
    widths[0] = Math.max(widths[0] ?? 0, row.employee_id.length + 2);
    widths[1] = Math.max(widths[1] ?? 0, row.person.length + 2);
    widths[2] = Math.max(widths[2] ?? 0, row.job.length + 2);
  }
  return widths.map((width) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
}

/** The workbook's bytes. */
export async function payrollXlsx(sheet: PayrollSheet): Promise<Buffer> {
  const data: SheetData = [
    sheet.header.map((title) => ({ value: title, type: String, fontWeight: "bold" as const })),
    ...sheet.rows.map(rowCells),
  ];
  return writeExcelFile(data, {
    sheet: sheet.title,
    columns: columnWidths(sheet).map((width) => ({ width })),
    stickyRowsCount: 1,
    rightToLeft: sheet.language === "ar",
  }).toBuffer();
}
