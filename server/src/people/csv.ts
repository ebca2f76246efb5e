import { IMPORT_ROWS_MAX, importColumns } from "@workshift/contracts";
import { parse } from "csv-parse/sync";

export type ImportColumn = (typeof importColumns)[number];

export interface CsvRow {
  /** 1-based line where the row starts, the header being line 1. */
  line: number;
  values: Partial<Record<ImportColumn, string>>;
}

export interface ParsedCsv {
  rows: CsvRow[];
  /** Message keys about the file as a whole; rows are empty when there is one. */
  fileErrors: string[];
}

/** Header spellings: case, spaces and dashes do not matter ("First name", "hourly-rate"). */
const normalizeHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * The delimiter of the header line: a comma, or the semicolon (what a French
 * or Spanish spreadsheet writes) or a tab, whichever appears most outside quotes.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * Reads a CSV of people with csv-parse: byte-order mark, quoted fields (with
 * delimiters, ";" and line breaks inside), CRLF or LF, blank lines skipped.
 * Columns (importColumns) in any order; first_name, last_name, and phone or
 * email are required.
 */
export function parsePeopleCsv(text: string): ParsedCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, "")),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    return { rows: [], fileErrors: ["people.importUnreadable"] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], fileErrors: ["people.importNoRows"] };

  const columns = header.record.map(normalizeHeader);
  const known = new Set<string>(importColumns);
  const fileErrors: string[] = [];
  if (columns.some((column) => column !== "" && !known.has(column))) fileErrors.push("people.importUnknownColumns");
  if (new Set(columns.filter(Boolean)).size !== columns.filter(Boolean).length) {
    fileErrors.push("people.importDuplicateColumns");
  }
  if (
    !columns.includes("first_name") ||
    !columns.includes("last_name") ||
    (!columns.includes("phone") && !columns.includes("email"))
  ) {
    fileErrors.push("people.importMissingColumns");
  }

  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    if (record.every((value) => value.trim() === "")) continue;
    const values: CsvRow["values"] = {};
    record.forEach((value, index) => {
      const column = columns[index];
      if (column && known.has(column)) values[column as ImportColumn] = value.trim();
    });
    // info.lines is where the record ends; a quoted field may span lines.
    const breaks = record.reduce((sum, value) => sum + (value.match(/\n/g)?.length ?? 0), 0);
    rows.push({ line: info.lines - breaks, values });
  }
  if (rows.length === 0) fileErrors.push("people.importNoRows");
  if (rows.length > IMPORT_ROWS_MAX) fileErrors.push("people.importTooManyRows");
  return { rows: fileErrors.length ? [] : rows, fileErrors };
}

/** "Kitchen; Bar ;" → ["Kitchen", "Bar"]. */
export const splitNames = (value: string | undefined) =>
  (value ?? "")
    .split(";")
    .map((name) => name.trim())
    .filter(Boolean);
