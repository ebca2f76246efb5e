import { IMPORT_CSV_CHARS_MAX, importColumns } from "@workshift/contracts";

/**
 * The CSV side of the import that lives in the browser: the template to
 * download (the columns the server reads, in order) and the uploaded file's
 * text as it is sent. Parsing and checking the rows is the server's (the
 * preview), so both sides cannot disagree about a row.
 */

const BYTE_ORDER_MARK = "\uFEFF";

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, inner quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line. */
export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(",");
}

/**
 * The template: the header line with every column of importColumns, CRLF line
 * ends, and a byte order mark so spreadsheet programs read names in Arabic (or
 * any non-Latin script) as UTF-8. The server gets the text without the mark.
 */
export function csvTemplate(): string {
  return `${BYTE_ORDER_MARK}${csvLine(importColumns)}\r\n`;
}

export const TEMPLATE_FILE_NAME = "workshift-people.csv";

/** The uploaded file's text as sent for the preview: without a byte order mark. */
export function csvTextForUpload(text: string): string {
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

export type CsvFileProblem = "empty" | "tooLarge" | "notCsv";

/** What is wrong with a chosen file before it is read (the server checks the text again). */
export function csvFileProblem(file: { name: string; size: number; type: string }): CsvFileProblem | null {
  const csvLike =
    /\.(csv|txt)$/i.test(file.name) || ["text/csv", "text/plain", "application/vnd.ms-excel"].includes(file.type);
  if (!csvLike) return "notCsv";
  if (file.size === 0) return "empty";
  // A character is at least one byte in UTF-8: a file four times the limit cannot fit it.
  if (file.size > IMPORT_CSV_CHARS_MAX * 4) return "tooLarge";
  return null;
}

/** What is wrong with a file's text, or null when it can be sent. */
export function csvTextProblem(text: string): CsvFileProblem | null {
  if (text.trim() === "") return "empty";
  if (text.length > IMPORT_CSV_CHARS_MAX) return "tooLarge";
  return null;
}
