import { describe, expect, it } from "vitest";
import { instantSchema, scheduleDateSchema } from "./schedule.ts";
import { isCalendarDate, parseInstant } from "./strict-time.ts";

describe("instants, read strictly", () => {
  it.each([
    ["2026-03-29T09:00:00+03:00", "2026-03-29T06:00:00.000Z"],
    ["2026-03-29T09:00Z", "2026-03-29T09:00:00.000Z"],
    ["2026-03-29T09:00+05:45", "2026-03-29T03:15:00.000Z"],
    ["2026-03-29T23:59:59.999999-00:00", "2026-03-29T23:59:59.999Z"],
    ["2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000Z"],
    ["2026-12-31T23:30:00-05:00", "2027-01-01T04:30:00.000Z"],
  ])("reads %s as %s", (value, utc) => {
    expect(parseInstant(value)).toBe(utc);
  });

  it.each([
    ["30 February", "2026-02-30T09:00:00Z"],
    ["29 February of a common year", "2025-02-29T09:00:00Z"],
    ["31 April", "2026-04-31T09:00:00Z"],
    ["month 13", "2026-13-01T09:00:00Z"],
    ["day 0", "2026-03-00T09:00:00Z"],
    ["hour 24", "2026-03-29T24:00:00Z"],
    ["minute 60", "2026-03-29T09:60:00Z"],
    ["second 60", "2026-03-29T09:59:60Z"],
    ["an offset of 24 hours", "2026-03-29T09:00:00+24:00"],
    ["an offset minute 60", "2026-03-29T09:00:00+01:60"],
    ["no offset", "2026-03-29T09:00:00"],
    ["a space for the T", "2026-03-29 09:00:00Z"],
    ["a trailing character", "2026-03-29T09:00:00Z\u0000"],
  ])("refuses %s rather than moving it (%s)", (_, value) => {
    expect(parseInstant(value)).toBeNull();
    expect(instantSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
      "schedule.timeInvalid",
    ]);
  });
});

describe("calendar dates, read strictly", () => {
  it.each(["2026-02-28", "2024-02-29", "2026-04-30", "2026-12-31"])("takes %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
    expect(scheduleDateSchema.parse(value)).toBe(value);
  });
  it.each(["2026-02-30", "2025-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-1", "20260101"])(
    "refuses %s",
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
      expect(scheduleDateSchema.safeParse(value).error?.issues[0]?.message).toBe("schedule.dateInvalid");
    },
  );
});
