import fs from "node:fs";
import { expect } from "vitest";

/**
 * Holds a block of the manual, between two marker comments, to what the code
 * writes: the test fails when they differ, and with UPDATE_DOCS=1 it rewrites
 * the block instead.
 */
export function expectDocBlock(file: string, start: string, end: string, written: string): void {
  const text = fs.readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  expect(from).toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  const block = `${start}\n${written}\n${end}`;
  if (process.env.UPDATE_DOCS === "1") {
    fs.writeFileSync(file, text.slice(0, from) + block + text.slice(to + end.length));
    return;
  }
  expect(text.slice(from, to + end.length)).toBe(block);
}
