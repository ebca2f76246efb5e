import fs from "node:fs";
import { round } from "./stats.mjs";

/** Default decimals per unit; a row may set `digits` itself. */
const DIGITS = { ms: 0, "req/s": 0, KB: 1, ratio: 3 };

/** "<= 8000" / ">= 0.6" / null, from a row declaration's `max` / `min`. */
export function targetText(row) {
  if (row.max !== undefined) return `<= ${row.max}`;
  if (row.min !== undefined) return `>= ${row.min}`;
  return null;
}

/**
 * One result row from a suite's row declaration and what the suite recorded.
 * status: "pass" | "fail" | "info" (no target) | "not measured" | "error".
 */
export function makeRow(declaration, recorded, crash) {
  const digits = declaration.digits ?? DIGITS[declaration.unit] ?? 2;
  const row = {
    name: declaration.name,
    value: null,
    unit: declaration.unit,
    target: targetText(declaration),
    ok: null,
  };
  if (recorded && !recorded.skipped) {
    row.value = round(recorded.value, digits);
    if (declaration.max !== undefined) row.ok = recorded.value <= declaration.max;
    if (declaration.min !== undefined) row.ok = recorded.value >= declaration.min;
    row.status = row.ok === null ? "info" : row.ok ? "pass" : "fail";
    if (recorded.note) row.note = recorded.note;
  } else if (recorded?.skipped) {
    row.status = "not measured";
    row.note = recorded.note;
  } else {
    row.status = "error";
    row.note = crash ? firstLine(crash) : "the suite finished without recording this row";
  }
  return row;
}

function firstLine(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0];
}

function formatValue(row) {
  if (row.value === null) return "—";
  const digits = row.unit in DIGITS ? DIGITS[row.unit] : undefined;
  return digits === undefined ? String(row.value) : row.value.toFixed(digits);
}

const RESULT_LABEL = { pass: "pass", fail: "FAIL", info: "", "not measured": "not measured", error: "ERROR" };

/** The results as an aligned text table, with notes listed under it. */
export function formatTable(rows) {
  const header = ["name", "value", "unit", "target", "result"];
  const lines = rows.map((row) => [row.name, formatValue(row), row.unit, row.target ?? "", RESULT_LABEL[row.status]]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells) =>
    cells
      .map((cell, column) => (column === 1 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const out = [render(header), render(widths.map((width) => "-".repeat(width))), ...lines.map(render)];
  const notes = rows.filter((row) => row.note);
  if (notes.length > 0) {
    out.push("", "notes:");
    for (const row of notes) out.push(`  ${row.name}: ${row.note}`);
  }
  return `${out.join("\n")}\n`;
}

/** Writes bench/results.json: [{ name, value, unit, target, ok, status, note? }]. */
export function writeResults(file, rows) {
  fs.writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
}
