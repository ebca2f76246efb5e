import type { MyEntry } from "@workshift/contracts";
import { describe, expect, it } from "vitest";
import { uuid } from "../requests/request-fixtures.test-support.ts";
import {
  changesNothing,
  correctionBody,
  correctionFieldErrors,
  correctionProblems,
  correctionValues,
  entryState,
  missedValues,
} from "./correction-form.ts";

const zone = "Europe/Paris";

function entry(values: Partial<MyEntry> = {}): MyEntry {
  return {
    id: uuid(),
    job_id: null,
    clock_in_at: "2026-06-10T20:00:00Z",
    clock_out_at: "2026-06-11T04:00:00Z",
    breaks: [{ starts_at: "2026-06-10T23:30:00Z", ends_at: "2026-06-11T00:00:00Z" }],
    time_zone: zone,
    version: 1,
    pending_request_id: null,
    locked: false,
    ...values,
  };
}

describe("correcting one of my entries", () => {
  it("shows the entry's times in its own zone, and sends them back as instants", () => {
    const night = entry();
    const values = correctionValues(night);
    expect(values).toMatchObject({
      in_date: "2026-06-10",
      in_time: "22:00",
      out_date: "2026-06-11",
      out_time: "06:00",
      breaks: [{ start: "01:30", end: "02:00" }],
    });
    const body = correctionBody({ ...values, in_time: "21:30", reason: "  I came early  " }, zone);
    expect(body).toEqual({
      kind: "correction",
      entry_id: night.id,
      job_id: null,
      clock_in_at: "2026-06-10T19:30:00.000Z",
      clock_out_at: "2026-06-11T04:00:00.000Z",
      // The break after midnight falls on the next day.
      breaks: [{ starts_at: "2026-06-10T23:30:00.000Z", ends_at: "2026-06-11T00:00:00.000Z" }],
      reason: "I came early",
    });
  });

  it("knows a correction that changes nothing", () => {
    const values = correctionValues(entry());
    expect(changesNothing({ ...values, reason: "why" }, values)).toBe(true);
    expect(changesNothing({ ...values, out_time: "06:30" }, values)).toBe(false);
    expect(changesNothing(values, null)).toBe(false);
  });

  it("asks for the clock-out of an entry left open", () => {
    const open = correctionValues(entry({ clock_out_at: null, breaks: [] }));
    expect(open.out_time).toBe("");
    expect(correctionProblems({ ...open, reason: "Forgot" }, zone)).toEqual({ out_time: "timeClock.outRequired" });
  });

  it("says which entries cannot be corrected, and why", () => {
    expect(entryState(entry())).toBe("open");
    expect(entryState(entry({ locked: true, pending_request_id: uuid() }))).toBe("locked");
    expect(entryState(entry({ pending_request_id: uuid() }))).toBe("waiting");
  });
});

describe("a missed entry", () => {
  it("starts as the day's 09:00–17:00 and needs a reason", () => {
    const values = missedValues("2026-06-12", null);
    expect(correctionProblems(values, zone)).toEqual({ reason: "requests.reasonRequired" });
    const body = correctionBody({ ...values, reason: "Forgot to clock in" }, zone);
    expect(body).toMatchObject({
      entry_id: null,
      clock_in_at: "2026-06-12T07:00:00.000Z",
      clock_out_at: "2026-06-12T15:00:00.000Z",
      breaks: [],
    });
  });
});

describe("the form's rules", () => {
  const base = { ...missedValues("2026-06-12", null), reason: "Forgot" };

  it("are the entry's shape rules, at the form's fields", () => {
    expect(correctionProblems({ ...base, out_time: "08:00" }, zone)).toEqual({ out_time: "timeClock.outBeforeIn" });
    expect(correctionProblems({ ...base, out_date: "2026-06-14" }, zone)).toEqual({
      out_time: "timeClock.entryOverDay",
    });
    expect(correctionProblems({ ...base, breaks: [{ start: "18:00", end: "18:30" }] }, zone)).toEqual({
      "breaks.0.start": "timeClock.breakOutside",
    });
    expect(correctionProblems({ ...base, breaks: [{ start: "12:00", end: "" }] }, zone)).toEqual({
      "breaks.0.end": "timeClock.breakEndRequired",
    });
    expect(correctionProblems({ ...base, in_time: "9h" }, zone)).toEqual({ in_time: "timeClock.timeRequired" });
  });

  it("maps the API's fields to the form's", () => {
    expect(
      correctionFieldErrors({
        clock_in_at: "a",
        clock_out_at: "b",
        "breaks.1.ends_at": "c",
        "breaks.0": "d",
        reason: "e",
        entry_id: "f",
      }),
    ).toEqual({ in_time: "a", out_time: "b", "breaks.1.end": "c", "breaks.0.start": "d", reason: "e" });
  });
});
