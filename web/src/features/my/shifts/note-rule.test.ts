import { REQUEST_NOTE_MAX } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { noteProblem } from "./note-rule.ts";

describe("a note to a request", () => {
  it("may be left out", () => {
    expect(noteProblem("")).toBeNull();
    expect(noteProblem("   ")).toBeNull();
  });

  it("takes up to the limit, lines included", () => {
    expect(noteProblem("x".repeat(REQUEST_NOTE_MAX))).toBeNull();
    expect(noteProblem(`  ${"x".repeat(REQUEST_NOTE_MAX)}  `)).toBeNull();
    expect(noteProblem("Doctor's appointment.\nBack at 3.")).toBeNull();
  });

  it("says it is too long rather than being cut", () => {
    expect(noteProblem("x".repeat(REQUEST_NOTE_MAX + 1))).toBe("requests.noteTooLong");
  });
});
