/**
 * Translation namespaces: `common` for app-wide text (loaded before the first
 * render), one per feature for the rest (loaded with that feature's route).
 * `validation` holds the field messages of the shared rules, keyed as the
 * contracts and the API name them. Each is a file at /locales/{lng}/{ns}.json.
 */
export const namespaces = [
  "common",
  "auth",
  "validation",
  "dev",
  "errors",
  "admin",
  "settings",
  "people",
  "activation",
  "my",
  "jobs",
  "boards",
  "schedule",
  "scheduleEdit",
  "scheduleViews",
  "timeClock",
  "overview",
  "requests",
  "timeOff",
  "timeOffSetup",
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace = "common" satisfies Namespace;
