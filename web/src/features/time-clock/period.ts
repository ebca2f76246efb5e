import {
  compareDates,
  datesBetween,
  type PayPeriod,
  type PayPeriodSettings,
  stepPayPeriod,
  type TimesheetResponse,
} from "@workshift/contracts";

/** The pay period rules a timesheet answer was cut with (its settings and the organization's week start). */
export function periodSettingsOf(sheet: Pick<TimesheetResponse, "settings" | "week_start">): PayPeriodSettings {
  return {
    pay_period: sheet.settings.pay_period,
    pay_period_anchor: sheet.settings.pay_period_anchor,
    week_start: sheet.week_start,
  };
}

/**
 * The date the address takes to show the period before (-1) or after (1):
 * that period's first day, from the contracts' stepPayPeriod (so weekly,
 * two-week and half-month periods step exactly as the server cuts them).
 */
export function steppedPeriodDate(period: PayPeriod, settings: PayPeriodSettings, direction: -1 | 1): string {
  return stepPayPeriod(period, settings, direction).start;
}

/** Whether `today` falls in the period (its "this period" button is then pressed already). */
export function holdsDate(period: PayPeriod, date: string): boolean {
  return compareDates(period.start, date) <= 0 && compareDates(date, period.end) <= 0;
}

/** The period's days, in order. */
export function periodDates(period: PayPeriod): string[] {
  return datesBetween(period.start, period.end);
}

/** Where a period stands against today: its days are all past, it holds today, or it is still to come. */
export function periodTense(period: PayPeriod, today: string): "past" | "current" | "future" {
  if (compareDates(period.end, today) < 0) return "past";
  if (compareDates(today, period.start) < 0) return "future";
  return "current";
}
