import type { InboxItem, TimeOffImpact } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import {
  declineReasonProblem,
  overlappingShifts,
  shiftsToSend,
  usualDayOf,
  waitsForDecision,
} from "./time-off-decision.ts";

const shift = {
  id: "50000000-0000-4000-8000-000000000001",
  board: { id: "60000000-0000-4000-8000-000000000001", name: "Main" },
  job: null,
  starts_at: "2026-03-02T08:00:00Z",
  ends_at: "2026-03-02T16:00:00Z",
  time_zone: "Europe/Paris",
};

function timeOffImpact(shifts: TimeOffImpact["shifts"]): InboxItem["impact"] {
  return {
    time_off: {
      balance_before_minutes: 960,
      balance_after_minutes: 480,
      negative_allowance_minutes: 0,
      shifts,
      others_off: [],
      blocked: [],
    },
  } as unknown as InboxItem["impact"];
}

describe("deciding time off", () => {
  it("asks what happens to the shifts only when time off overlaps some", () => {
    const overlapping = { kind: "time_off" as const, impact: timeOffImpact([shift]) };
    expect(overlappingShifts(overlapping)).toBe(1);
    expect(shiftsToSend(overlapping, null)).toEqual({ ok: false });
    expect(shiftsToSend(overlapping, "open")).toEqual({ ok: true, shifts: "open" });
    const free = { kind: "time_off" as const, impact: timeOffImpact([]) };
    expect(shiftsToSend(free, null)).toEqual({ ok: true, shifts: null });
    // Even a stray choice is not sent when nothing overlaps.
    expect(shiftsToSend(free, "remove")).toEqual({ ok: true, shifts: null });
  });

  it("never asks for a cancellation, nor for another kind", () => {
    expect(overlappingShifts({ kind: "time_off_cancel", impact: timeOffImpact([shift]) })).toBe(0);
    expect(overlappingShifts({ kind: "claim", impact: null })).toBe(0);
  });

  it("needs a reason to decline, within the API's length", () => {
    expect(declineReasonProblem("")).toBe("requests.reasonRequired");
    expect(declineReasonProblem("x".repeat(501))).toBe("requests.reasonTooLong");
    expect(declineReasonProblem("We are short that week.")).toBeNull();
  });

  it("waits for a decision while pending, of the time-off kinds", () => {
    expect(waitsForDecision({ status: "pending", kind: "time_off" })).toBe(true);
    expect(waitsForDecision({ status: "pending", kind: "time_off_cancel" })).toBe(true);
    expect(waitsForDecision({ status: "approved", kind: "time_off" })).toBe(false);
    expect(waitsForDecision({ status: "pending", kind: "claim" })).toBe(false);
  });
});

describe("the person's usual day", () => {
  const days = (list: { basis: "day" | "shifts" | "weekend"; minutes: number }[]) =>
    ({ days: list.map((day) => ({ ...day, day: "2026-03-02", holiday: null })) }) as unknown as InboxItem["time_off"];

  it("is the impact's when it says it", () => {
    const impact = { time_off: { day_minutes: 450 } } as unknown as InboxItem["impact"];
    expect(usualDayOf({ impact, time_off: days([{ basis: "day", minutes: 480 }]) })).toBe(450);
  });

  it("is else a whole day the leave counted as the usual day, not a day of shifts", () => {
    expect(
      usualDayOf({
        impact: null,
        time_off: days([
          { basis: "shifts", minutes: 300 },
          { basis: "weekend", minutes: 0 },
          { basis: "day", minutes: 480 },
        ]),
      }),
    ).toBe(480);
    expect(usualDayOf({ impact: null, time_off: days([{ basis: "shifts", minutes: 300 }]) })).toBeNull();
    expect(usualDayOf({ impact: null, time_off: null })).toBeNull();
  });
});
