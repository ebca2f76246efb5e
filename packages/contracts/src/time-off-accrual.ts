import { type PayPeriod, type PayPeriodSettings, payPeriodsBetween } from "./pay-period.ts";
import { addDays, daysBetween } from "./schedule-time.ts";
import type { LeaveAccrual, LedgerKind } from "./time-off.ts";

/**
 * The derived part of a leave ledger: what a policy, a start date, approved
 * time off and approved timesheets make of a person's balance for one leave
 * type. Pure date arithmetic on "YYYY-MM-DD" dates (no zone: the caller
 * passes `today` in the organization's zone). The balance is the sum of the
 * entries returned and the manager's adjustments; the server deletes and
 * rewrites these entries whenever an input changes, so it never drifts.
 *
 * The rules, on each date in order (on one date: expiry, then grant or
 * accrual, then adjustments, then time taken):
 * - Eligibility starts `waiting_days` after the start date; nothing is
 *   granted or accrued before it.
 * - yearly: the whole `amount_minutes` on each reset date after eligibility;
 *   and on the day eligibility starts (unless that is a reset date) a first
 *   grant: the whole amount, or with `prorate` the part of the year left
 *   (days from then to the next reset over the days of that reset year).
 * - per_period: `amount_minutes` at the end of each pay period that ends on
 *   or after eligibility starts.
 * - per_hours: for each approved pay period ending on or after eligibility
 *   starts, `worked_minutes × amount_minutes / per_worked_minutes`, rounded
 *   to the minute, dated at the period's end.
 * - `max_balance_minutes` caps grants and accruals: one that would take the
 *   balance above it is cut to what fits (never below zero; nothing is written
 *   when nothing fits). Time taken and adjustments are never capped.
 * - On each reset date after the start, with `carryover_max_minutes` set:
 *   what the balance (every entry before that date) holds above it expires
 *   (one `expiry` entry, negative). What carries over is the balance after it;
 *   no entry of its own.
 * - A reset on the 29th of February falls on the 28th in other years (any
 *   day past a month's end falls on its last day).
 * - Grants, accruals and expiries happen with time: none is dated after
 *   `today`. Time taken is dated on each day of leave, ahead of today too.
 * How far below zero a balance may go is the asking check's business, not
 * this one's.
 */

export interface AccrualPolicy {
  accrual: LeaveAccrual;
  amount_minutes: number;
  per_worked_minutes: number | null;
  reset_month: number;
  reset_day: number;
  prorate: boolean;
  max_balance_minutes: number | null;
  carryover_max_minutes: number | null;
  waiting_days: number;
}

export interface AccrualInput {
  /** null: no policy (the ledger is only time taken and adjustments). */
  policy: AccrualPolicy | null;
  /** The person's start date. */
  started_on: string;
  /** The organization's pay periods (per_period reads them). */
  pay_periods: PayPeriodSettings;
  /**
   * The organization's pay periods in order, computed once for many people
   * (payPeriodsBetween of the earliest start and today): per_period then
   * reads these instead of computing its own. Leaving it out is the same.
   */
  periods?: readonly PayPeriod[] | undefined;
  /** The person's approved pay periods and the minutes worked in each (per_hours reads them). */
  worked: readonly { period_start: string; period_end: string; worked_minutes: number }[];
  /** Approved time off of this type, one per day of leave (minutes ≥ 0). */
  taken: readonly { day: string; minutes: number; request_id: string }[];
  /** The managers' adjustments (kept as they are; they count in the balance, caps and expiry). */
  adjustments: readonly { effective_on: string; minutes: number }[];
  today: string;
}

export type DerivedKind = Exclude<LedgerKind, "adjustment" | "carryover">;

export interface DerivedEntry {
  kind: DerivedKind;
  /** Signed: + granted or accrued, − taken or expired. */
  minutes: number;
  effective_on: string;
  /** taken: its request. */
  request_id: string | null;
  /** per_hours accrual: the approved period's first day. */
  period_start: string | null;
}

/** The order of a ledger's entries on one date (the running balance follows it). */
export const ledgerKindRank: Record<LedgerKind, number> = {
  carryover: 0,
  expiry: 0,
  grant: 1,
  accrual: 1,
  adjustment: 2,
  taken: 3,
};

const monthDays = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number, size = 2) => String(value).padStart(size, "0");

