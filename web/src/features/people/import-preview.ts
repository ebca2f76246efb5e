import type { ImportPreview, ImportRow } from "@workshift/contracts";

/**
 * The import's preview as the modal shows it: whether it may be imported, and
 * which rows to list.
 */

/** Only a file without problems, with at least one row, can be imported (all or nothing). */
export function canImport(preview: ImportPreview): boolean {
  return preview.file_errors.length === 0 && preview.invalid === 0 && preview.valid > 0;
}

/** At most this many rows are drawn in the table (the summary counts them all). */
export const PREVIEW_ROWS_SHOWN = 200;

/** The rows to draw: those with problems only, when asked, and no more than PREVIEW_ROWS_SHOWN. */
export function previewRows(preview: ImportPreview, onlyProblems: boolean): { rows: ImportRow[]; hidden: number } {
  const candidates = onlyProblems ? preview.rows.filter(hasProblems) : preview.rows;
  return {
    rows: candidates.slice(0, PREVIEW_ROWS_SHOWN),
    hidden: Math.max(0, candidates.length - PREVIEW_ROWS_SHOWN),
  };
}

export function hasProblems(row: ImportRow): boolean {
  return Object.keys(row.errors).length > 0;
}

/** The preview a refused import (422) carries in its error body, at its root or under `preview`. */
export function previewFromErrorBody(body: unknown): ImportPreview | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const candidate = (typeof record.preview === "object" && record.preview !== null ? record.preview : record) as Record<
    string,
    unknown
  >;
  if (!Array.isArray(candidate.rows)) return null;
  return {
    rows: candidate.rows as ImportRow[],
    valid: typeof candidate.valid === "number" ? candidate.valid : 0,
    invalid: typeof candidate.invalid === "number" ? candidate.invalid : 0,
    file_errors: Array.isArray(candidate.file_errors) ? (candidate.file_errors as string[]) : [],
  };
}
