import { describe, expect, it } from "vitest";
import { mayTakeShift, type ShiftTaker } from "./eligibility.ts";

const person = (overrides: Partial<ShiftTaker> = {}): ShiftTaker => ({
  user_id: "u",
  active: true,
  job_ids: new Set(["bar"]),
  board_ids: new Set(["downtown"]),
  ...overrides,
});

describe("who may take a shift", () => {
  it("takes a shift of a job they hold, on any board", () => {
    expect(mayTakeShift(person(), { board_id: "harbour", job_id: "bar" })).toBe(true);
    expect(mayTakeShift(person(), { board_id: "downtown", job_id: "kitchen" })).toBe(false);
  });

  it("takes a shift without a job on a board they are on", () => {
    expect(mayTakeShift(person(), { board_id: "downtown", job_id: null })).toBe(true);
    expect(mayTakeShift(person(), { board_id: "harbour", job_id: null })).toBe(false);
  });

  it("never when not active (invited, archived)", () => {
    expect(mayTakeShift(person({ active: false }), { board_id: "downtown", job_id: "bar" })).toBe(false);
    expect(mayTakeShift(person({ active: false }), { board_id: "downtown", job_id: null })).toBe(false);
  });
});
