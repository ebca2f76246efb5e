import { describe, expect, it, vi } from "vitest";
import { indexAvailability } from "./availability-days.ts";
import { ADAM, availability, ELODIE, nearby, shift, week, ZOE } from "./board-fixtures.test-support.ts";
import { indexTimeOff } from "./time-off-days.ts";
import { boardWarnings } from "./week-figures.ts";
import { warningSlices, weekWarningsOf } from "./week-warnings.ts";

/** Three people with rest, overtime, job and availability warnings, and an open shift. */
function busyWeek() {
  const days = [23, 24, 25, 26, 27, 28];
  const long = (user_id: string) =>
    days.map((day) =>
      shift({ user_id, starts_at: `2026-03-${day}T06:00:00.000Z`, ends_at: `2026-03-${day}T15:00:00.000Z` }),
    );
  return week({
    shifts: [
      ...long(ZOE),
      ...long(ADAM),
      shift({ user_id: ELODIE, starts_at: "2026-03-24T14:00:00.000Z", ends_at: "2026-03-24T22:00:00.000Z" }),
      shift({ user_id: ELODIE, starts_at: "2026-03-25T04:00:00.000Z", ends_at: "2026-03-25T10:00:00.000Z" }),
      shift({ user_id: ZOE, job_id: "00000000-0000-4000-8000-00000000cc02" }),
      shift({ user_id: null }),
    ],
    nearby_shifts: [
      nearby({ user_id: ADAM, starts_at: "2026-03-29T07:00:00.000Z", ends_at: "2026-03-29T15:00:00.000Z" }),
    ],
    availability: [availability({ start: "12:00", end: "18:00", note: "Classes" })],
  });
}

describe("the week's warnings in slices", () => {
  it("are the whole week's, however the people are cut", () => {
    const w = busyWeek();
    const whole = boardWarnings(w);
    expect(whole.size).toBeGreaterThan(3);
    for (const size of [1, 2, 3]) {
      const slices = warningSlices(w, size);
      const joined = new Map(slices.flatMap((slice) => [...boardWarnings(slice)]));
      expect(joined).toEqual(whole);
    }
  });

  it("are computed once a week answer, after the render, and told to whoever waits", async () => {
    vi.useFakeTimers();
    try {
      const w = busyWeek();
      const source = weekWarningsOf(w, indexAvailability(w.availability), indexTimeOff(w.time_off));
      expect(source.get()).toBeNull();
      const told = vi.fn();
      const stop = source.subscribe(told);
      await vi.runAllTimersAsync();
      expect(told).toHaveBeenCalledTimes(1);
      expect(source.get()).toEqual(boardWarnings(w));
      // The same answer asked again is not computed again.
      expect(weekWarningsOf(w, indexAvailability(w.availability), indexTimeOff(w.time_off)).get()).toBe(source.get());
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
