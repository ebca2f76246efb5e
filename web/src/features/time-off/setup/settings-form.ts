import { type TimeOffSettings, timeOffSettingsSchema } from "@workshift/contracts";
import { fieldErrorsOf, schemaIssues } from "./form-rules.ts";
import { hoursToMinutes, minutesToHours } from "./hours.ts";

/**
 * The time-off settings form. The usual day is typed in hours; weekend days
 * are chips ("0" Sunday … "6" Saturday); each job's limit is a number, empty
 * for no limit.
 */
export interface SettingsFormValues {
  day_hours: number | string;
  weekend_days: string[];
  blocked_dates_policy: "refuse" | "warn";
  leave_scheduling_policy: "warn" | "refuse";
  /** Job id → the most people off on one day ("" for no limit). */
  job_limits: Record<string, number | string>;
}

export function settingsValuesFrom(settings: TimeOffSettings, jobIds: readonly string[]): SettingsFormValues {
  const limits = new Map(settings.job_limits.map((limit) => [limit.job_id, limit.max_off]));
  return {
    day_hours: minutesToHours(settings.day_minutes),
    weekend_days: [...settings.weekend_days].sort((a, b) => a - b).map(String),
    blocked_dates_policy: settings.blocked_dates_policy,
    leave_scheduling_policy: settings.leave_scheduling_policy,
    job_limits: Object.fromEntries(jobIds.map((id) => [id, limits.get(id) ?? ""])),
  };
}

const limitOf = (value: number | string): number | null => {
  if (typeof value === "number") return value;
  return value.trim() === "" ? null : Number(value);
};

/** The body PATCH /api/time-off/settings takes: every field, the job limits in the form's job order. */
export function settingsBody(values: SettingsFormValues): TimeOffSettings {
  return {
    day_minutes: hoursToMinutes(values.day_hours) ?? Number.NaN,
    weekend_days: values.weekend_days.map(Number).sort((a, b) => a - b),
    blocked_dates_policy: values.blocked_dates_policy,
    leave_scheduling_policy: values.leave_scheduling_policy,
    job_limits: Object.entries(values.job_limits).map(([job_id, max_off]) => ({ job_id, max_off: limitOf(max_off) })),
  };
}

/** The API's refusals on the form's fields (a job limit's index names its job). */
export function settingsFieldErrors(
  fields: Record<string, string>,
  values: SettingsFormValues,
): Record<string, string> {
  const jobIds = Object.keys(values.job_limits);
  return fieldErrorsOf(fields, (path) => {
    const [head, index] = path.split(".");
    if (head === "day_minutes") return "day_hours";
    if (head === "weekend_days" || head === "blocked_dates_policy" || head === "leave_scheduling_policy") return head;
    if (head === "job_limits") {
      const id = jobIds[Number(index)];
      return id === undefined ? null : `job_limits.${id}`;
    }
    return null;
  }) as Record<string, string>;
}

export function validateSettings(values: SettingsFormValues): Record<string, string> {
  return settingsFieldErrors(schemaIssues(timeOffSettingsSchema, settingsBody(values)), values);
}
