/**
 * A part of a download's file name, safe in a header: a board's name in ASCII
 * letters and digits, dashes between, or "board" when nothing is left (an
 * Arabic name).
 */
export function asciiSlug(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return ascii === "" ? "board" : ascii;
}

/** The same in any script (letters and digits of every language), for the header's UTF-8 file name. */
export function unicodeSlug(name: string): string {
  const slug = [
    ...name
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
  ]
    .slice(0, 40)
    .join("")
    .replace(/-+$/, "");
  return slug === "" ? "board" : slug;
}

/**
 * The file name of a pay period's timesheets export, without its extension:
 * the board (or "all") and the period's first and last days,
 * timesheets-<board or all>-<start>_<end>, in ASCII and in the board's own
 * script. The server names its download with it and the web saves it so.
 */
export function timesheetExportBaseName(
  boardName: string | null,
  period: { start: string; end: string },
): { ascii: string; unicode: string } {
  const dates = `${period.start}_${period.end}`;
  return {
    ascii: `timesheets-${boardName === null ? "all" : asciiSlug(boardName)}-${dates}`,
    unicode: `timesheets-${boardName === null ? "all" : unicodeSlug(boardName)}-${dates}`,
  };
}
