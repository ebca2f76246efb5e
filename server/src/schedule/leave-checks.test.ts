import { describe, expect, it } from "vitest";
import type { LeaveDay } from "../time-off/leave-days-read.ts";
import { leaveWarningOf } from "./leave-checks.ts";

const day = (date: string, startsAt: string, endsAt: string, name = "Vacation", userId = "amal"): LeaveDay => ({
  request_id: "r",
  user_id: userId,
  date,
  minutes: 480,
  starts_at: startsAt,
  ends_at: endsAt,
  part: false,
  leave_type: { id: "t", name, color: "#2b8a3e", paid: true },
});

// Paris in June (UTC+2): Wednesday the 4th whole, Thursday the 5th 09:00–12:00.
const wednesday = day("2031-06-04", "2031-06-03T22:00:00.000Z", "2031-06-04T22:00:00.000Z");
const thursday = day("2031-06-05", "2031-06-05T07:00:00.000Z", "2031-06-05T10:00:00.000Z", "Sick");
const shift = (startsAt: string, endsAt: string, userId: string | null = "amal") => ({
  id: "s",
  user_id: userId,
  starts_at: startsAt,
  ends_at: endsAt,
});

describe("the on_leave warning of a shift", () => {
  it("names the earliest day of the person's leave the shift overlaps, with the type's name", () => {
    // Wednesday 23:00 → Thursday 11:00 Paris meets both: Wednesday first, whatever the order given.
    expect(
      leaveWarningOf(shift("2031-06-04T21:00:00.000Z", "2031-06-05T09:00:00.000Z"), [thursday, wednesday]),
    ).toEqual({
      kind: "on_leave",
      shift_id: "s",
      user_id: "amal",
      minutes: 0,
      limit_minutes: 0,
      other_shift_id: null,
      date: "2031-06-04",
      note: "Vacation",
    });
  });

  it("is null when the shift only touches the leave, is someone else's, or is open", () => {
    const afterMorning = shift("2031-06-05T10:00:00.000Z", "2031-06-05T14:00:00.000Z");
    expect(leaveWarningOf(afterMorning, [thursday])).toBeNull();
    expect(
      leaveWarningOf(shift("2031-06-04T08:00:00.000Z", "2031-06-04T12:00:00.000Z", "bilal"), [wednesday]),
    ).toBeNull();
    expect(leaveWarningOf(shift("2031-06-04T08:00:00.000Z", "2031-06-04T12:00:00.000Z", null), [wednesday])).toBeNull();
    expect(leaveWarningOf(shift("2031-06-05T09:59:00.000Z", "2031-06-05T14:00:00.000Z"), [thursday])?.note).toBe(
      "Sick",
    );
  });
});
