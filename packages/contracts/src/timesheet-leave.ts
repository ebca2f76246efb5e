import type { PersonTimesheet, SheetTotals } from "./timesheet.ts";

/**
 * Approved leave on timesheets, pure: each day of leave adds its minutes to
 * the day it is on (the leave's own date, in the person's zone), paid leave
 * (time off of a paid type) and unpaid leave apart. Leave is never worked
 * time: worked, regular and overtime minutes, cost and pay stay the
 * entries' alone, so overtime counts worked minutes only. Days outside the
 * sheet's period are left out.
 */

export interface SheetLeave {
  date: string;
  minutes: number;
  paid: boolean;
}

/** The sheet with each day's and the period's paid and unpaid leave minutes. */
export function withLeave(sheet: PersonTimesheet, leave: readonly SheetLeave[]): PersonTimesheet {
  const byDate = new Map<string, { paid: number; unpaid: number }>();
  for (const day of sheet.days) byDate.set(day.date, { paid: 0, unpaid: 0 });
  let paid = 0;
  let unpaid = 0;
  for (const item of leave) {
    const day = byDate.get(item.date);
    if (!day) continue;
    if (item.paid) {
      day.paid += item.minutes;
      paid += item.minutes;
    } else {
      day.unpaid += item.minutes;
      unpaid += item.minutes;
    }
  }
  return {
    ...sheet,
    // Written out rather than spread: a team's period is tens of thousands of days.
    days: sheet.days.map((day) => {
      const leave = byDate.get(day.date);
      return {
        date: day.date,
        scheduled_minutes: day.scheduled_minutes,
        worked_minutes: day.worked_minutes,
        break_minutes: day.break_minutes,
        regular_minutes: day.regular_minutes,
        overtime_minutes: day.overtime_minutes,
        cost: day.cost,
        entry_ids: day.entry_ids,
        flagged: day.flagged,
        leave_minutes: leave?.paid ?? 0,
        unpaid_leave_minutes: leave?.unpaid ?? 0,
      };
    }),
    totals: { ...sheet.totals, leave_minutes: paid, unpaid_leave_minutes: unpaid },
  };
}

/** The leave of several people's sheets, added up. */
export function sumLeave(
  sheets: readonly PersonTimesheet[],
): Required<Pick<SheetTotals, "leave_minutes" | "unpaid_leave_minutes">> {
  let paid = 0;
  let unpaid = 0;
  for (const { totals } of sheets) {
    paid += totals.leave_minutes ?? 0;
    unpaid += totals.unpaid_leave_minutes ?? 0;
  }
  return { leave_minutes: paid, unpaid_leave_minutes: unpaid };
}
