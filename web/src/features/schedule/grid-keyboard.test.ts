import { describe, expect, it } from "vitest";
import { edgeRow, gridAction, horizontalDays, type KeyPress, PAGE_ROWS, stepPosition } from "./grid-keyboard.ts";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("arrows on a cell", () => {
  it("move between days and people", () => {
    expect(gridAction(press("ArrowRight"), "cell", false)).toEqual({ type: "focus", rows: 0, days: 1 });
    expect(gridAction(press("ArrowLeft"), "cell", false)).toEqual({ type: "focus", rows: 0, days: -1 });
    expect(gridAction(press("ArrowDown"), "cell", false)).toEqual({ type: "focus", rows: 1, days: 0 });
    expect(gridAction(press("ArrowUp"), "cell", false)).toEqual({ type: "focus", rows: -1, days: 0 });
  });

  it("are mirrored right to left: the next day is on the left", () => {
    expect(gridAction(press("ArrowLeft"), "cell", true)).toEqual({ type: "focus", rows: 0, days: 1 });
    expect(gridAction(press("ArrowRight"), "cell", true)).toEqual({ type: "focus", rows: 0, days: -1 });
    expect(gridAction(press("ArrowDown"), "cell", true)).toEqual({ type: "focus", rows: 1, days: 0 });
    expect(horizontalDays("ArrowUp", true)).toBe(0);
  });

  it("Home/End go to the row's ends, with Ctrl to the first and last row; PageUp/Down jump ten rows", () => {
    expect(gridAction(press("Home"), "cell", false)).toEqual({ type: "focusEdge", edge: "rowStart" });
    expect(gridAction(press("End"), "cell", false)).toEqual({ type: "focusEdge", edge: "rowEnd" });
    expect(gridAction(press("Home", { ctrlKey: true }), "cell", false)).toEqual({ type: "focusEdge", edge: "first" });
    expect(gridAction(press("End", { metaKey: true }), "cell", false)).toEqual({ type: "focusEdge", edge: "last" });
    expect(gridAction(press("PageDown"), "cell", false)).toEqual({ type: "focus", rows: PAGE_ROWS, days: 0 });
    expect(gridAction(press("PageUp"), "cell", false)).toEqual({ type: "focus", rows: -PAGE_ROWS, days: 0 });
  });
});

describe("commands on a cell", () => {
  it("Enter creates, Ctrl/Cmd+V pastes, Escape clears the selection", () => {
    expect(gridAction(press("Enter"), "cell", false)).toEqual({ type: "create" });
    expect(gridAction(press("v", { ctrlKey: true }), "cell", false)).toEqual({ type: "paste" });
    expect(gridAction(press("V", { metaKey: true, shiftKey: true }), "cell", false)).toEqual({ type: "paste" });
    expect(gridAction(press("Escape"), "cell", false)).toEqual({ type: "clearSelection" });
  });

  it("leave other keys to the browser (Tab, letters, Alt+arrows, Ctrl+C)", () => {
    expect(gridAction(press("Tab"), "cell", false)).toBeNull();
    expect(gridAction(press("a"), "cell", false)).toBeNull();
    expect(gridAction(press("ArrowRight", { altKey: true }), "cell", false)).toBeNull();
    expect(gridAction(press("c", { ctrlKey: true }), "cell", false)).toBeNull();
    expect(gridAction(press("Delete"), "cell", false)).toBeNull();
  });
});

