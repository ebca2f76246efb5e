/**
 * The week grid's keyboard map (pure: which key does what), mirrored for
 * right-to-left: there the next day is to the left, so ArrowLeft goes
 * forward in time. The grid is one tab stop (roving tabindex); Tab enters
 * the focused cell's shifts.
 *
 * On a cell: arrows move between cells (Home/End: first/last day of the row;
 * Ctrl+Home/End: first/last row; PageUp/PageDown: ten rows), Enter creates a
 * shift there, Ctrl/Cmd+V pastes, Escape clears the selection.
 * On a shift: Enter edits, Delete/Backspace deletes, Alt+arrows move it a day
 * or a person, Ctrl/Cmd+C copies, Ctrl/Cmd+X cuts, Ctrl/Cmd+V pastes into its
 * cell, Space toggles its selection, Escape clears the selection; Up/Down
 * step through the cell's shifts, Left/Right go to the next cells.
 */

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export type GridAction =
  | { type: "focus"; rows: number; days: number }
  | { type: "focusEdge"; edge: "rowStart" | "rowEnd" | "first" | "last" }
  | { type: "create" }
  | { type: "edit" }
  | { type: "delete" }
  | { type: "move"; rows: number; days: number }
  | { type: "copy" }
  | { type: "cut" }
  | { type: "paste" }
  | { type: "toggleSelection" }
  | { type: "clearSelection" }
  /** Previous/next shift in the same cell (past the ends: the cell above/below). */
  | { type: "focusShift"; step: -1 | 1 };

export const PAGE_ROWS = 10;

/** Days forward for a horizontal arrow: right is later in left-to-right, left is later in right-to-left. */
export function horizontalDays(key: string, rtl: boolean): number {
  if (key === "ArrowRight") return rtl ? -1 : 1;
  if (key === "ArrowLeft") return rtl ? 1 : -1;
  return 0;
}

const verticalRows = (key: string) => (key === "ArrowDown" ? 1 : key === "ArrowUp" ? -1 : 0);
const isArrow = (key: string) =>
  key === "ArrowUp" || key === "ArrowDown" || key === "ArrowLeft" || key === "ArrowRight";

/** Command on macOS, Ctrl elsewhere: either one counts, as people press what they are used to. */
const command = (press: KeyPress) => press.ctrlKey || press.metaKey;

export function gridAction(press: KeyPress, on: "cell" | "shift", rtl: boolean): GridAction | null {
  const { key } = press;
  const letter = key.length === 1 ? key.toLowerCase() : "";

  if (key === "Escape") return { type: "clearSelection" };
  if (command(press) && !press.altKey && letter === "v") return { type: "paste" };

  if (on === "shift") {
    if (press.altKey && !command(press) && isArrow(key)) {
      return { type: "move", rows: verticalRows(key), days: horizontalDays(key, rtl) };
    }
    if (command(press) && !press.altKey && letter === "c") return { type: "copy" };
    if (command(press) && !press.altKey && letter === "x") return { type: "cut" };
    if (press.altKey || command(press)) return null;
    if (key === "Enter") return { type: "edit" };
    if (key === "Delete" || key === "Backspace") return { type: "delete" };
    if (key === " " || key === "Spacebar") return { type: "toggleSelection" };
    if (key === "ArrowUp") return { type: "focusShift", step: -1 };
    if (key === "ArrowDown") return { type: "focusShift", step: 1 };
    if (key === "ArrowLeft" || key === "ArrowRight") return { type: "focus", rows: 0, days: horizontalDays(key, rtl) };
    return null;
  }

  if (press.altKey) return null;
  if (command(press)) {
    if (key === "Home") return { type: "focusEdge", edge: "first" };
    if (key === "End") return { type: "focusEdge", edge: "last" };
    return null;
  }
  if (isArrow(key)) return { type: "focus", rows: verticalRows(key), days: horizontalDays(key, rtl) };
  if (key === "Home") return { type: "focusEdge", edge: "rowStart" };
  if (key === "End") return { type: "focusEdge", edge: "rowEnd" };
  if (key === "PageDown") return { type: "focus", rows: PAGE_ROWS, days: 0 };
  if (key === "PageUp") return { type: "focus", rows: -PAGE_ROWS, days: 0 };
  if (key === "Enter") return { type: "create" };
  return null;
}

export interface CellPosition {
  /** Index in the grid's rows (section headings included; they are skipped). */
  row: number;
  /** Day index, 0 = the week's first day. */
  day: number;
}

/**
 * The next cell position: `canFocus(row)` says which rows hold cells (section
 * headings do not). Stops at the edges rather than wrapping, like a spreadsheet.
 */
export function stepPosition(
  from: CellPosition,
  rows: number,
  days: number,
  rowCount: number,
  dayCount: number,
  canFocus: (row: number) => boolean,
): CellPosition {
  const day = Math.min(dayCount - 1, Math.max(0, from.day + days));
  if (rows === 0) return { row: from.row, day };
  const direction = Math.sign(rows);
  let row = from.row;
  let best = from.row;
  let left = Math.abs(rows);
  while (left > 0) {
    row += direction;
    if (row < 0 || row >= rowCount) break;
    if (canFocus(row)) {
      best = row;
      left -= 1;
    }
  }
  return { row: best, day };
}

/** First or last focusable row. */
export function edgeRow(edge: "first" | "last", rowCount: number, canFocus: (row: number) => boolean): number | null {
  if (edge === "first") {
    for (let row = 0; row < rowCount; row += 1) if (canFocus(row)) return row;
  } else {
    for (let row = rowCount - 1; row >= 0; row -= 1) if (canFocus(row)) return row;
  }
  return null;
}
