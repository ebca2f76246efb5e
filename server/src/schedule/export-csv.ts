/**
 * CSV cells as spreadsheets read them safely (RFC 4180): every cell quoted,
 * quotes doubled, rows ended by CRLF, and a UTF-8 byte order mark first so
 * Excel reads Arabic names instead of mojibake.
 *
 * A cell that starts with = + - @ (or a tab or carriage return) would run as
 * a formula when the file is opened (CSV injection, OWASP): such a cell gets a
 * leading apostrophe, which spreadsheets show as text and hide.
 */

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The whole file: the byte order mark, the header row, then the rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join("");
}
