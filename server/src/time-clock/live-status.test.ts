import type { ClockShift, TimeEntry } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { liveStatusOf } from "./live.ts";

const NOW = new Date("2026-06-08T10:00:00Z");
const at = (hhmm: string) => `2026-06-08T${hhmm}:00.000Z`;
const shift = (from: string, to: string, id = `s-${from}`): ClockShift => ({
  id,
  board_id: "b",
  job_id: null,
  starts_at: at(from),
  ends_at: at(to),
  break_minutes: 0,
});
const entry = (from: string, to: string | null, extra: Partial<TimeEntry> = {}): TimeEntry => ({
  id: `e-${from}`,
  user_id: "u",
  job_id: null,
  shift_id: null,
  clock_in_at: at(from),
  clock_out_at: to === null ? null : at(to),
  breaks: [],
  source: "punch",
  note: null,
  reviewed: false,
  version: 1,
  updated_at: at(from),
  ...extra,
});
const facts = (open: TimeEntry | null, today: TimeEntry[], shifts: ClockShift[]) => ({ open, today, shifts });

describe("where someone stands in the live view", () => {
  it("is working while clocked in to their shift, since the clock-in", () => {
    const open = entry("08:55", null, { shift_id: "s-09:00" });
    expect(liveStatusOf(facts(open, [open], [shift("09:00", "17:00")]), NOW, 5)).toMatchObject({
      status: "working",
      since: at("08:55"),
    });
  });

  it("is working without a shift when clocked in with none going on", () => {
    const open = entry("09:30", null);
    expect(liveStatusOf(facts(open, [open], []), NOW, 5)?.status).toBe("unscheduled");
  });

  it("is on a break during an open break, since it started", () => {
    const open = entry("08:00", null, { breaks: [{ starts_at: at("09:45"), ends_at: null }] });
    expect(liveStatusOf(facts(open, [open], [shift("08:00", "16:00")]), NOW, 5)).toMatchObject({
      status: "on_break",
      since: at("09:45"),
    });
  });

  it("is late once the shift has gone on past the grace without a clock-in, scheduled within it", () => {
    expect(liveStatusOf(facts(null, [], [shift("09:50", "17:00")]), NOW, 5)).toMatchObject({
      status: "late",
      since: at("09:50"),
    });
    expect(liveStatusOf(facts(null, [], [shift("09:57", "17:00")]), NOW, 5)?.status).toBe("scheduled");
  });

  it("is absent when a shift of today ended without them", () => {
    expect(liveStatusOf(facts(null, [], [shift("06:00", "09:00")]), NOW, 5)?.status).toBe("absent");
  });

  it("is done after clocking out, and scheduled before a later shift", () => {
    const worked = entry("06:00", "09:00");
    expect(liveStatusOf(facts(null, [worked], [shift("06:00", "09:00")]), NOW, 5)?.status).toBe("done");
    expect(liveStatusOf(facts(null, [], [shift("14:00", "18:00")]), NOW, 5)?.status).toBe("scheduled");
  });

  it("leaves out someone with nothing today", () => {
    expect(liveStatusOf(facts(null, [], []), NOW, 5)).toBeNull();
  });
});

describe("a person done for the day", () => {
  it("shows the shift they worked", () => {
    const worked = entry("06:00", "09:00");
    const morning = shift("06:00", "09:00");
    expect(liveStatusOf(facts(null, [worked], [morning]), NOW, 5)?.shift).toEqual(morning);
  });
});
