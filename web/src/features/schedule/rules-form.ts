import { type ScheduleRules, SHIFT_MINUTES_MAX } from "@workshift/contracts";

/**
 * A board's scheduling rules as the manager types them: hours (quarters
 * allowed), sent as whole minutes within the contracts' bounds.
 */
export interface RulesFormValues {
  /** NumberInput values: a number, or "" when cleared. */
  min_rest_hours: number | string;
  daily_limit_hours: number | string;
  weekly_limit_hours: number | string;
}
export type RulesField = keyof RulesFormValues;

/** [field, API field, smallest, largest minutes, message key] — the bounds of scheduleRulesSchema. */
const bounds: ReadonlyArray<[RulesField, keyof ScheduleRules, number, number, string]> = [
  ["min_rest_hours", "min_rest_minutes", 0, 48 * 60, "schedule.restInvalid"],
  ["daily_limit_hours", "daily_limit_minutes", 60, SHIFT_MINUTES_MAX, "schedule.dailyLimitInvalid"],
  ["weekly_limit_hours", "weekly_limit_minutes", 60, 7 * SHIFT_MINUTES_MAX, "schedule.weeklyLimitInvalid"],
];

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export const rulesValues = (rules: ScheduleRules): RulesFormValues => ({
  min_rest_hours: hours(rules.min_rest_minutes),
  daily_limit_hours: hours(rules.daily_limit_minutes),
  weekly_limit_hours: hours(rules.weekly_limit_minutes),
});

const minutesOf = (value: number | string): number | null => {
  if (value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 60) : null;
};

export function validateRules(values: RulesFormValues): Partial<Record<RulesField, string>> {
  const errors: Partial<Record<RulesField, string>> = {};
  for (const [field, , min, max, key] of bounds) {
    const minutes = minutesOf(values[field]);
    if (minutes === null || minutes < min || minutes > max) errors[field] = key;
  }
  return errors;
}

/** PATCH /api/schedule/boards/:id/rules's body (call after validateRules passed). */
export function rulesBody(values: RulesFormValues): ScheduleRules {
  const out = {} as ScheduleRules;
  for (const [field, api] of bounds) out[api] = minutesOf(values[field]) ?? 0;
  return out;
}

/** API field → form field ("min_rest_minutes" → "min_rest_hours"), with the form's own message for it. */
export function rulesFieldErrors(fields: Record<string, string>): Partial<Record<RulesField, string>> {
  const out: Partial<Record<RulesField, string>> = {};
  for (const [field, api, , , key] of bounds) if (fields[api] !== undefined) out[field] = key;
  return out;
}