/** The reset date of a policy in `year` (a day past the month's end falls on its last day). */
export function resetDateIn(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, monthDays(year, month)))}`;
}

/** The first reset date strictly after `date`. */
export function nextResetAfter(date: string, month: number, day: number): string {
  const year = Number(date.slice(0, 4));
  const same = resetDateIn(year, month, day);
  return same > date ? same : resetDateIn(year + 1, month, day);
}

/** The last reset date on or before `date`. */
export function resetOnOrBefore(date: string, month: number, day: number): string {
  const year = Number(date.slice(0, 4));
  const same = resetDateIn(year, month, day);
  return same <= date ? same : resetDateIn(year - 1, month, day);
}

/** The yearly grant given when eligibility starts on `from`: whole, or the part of its reset year left. */
export function firstGrantMinutes(policy: AccrualPolicy, from: string): number {
  if (!policy.prorate) return policy.amount_minutes;
  const previous = resetOnOrBefore(from, policy.reset_month, policy.reset_day);
  if (previous === from) return policy.amount_minutes;
  const next = nextResetAfter(from, policy.reset_month, policy.reset_day);
  return Math.round((policy.amount_minutes * daysBetween(from, next)) / daysBetween(previous, next));
}

/** per_hours: what `worked` minutes earn, rounded to the minute. */
export function hoursAccrualMinutes(policy: AccrualPolicy, worked: number): number {
  if (!policy.per_worked_minutes) return 0;
  return Math.round((worked * policy.amount_minutes) / policy.per_worked_minutes);
}

interface Earning {
  kind: "grant" | "accrual";
  on: string;
  minutes: number;
  period_start: string | null;
}

/** What the policy grants or accrues, uncapped, dated on or before today. */
function earnings(input: AccrualInput, policy: AccrualPolicy, eligibleOn: string): Earning[] {
  const { today } = input;
  if (eligibleOn > today || policy.amount_minutes === 0) return [];
  switch (policy.accrual) {
    case "none":
      return [];
    case "yearly": {
      const list: Earning[] = [];
      const first = resetOnOrBefore(eligibleOn, policy.reset_month, policy.reset_day);
      if (first !== eligibleOn) {
        list.push({
          kind: "grant",
          on: eligibleOn,
          minutes: firstGrantMinutes(policy, eligibleOn),
          period_start: null,
        });
      }
      for (let year = Number(eligibleOn.slice(0, 4)); ; year++) {
        const reset = resetDateIn(year, policy.reset_month, policy.reset_day);
        if (reset > today) break;
        if (reset >= eligibleOn)
          list.push({ kind: "grant", on: reset, minutes: policy.amount_minutes, period_start: null });
      }
      return list;
    }
    case "per_period":
      return (input.periods ?? payPeriodsBetween(eligibleOn, today, input.pay_periods))
        .filter((period) => period.end >= eligibleOn && period.end <= today)
        .map((period) => ({ kind: "accrual", on: period.end, minutes: policy.amount_minutes, period_start: null }));
    case "per_hours":
      return input.worked
        .filter((period) => period.period_end >= eligibleOn && period.period_end <= today)
        .map((period) => ({
          kind: "accrual" as const,
          on: period.period_end,
          minutes: hoursAccrualMinutes(policy, period.worked_minutes),
          period_start: period.period_start,
        }))
        .filter((earning) => earning.minutes > 0);
    default:
      return [];
  }
}

/** The reset dates after the start and on or before today, when something may expire. */
function expiryDates(input: AccrualInput, policy: AccrualPolicy): string[] {
  if (policy.carryover_max_minutes === null) return [];
  const dates: string[] = [];
  for (let year = Number(input.started_on.slice(0, 4)); ; year++) {
    const reset = resetDateIn(year, policy.reset_month, policy.reset_day);
    if (reset > input.today) break;
    if (reset > input.started_on) dates.push(reset);
  }
  return dates;
}

/**
 * The derived entries (grant, accrual, taken, expiry) of one person's ledger
 * for one type, in date order (see the rules above).
 */
export function deriveLedger(input: AccrualInput): DerivedEntry[] {
  const { policy } = input;
  const taken: DerivedEntry[] = input.taken
    .filter((day) => day.minutes > 0)
    .map((day) => ({
      kind: "taken",
      minutes: -day.minutes,
      effective_on: day.day,
      request_id: day.request_id,
      period_start: null,
    }));
  if (policy === null) return sortEntries(taken);

  const eligibleOn = addDays(input.started_on, policy.waiting_days);
  const earned = earnings(input, policy, eligibleOn);
  const expiries = expiryDates(input, policy);
  // What moves the balance without being decided here, by date: time taken and adjustments.
  const fixed = [
    ...taken.map((entry) => ({ on: entry.effective_on, minutes: entry.minutes })),
    ...input.adjustments.map((entry) => ({ on: entry.effective_on, minutes: entry.minutes })),
  ].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));

  const decided: DerivedEntry[] = [];
  const dates = [...new Set([...earned.map((earning) => earning.on), ...expiries])].sort();
  const earnedOn = new Map<string, Earning[]>();
  for (const earning of earned) earnedOn.set(earning.on, [...(earnedOn.get(earning.on) ?? []), earning]);
  const expiresOn = new Set(expiries);
  let balance = 0;
  let next = 0;
  for (const date of dates) {
    // Everything fixed before this date.
    while (next < fixed.length && (fixed[next] as { on: string }).on < date) {
      balance += (fixed[next] as { minutes: number }).minutes;
      next++;
    }
    const cap = policy.carryover_max_minutes;
    if (expiresOn.has(date) && cap !== null && balance > cap) {
      decided.push({
        kind: "expiry",
        minutes: cap - balance,
        effective_on: date,
        request_id: null,
        period_start: null,
      });
      balance = cap;
    }
    for (const earning of earnedOn.get(date) ?? []) {
      const room = policy.max_balance_minutes === null ? earning.minutes : policy.max_balance_minutes - balance;
      const minutes = Math.max(0, Math.min(earning.minutes, room));
      if (minutes === 0) continue;
      decided.push({
        kind: earning.kind,
        minutes,
        effective_on: date,
        request_id: null,
        period_start: earning.period_start,
      });
      balance += minutes;
    }
  }
  return sortEntries([...decided, ...taken]);
}

function sortEntries(entries: DerivedEntry[]): DerivedEntry[] {
  return entries.sort(
    (a, b) =>
      (a.effective_on < b.effective_on ? -1 : a.effective_on > b.effective_on ? 1 : 0) ||
      ledgerKindRank[a.kind] - ledgerKindRank[b.kind],
  );
}

/** The balance: the derived entries and the adjustments, summed. */
export function ledgerBalance(
  entries: readonly { minutes: number }[],
  adjustments: readonly { minutes: number }[] = [],
): number {
  let sum = 0;
  for (const entry of entries) sum += entry.minutes;
  for (const entry of adjustments) sum += entry.minutes;
  return sum;
}
