import { describe, expect, it } from "vitest";
import type { PersonTimesheet } from "./timesheet.ts";
import { sumLeave, withLeave } from "./timesheet-leave.ts";

const day = (date: string, worked: number) => ({
  date,
  scheduled_minutes: 0,
  worked_minutes: worked,
  break_minutes: 0,
  regular_minutes: worked,
  overtime_minutes: 0,
  cost: null,
  entry_ids: [],
  flagged: false,
});

const sheet = (): PersonTimesheet => ({
  user_id: "u",
  days: [day("2026-06-08", 480), day("2026-06-09", 0)],
  totals: {
    scheduled_minutes: 0,
    worked_minutes: 480,
    break_minutes: 0,
    regular_minutes: 480,
    overtime_minutes: 0,
    cost: null,
    pay: null,
    uncosted_minutes: 480,
  },
  entries: [],
  by_job: [],
});

describe("leave on a timesheet", () => {
  it("adds each day's paid and unpaid leave apart, never to worked, regular or overtime minutes", () => {
    const result = withLeave(sheet(), [
      { date: "2026-06-09", minutes: 480, paid: true },
      { date: "2026-06-08", minutes: 120, paid: false },
      { date: "2026-06-08", minutes: 60, paid: true },
      // Outside the period: left out.
      { date: "2026-06-10", minutes: 480, paid: true },
    ]);
    expect(
      result.days.map((each) => [each.date, each.worked_minutes, each.leave_minutes, each.unpaid_leave_minutes]),
    ).toEqual([
      ["2026-06-08", 480, 60, 120],
      ["2026-06-09", 0, 480, 0],
    ]);
    expect(result.totals).toEqual({ ...sheet().totals, leave_minutes: 540, unpaid_leave_minutes: 120 });
  });

  it("says 0 where there is none, and adds up several people's", () => {
    const none = withLeave(sheet(), []);
    expect(none.totals).toMatchObject({ leave_minutes: 0, unpaid_leave_minutes: 0 });
    expect(none.days.every((each) => each.leave_minutes === 0 && each.unpaid_leave_minutes === 0)).toBe(true);
    const some = withLeave(sheet(), [{ date: "2026-06-08", minutes: 30, paid: false }]);
    expect(sumLeave([none, some, sheet()])).toEqual({ leave_minutes: 0, unpaid_leave_minutes: 30 });
  });
});
