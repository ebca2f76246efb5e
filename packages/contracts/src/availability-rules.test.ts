import { describe, expect, it } from "vitest";
import { type AvailabilityRuleInput, availabilityOn, unavailableDuring } from "./availability-rules.ts";

const weekly = (weekday: number, kind: "unavailable" | "prefer", times?: [number, number]): AvailabilityRuleInput => ({
  kind,
  weekday,
  date: null,
  start_minute: times?.[0] ?? null,
  end_minute: times?.[1] ?? null,
  effective_from: "2026-01-01",
  effective_until: null,
  note: null,
});
const exception = (date: string, kind: "unavailable" | "prefer" | "available", times?: [number, number]) => ({
  ...weekly(0, "unavailable", times),
  kind,
  weekday: null,
  date,
  effective_from: null,
});

describe("availability on a date", () => {
  // 2026-03-02 is a Monday.
  it("gives the weekly windows of the date's weekday once they are in effect", () => {
    const rules = [weekly(1, "unavailable", [540, 780]), { ...weekly(1, "prefer"), effective_from: "2026-04-01" }];
    expect(availabilityOn(rules, "2026-03-02")).toEqual([
      { date: "2026-03-02", kind: "unavailable", start_minute: 540, end_minute: 780, whole_day: false, note: null },
    ]);
    expect(availabilityOn(rules, "2026-04-06").map((w) => w.kind)).toEqual(["prefer", "unavailable"]);
    expect(availabilityOn(rules, "2026-03-03")).toEqual([]);
  });

  it("lets a date's exception replace the weekly pattern, and an available exception clear it", () => {
    const rules = [weekly(1, "unavailable"), exception("2026-03-09", "available")];
    expect(availabilityOn(rules, "2026-03-02")).toHaveLength(1);
    expect(availabilityOn(rules, "2026-03-09")).toEqual([]);
  });

  it("stops a weekly window after its last effective day", () => {
    const rules = [{ ...weekly(1, "unavailable"), effective_until: "2026-03-05" }];
    expect(availabilityOn(rules, "2026-03-02")).toHaveLength(1);
    expect(availabilityOn(rules, "2026-03-09")).toEqual([]);
  });
});

describe("a shift meeting unavailability", () => {
  const zone = "Asia/Beirut";
  it("reads the windows in the shift's zone", () => {
    // Monday 09:00–13:00 in Beirut (UTC+2 in March).
    const rules = [weekly(1, "unavailable", [540, 780])];
    expect(unavailableDuring(rules, "2026-03-02T05:00:00Z", "2026-03-02T07:00:00Z", zone)).toBeNull();
    expect(unavailableDuring(rules, "2026-03-02T06:00:00Z", "2026-03-02T08:00:00Z", zone)?.start_minute).toBe(540);
    expect(unavailableDuring(rules, "2026-03-02T11:00:00Z", "2026-03-02T15:00:00Z", zone)).toBeNull();
  });

  it("looks at the next morning for an overnight shift, and not at a day it only ends on at midnight", () => {
    const rules = [weekly(2, "unavailable", [0, 360])];
    // Monday 22:00 → Tuesday 02:00 local.
    expect(unavailableDuring(rules, "2026-03-02T20:00:00Z", "2026-03-03T00:00:00Z", zone)).not.toBeNull();
    // Monday 16:00 → Tuesday 00:00 local.
    expect(unavailableDuring(rules, "2026-03-02T14:00:00Z", "2026-03-02T22:00:00Z", zone)).toBeNull();
  });

  it("is not met by preferred time", () => {
    expect(unavailableDuring([weekly(1, "prefer")], "2026-03-02T06:00:00Z", "2026-03-02T08:00:00Z", zone)).toBeNull();
  });
});
