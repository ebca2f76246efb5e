import { type RequestSettings, requestSettingsSchema } from "@workshift/contracts";

/**
 * The request settings form: the API's settings, the deadline as the
 * NumberInput holds it (a number, or "" when emptied), and back. Saving sends
 * only what changed; the API's own schema runs on the whole first, so the
 * form refuses what the server would, with the same message keys.
 */
export interface RequestSettingsValues extends Omit<RequestSettings, "deadline_hours"> {
  deadline_hours: number | string;
}

export const settingsValues = (settings: RequestSettings): RequestSettingsValues => ({ ...settings });

function numberOf(value: number | string): number {
  if (typeof value === "number") return value;
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

export function settingsOf(values: RequestSettingsValues): RequestSettings {
  return { ...values, deadline_hours: numberOf(values.deadline_hours) };
}

/** PUT /api/requests/settings's body: only the settings that differ from those loaded. */
export function settingsChanges(loaded: RequestSettings, values: RequestSettingsValues): Partial<RequestSettings> {
  const next = settingsOf(values);
  const body: Partial<Record<keyof RequestSettings, unknown>> = {};
  for (const key of Object.keys(next) as (keyof RequestSettings)[]) {
    if (!Object.is(next[key], loaded[key])) body[key] = next[key];
  }
  return body as Partial<RequestSettings>;
}

const fields = new Set<string>(Object.keys(requestSettingsSchema.shape));

/** The API's field messages on the form's fields (the names are the same). */
export function settingsFieldErrors(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => fields.has(field)));
}

/** The API's schema on the settings the form stands for: its message keys by field. */
export function validateRequestSettings(values: RequestSettingsValues): Record<string, string> {
  const parsed = requestSettingsSchema.safeParse(settingsOf(values));
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[String(issue.path[0] ?? "")] ??= issue.message;
  return settingsFieldErrors(out);
}

/**
 * Whether the same-job swap rule matters: it only applies while swaps need a
 * manager (else every swap applies at once anyway).
 */
export const sameJobRuleApplies = (values: Pick<RequestSettings, "swap_needs_approval">) => values.swap_needs_approval;