describe("keys on a shift", () => {
  it("Enter edits, Delete and Backspace delete, Space toggles the selection", () => {
    expect(gridAction(press("Enter"), "shift", false)).toEqual({ type: "edit" });
    expect(gridAction(press("Delete"), "shift", false)).toEqual({ type: "delete" });
    expect(gridAction(press("Backspace"), "shift", false)).toEqual({ type: "delete" });
    expect(gridAction(press(" "), "shift", false)).toEqual({ type: "toggleSelection" });
    expect(gridAction(press("Escape"), "shift", false)).toEqual({ type: "clearSelection" });
  });

  it("Ctrl or Cmd with C, X, V copy, cut and paste", () => {
    expect(gridAction(press("c", { ctrlKey: true }), "shift", false)).toEqual({ type: "copy" });
    expect(gridAction(press("c", { metaKey: true }), "shift", false)).toEqual({ type: "copy" });
    expect(gridAction(press("x", { ctrlKey: true }), "shift", false)).toEqual({ type: "cut" });
    expect(gridAction(press("v", { ctrlKey: true }), "shift", false)).toEqual({ type: "paste" });
  });

  it("Alt+arrows move it a day or a person, mirrored right to left", () => {
    expect(gridAction(press("ArrowRight", { altKey: true }), "shift", false)).toEqual({
      type: "move",
      rows: 0,
      days: 1,
    });
    expect(gridAction(press("ArrowRight", { altKey: true }), "shift", true)).toEqual({
      type: "move",
      rows: 0,
      days: -1,
    });
    expect(gridAction(press("ArrowLeft", { altKey: true }), "shift", true)).toEqual({ type: "move", rows: 0, days: 1 });
    expect(gridAction(press("ArrowDown", { altKey: true }), "shift", false)).toEqual({
      type: "move",
      rows: 1,
      days: 0,
    });
    expect(gridAction(press("ArrowUp", { altKey: true }), "shift", true)).toEqual({ type: "move", rows: -1, days: 0 });
  });

  it("plain arrows step through the cell's shifts (up/down) or to the next days (left/right)", () => {
    expect(gridAction(press("ArrowDown"), "shift", false)).toEqual({ type: "focusShift", step: 1 });
    expect(gridAction(press("ArrowUp"), "shift", false)).toEqual({ type: "focusShift", step: -1 });
    expect(gridAction(press("ArrowRight"), "shift", false)).toEqual({ type: "focus", rows: 0, days: 1 });
    expect(gridAction(press("ArrowRight"), "shift", true)).toEqual({ type: "focus", rows: 0, days: -1 });
  });

  it("ignore Ctrl+Alt combinations (AltGr on many keyboards types characters)", () => {
    expect(gridAction(press("c", { ctrlKey: true, altKey: true }), "shift", false)).toBeNull();
    expect(gridAction(press("ArrowRight", { ctrlKey: true, altKey: true }), "shift", false)).toBeNull();
  });
});

describe("stepping from cell to cell", () => {
  // Rows: 0 open, 1 section, 2 person, 3 person, 4 section, 5 person.
  const focusable = (row: number) => row !== 1 && row !== 4;

  it("skips section headings and stops at the edges", () => {
    expect(stepPosition({ row: 0, day: 3 }, 1, 0, 6, 7, focusable)).toEqual({ row: 2, day: 3 });
    expect(stepPosition({ row: 3, day: 3 }, 1, 0, 6, 7, focusable)).toEqual({ row: 5, day: 3 });
    expect(stepPosition({ row: 5, day: 3 }, 1, 0, 6, 7, focusable)).toEqual({ row: 5, day: 3 });
    expect(stepPosition({ row: 2, day: 3 }, -1, 0, 6, 7, focusable)).toEqual({ row: 0, day: 3 });
    expect(stepPosition({ row: 0, day: 0 }, 0, -1, 6, 7, focusable)).toEqual({ row: 0, day: 0 });
    expect(stepPosition({ row: 0, day: 6 }, 0, 1, 6, 7, focusable)).toEqual({ row: 0, day: 6 });
  });

  it("moves several rows at once, as far as there are rows", () => {
    expect(stepPosition({ row: 0, day: 1 }, PAGE_ROWS, 0, 6, 7, focusable)).toEqual({ row: 5, day: 1 });
    expect(stepPosition({ row: 5, day: 1 }, -2, 0, 6, 7, focusable)).toEqual({ row: 2, day: 1 });
  });

  it("finds the first and last focusable rows", () => {
    expect(edgeRow("first", 6, (row) => row > 1)).toBe(2);
    expect(edgeRow("last", 6, focusable)).toBe(5);
    expect(edgeRow("last", 6, () => false)).toBeNull();
  });
});
