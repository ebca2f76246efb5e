import { describe, expect, it } from "vitest";
import { requestMark, shift } from "./board-fixtures.test-support.ts";
import { inboxPath, indexMarks, markParts, NO_MARKS, waitsForManager } from "./shift-marks.ts";

describe("the marks of waiting requests", () => {
  it("are none when nothing waits", () => {
    expect(indexMarks(undefined)).toBe(NO_MARKS);
    expect(markParts(undefined)).toEqual([]);
    expect(waitsForManager(undefined)).toBe(false);
  });

  it("count the claims of an open shift, each request once", () => {
    const open = shift({ user_id: null });
    const first = requestMark(open.id, { kind: "claim", status: "pending" });
    const marks = indexMarks([first, requestMark(open.id, { kind: "claim", status: "pending" }), first]);
    expect(marks.get(open.id)).toEqual({ claims: 2, cover: null, swap: null });
    expect(markParts(marks.get(open.id))).toEqual([{ kind: "claim", count: 2 }]);
    expect(waitsForManager(marks.get(open.id))).toBe(true);
  });

  it("say a cover or swap waits for a manager once one of them does, whatever the order", () => {
    const mine = shift();
    const marks = indexMarks([
      requestMark(mine.id, { kind: "cover", status: "pending" }),
      requestMark(mine.id, { kind: "cover", status: "offered" }),
      requestMark(mine.id, { kind: "swap", status: "offered" }),
    ]);
    expect(markParts(marks.get(mine.id))).toEqual([
      { kind: "cover", status: "pending" },
      { kind: "swap", status: "offered" },
    ]);
    expect(waitsForManager(marks.get(mine.id))).toBe(true);
  });

  it("say an offer still waits for a teammate, not a manager", () => {
    const mine = shift();
    const other = shift();
    const marks = indexMarks([requestMark(mine.id, { kind: "swap" }), requestMark(other.id)]);
    expect(markParts(marks.get(mine.id))).toEqual([{ kind: "swap", status: "offered" }]);
    expect(markParts(marks.get(other.id))).toEqual([{ kind: "cover", status: "offered" }]);
    expect(waitsForManager(marks.get(mine.id))).toBe(false);
  });

  it("lead to the requests inbox showing that kind", () => {
    expect(inboxPath("cover")).toBe("/admin/request?kind=cover");
    expect(inboxPath("claim")).toBe("/admin/request?kind=claim");
  });
});
