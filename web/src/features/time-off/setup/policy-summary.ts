import type { LeavePolicy } from "@workshift/contracts";

/** The keys of the timeOffSetup namespace a summary is made of. */
export type SummaryKey =
  | "summary.none"
  | "summary.yearly"
  | "summary.yearlyProrated"
  | "summary.perPeriod"
  | "summary.perHours"
  | "summary.max"
  | "summary.carryover"
  | "summary.carryoverNone"
  | "summary.waiting"
  | "summary.negative"
  | "summary.separator";

export interface SummaryText {
  t(key: SummaryKey, values?: Record<string, string | number>): string;
  /** Minutes as hours, formatted and isolated. */
  hours(minutes: number): string;
  /** A reset date ("1 January"), formatted and isolated. */
  monthDay(month: number, day: number): string;
}

export type SummarizedPolicy = Pick<
  LeavePolicy,
  | "accrual"
  | "amount_minutes"
  | "per_worked_minutes"
  | "reset_month"
  | "reset_day"
  | "prorate"
  | "max_balance_minutes"
  | "carryover_max_minutes"
  | "waiting_days"
  | "negative_allowance_minutes"
>;

/**
 * A policy in one plain sentence: how the balance grows, then its limits
 * ("8 h per pay period, up to 80 h, 40 h carry over"). What is left at its
 * default (no cap, everything carries over, no wait, no negative) is not said.
 */
export function policySummary(policy: SummarizedPolicy, text: SummaryText): string {
  const parts: string[] = [];
  const hours = text.hours(policy.amount_minutes);
  switch (policy.accrual) {
    case "none":
      parts.push(text.t("summary.none"));
      break;
    case "yearly":
      parts.push(
        text.t(policy.prorate ? "summary.yearlyProrated" : "summary.yearly", {
          hours,
          date: text.monthDay(policy.reset_month, policy.reset_day),
        }),
      );
      break;
    case "per_period":
      parts.push(text.t("summary.perPeriod", { hours }));
      break;
    case "per_hours":
      parts.push(text.t("summary.perHours", { hours, worked: text.hours(policy.per_worked_minutes ?? 0) }));
      break;
  }
  if (policy.max_balance_minutes !== null)
    parts.push(text.t("summary.max", { hours: text.hours(policy.max_balance_minutes) }));
  if (policy.accrual !== "none" && policy.carryover_max_minutes !== null) {
    parts.push(
      policy.carryover_max_minutes === 0
        ? text.t("summary.carryoverNone")
        : text.t("summary.carryover", { hours: text.hours(policy.carryover_max_minutes) }),
    );
  }
  if (policy.accrual !== "none" && policy.waiting_days > 0) {
    parts.push(text.t("summary.waiting", { count: policy.waiting_days }));
  }
  if (policy.negative_allowance_minutes > 0) {
    parts.push(text.t("summary.negative", { hours: text.hours(policy.negative_allowance_minutes) }));
  }
  return parts.join(text.t("summary.separator"));
}

/** A reset date as the reader says it ("1 January", "January 1"); 2024 is a leap year, so 29 February exists. */
export function formatMonthDay(month: number, day: number, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, month - 1, day)),
  );
}

/** The twelve months' names in the reader's language, value "1" … "12". */
export function monthOptions(language: string | undefined): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: format.format(new Date(Date.UTC(2024, index, 1))),
  }));
}
