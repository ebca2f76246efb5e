import { type Job, type JobCreate, jobColorPalette, jobCreateSchema } from "@workshift/contracts";

/**
 * The job form's values and rules. The rules are the API's own
 * (jobCreateSchema), run on the body the form would send, so the form and the
 * server refuse the same things with the same message keys.
 */
export interface JobFormValues {
  name: string;
  color: string;
  description: string;
  address: string;
  /** An IANA zone, or null for the organization's. */
  time_zone: string | null;
  /** NumberInput values: a number, or "" when empty. */
  hourly_rate: number | string;
  latitude: number | string;
  longitude: number | string;
  radius_m: number | string;
}

export type JobField = keyof JobFormValues;

export const emptyJobValues = (color: string = jobColorPalette[0]): JobFormValues => ({
  name: "",
  color,
  description: "",
  address: "",
  time_zone: null,
  hourly_rate: "",
  latitude: "",
  longitude: "",
  radius_m: "",
});

/** A palette colour no job uses yet (the first one when all are taken). */
export function nextColor(jobs: readonly Pick<Job, "color">[]): string {
  const used = new Set(jobs.map((job) => job.color));
  return (
    jobColorPalette.find((color) => !used.has(color)) ??
    jobColorPalette[jobs.length % jobColorPalette.length] ??
    "#1971c2"
  );
}

export function jobValuesFrom(job: Job): JobFormValues {
  return {
    name: job.name,
    color: job.color,
    description: job.description ?? "",
    address: job.address ?? "",
    time_zone: job.time_zone,
    hourly_rate: job.hourly_rate ?? "",
    latitude: job.latitude ?? "",
    longitude: job.longitude ?? "",
    radius_m: job.radius_m ?? "",
  };
}

const numberOrNull = (value: number | string): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};

/** The body POST /api/jobs takes (PATCH takes the same: every field, so clearing one clears it). */
export function jobBody(values: JobFormValues): JobCreate {
  return {
    name: values.name,
    color: values.color,
    description: values.description,
    address: values.address,
    time_zone: values.time_zone,
    hourly_rate: numberOrNull(values.hourly_rate),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    radius_m: numberOrNull(values.radius_m),
  };
}

const jobFields: readonly JobField[] = [
  "name",
  "color",
  "description",
  "address",
  "time_zone",
  "hourly_rate",
  "latitude",
  "longitude",
  "radius_m",
];

/** Field → message key, for the form's fields only (the API's or the schema's paths). */
export function jobFieldErrors(fields: Record<string, string>): Partial<Record<JobField, string>> {
  const out: Partial<Record<JobField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split(".")[0] ?? key;
    if ((jobFields as readonly string[]).includes(field)) out[field as JobField] ??= message;
  }
  return out;
}

/**
 * The form's errors: the API's rules run on the body it would send. The form
 * always sends every field, so a change is checked whole, as a new job is.
 */
export function validateJob(values: JobFormValues): Partial<Record<JobField, string>> {
  const checked = jobCreateSchema.safeParse(jobBody(values));
  if (checked.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return jobFieldErrors(fields);
}
