import {
  type ClockPolicy,
  DEFAULT_TIME_CLOCK_SETTINGS,
  type PayPeriodKind,
  type RoundingMinutes,
  type TimeClockSettings,
  type TimeClockSettingsUpdate,
  timeClockSettingsSchema,
} from "@workshift/contracts";

/**
 * The time clock settings form: the API's minutes shown as the hours people
 * think in (overtime after 40 h, an open entry checked after 16 h), each
 * overtime rule with its own switch, and back. Saving sends only what
 * changed; the API's own schema runs on the whole result first, so the form
 * refuses what the server would, with the same message keys.
 */
export interface SettingsFormValues {
  pay_period: PayPeriodKind;
  pay_period_anchor: string;
  weekly_on: boolean;
  /** NumberInput values: a number, or "" when emptied. */
  weekly_hours: number | string;
  daily_on: boolean;
  daily_hours: number | string;
  overtime_multiplier: number | string;
  /** "0", "5", "10", "15" (the segmented control's values). */
  rounding_minutes: string;
  early_minutes: number | string;
  early_policy: "warn" | "refuse";
  location_policy: ClockPolicy;
  open_limit_hours: number | string;
  late_after_minutes: number | string;
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const DEFAULT_WEEKLY_HOURS = hoursOf(DEFAULT_TIME_CLOCK_SETTINGS.overtime_weekly_minutes);
const DEFAULT_DAILY_HOURS = 8;

export function settingsFormValues(settings: TimeClockSettings): SettingsFormValues {
  return {
    pay_period: settings.pay_period,
    pay_period_anchor: settings.pay_period_anchor,
    weekly_on: settings.overtime_weekly_minutes !== null,
    weekly_hours:
      settings.overtime_weekly_minutes === null ? DEFAULT_WEEKLY_HOURS : hoursOf(settings.overtime_weekly_minutes),
    daily_on: settings.overtime_daily_minutes !== null,
    daily_hours:
      settings.overtime_daily_minutes === null ? DEFAULT_DAILY_HOURS : hoursOf(settings.overtime_daily_minutes),
    overtime_multiplier: settings.overtime_multiplier,
    rounding_minutes: String(settings.rounding_minutes),
    early_minutes: settings.early_minutes,
    early_policy: settings.early_policy,
    location_policy: settings.location_policy,
    open_limit_hours: hoursOf(settings.open_limit_minutes),
    late_after_minutes: settings.late_after_minutes,
  };
}

/** A NumberInput's value as a number (NaN when empty or unreadable, which the schema refuses). */
function numberOf(value: number | string): number {
  if (typeof value === "number") return value;
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

const minutesOf = (hours: number | string) => {
  const value = numberOf(hours);
  return Number.isFinite(value) ? Math.round(value * 60) : Number.NaN;
};

/** The whole settings the form stands for, as the API names them. */
export function settingsOf(values: SettingsFormValues): TimeClockSettings {
  return {
    pay_period: values.pay_period,
    pay_period_anchor: values.pay_period_anchor,
    overtime_weekly_minutes: values.weekly_on ? minutesOf(values.weekly_hours) : null,
    overtime_daily_minutes: values.daily_on ? minutesOf(values.daily_hours) : null,
    overtime_multiplier: numberOf(values.overtime_multiplier),
    rounding_minutes: Number(values.rounding_minutes) as RoundingMinutes,
    early_minutes: numberOf(values.early_minutes),
    early_policy: values.early_policy,
    location_policy: values.location_policy,
    open_limit_minutes: minutesOf(values.open_limit_hours),
    late_after_minutes: numberOf(values.late_after_minutes),
  };
}

/**
 * PUT /api/time-clock/settings's body: only the settings that differ from
 * those loaded (the anchor only matters, and is only sent, for two-week periods
 * or when it changed).
 */
export function settingsUpdateBody(loaded: TimeClockSettings, values: SettingsFormValues): TimeClockSettingsUpdate {
  const next = settingsOf(values);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof TimeClockSettings)[]) {
    if (next[key] !== loaded[key]) body[key] = next[key];
  }
  return body as TimeClockSettingsUpdate;
}

/** The API's field names → the form's. */
const fieldOf: Record<keyof TimeClockSettings, keyof SettingsFormValues> = {
  pay_period: "pay_period",
  pay_period_anchor: "pay_period_anchor",
  overtime_weekly_minutes: "weekly_hours",
  overtime_daily_minutes: "daily_hours",
  overtime_multiplier: "overtime_multiplier",
  rounding_minutes: "rounding_minutes",
  early_minutes: "early_minutes",
  early_policy: "early_policy",
  location_policy: "location_policy",
  open_limit_minutes: "open_limit_hours",
  late_after_minutes: "late_after_minutes",
};

export function settingsFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) {
    const formField = fieldOf[field as keyof TimeClockSettings];
    if (formField) out[formField] = key;
  }
  return out;
}

/** The API's schema on the settings the form stands for, its message keys on the form's fields. */
export function validateSettings(values: SettingsFormValues): Record<string, string> {
  const parsed = timeClockSettingsSchema.safeParse(settingsOf(values));
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    fields[field] ??= issue.message;
  }
  return settingsFieldErrors(fields);
}
