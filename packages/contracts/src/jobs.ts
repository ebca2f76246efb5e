import { z } from "zod";
import { hourlyRateSchema } from "./people.ts";
import { timeZoneSchema } from "./time-zone.ts";
import { optionalTypedText, requiredTypedText, typedText } from "./validation.ts";

/**
 * Jobs: what a shift is for — a position or a site. Names are
 * unique (ignoring case) among the organization's jobs that are not
 * archived; an archived job's name can be given again.
 */
export const JOB_NAME_MAX = 60;
export const JOB_DESCRIPTION_MAX = 500;
export const JOB_ADDRESS_MAX = 200;
export const JOB_RADIUS_MIN = 10;
export const JOB_RADIUS_MAX = 100_000;

/** The colours the job form offers first (any #rrggbb is accepted). */
export const jobColorPalette = [
  "#1971c2",
  "#e03131",
  "#2f9e44",
  "#f08c00",
  "#6741d9",
  "#0c8599",
  "#c2255c",
  "#66a80f",
  "#3b5bdb",
  "#e8590c",
  "#9c36b5",
  "#099268",
  "#495057",
] as const;

export const JOB_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export const jobNameSchema = requiredTypedText("jobs.nameRequired", JOB_NAME_MAX, "jobs.nameTooLong");

export const jobColorSchema = z
  .string("jobs.colorInvalid")
  .trim()
  .toLowerCase()
  .regex(JOB_COLOR_PATTERN, "jobs.colorInvalid");

/** Free text over several lines; empty is none. */
const descriptionSchema = optionalTypedText(JOB_DESCRIPTION_MAX, "jobs.descriptionTooLong", { multiline: true });

/** Kept as typed, as the company's address is; empty is none. */
const addressSchema = optionalTypedText(JOB_ADDRESS_MAX, "jobs.addressTooLong");

const latitudeSchema = z
  .number("jobs.latitudeInvalid")
  .min(-90, "jobs.latitudeInvalid")
  .max(90, "jobs.latitudeInvalid")
  .nullable();
const longitudeSchema = z
  .number("jobs.longitudeInvalid")
  .min(-180, "jobs.longitudeInvalid")
  .max(180, "jobs.longitudeInvalid")
  .nullable();
const radiusSchema = z
  .number("jobs.radiusInvalid")
  .int("jobs.radiusInvalid")
  .min(JOB_RADIUS_MIN, "jobs.radiusInvalid")
  .max(JOB_RADIUS_MAX, "jobs.radiusInvalid")
  .nullable();

const jobFields = {
  name: jobNameSchema,
  color: jobColorSchema,
  description: descriptionSchema.optional(),
  address: addressSchema.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  radius_m: radiusSchema.optional(),
  /** Null: the organization's time zone. */
  time_zone: timeZoneSchema.nullable().optional(),
  hourly_rate: hourlyRateSchema.optional(),
};

export interface JobPosition {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  radius_m?: number | null | undefined;
}

/**
 * A map position is both coordinates or neither, and a radius needs a
 * position: the field to blame and its message key, or null when fine.
 */
export function jobPositionIssue(value: JobPosition): { field: keyof JobPosition; message: string } | null {
  const hasLatitude = value.latitude !== null && value.latitude !== undefined;
  const hasLongitude = value.longitude !== null && value.longitude !== undefined;
  if (hasLatitude && !hasLongitude) return { field: "longitude", message: "jobs.positionIncomplete" };
  if (hasLongitude && !hasLatitude) return { field: "latitude", message: "jobs.positionIncomplete" };
  if (!hasLatitude && value.radius_m !== null && value.radius_m !== undefined) {
    return { field: "radius_m", message: "jobs.radiusNeedsPosition" };
  }
  return null;
}

const positionRule = <T extends JobPosition>(value: T, context: z.RefinementCtx) => {
  const issue = jobPositionIssue(value);
  if (issue) context.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
};

/** POST /api/jobs. */
export const jobCreateSchema = z.object(jobFields).superRefine(positionRule);
export type JobCreate = z.input<typeof jobCreateSchema>;

/**
 * PATCH /api/jobs/:id: any subset. The coordinates travel together (both or
 * neither); the position rule is checked again on the job as it would become.
 */
export const jobUpdateSchema = z
  .object(jobFields)
  .partial()
  .superRefine((value, context) => {
    if (
      ("latitude" in value && value.latitude !== undefined) !== ("longitude" in value && value.longitude !== undefined)
    ) {
      const missing = value.latitude === undefined ? "latitude" : "longitude";
      context.addIssue({ code: "custom", message: "jobs.positionIncomplete", path: [missing] });
    }
  });
export type JobUpdate = z.input<typeof jobUpdateSchema>;

export const jobSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius_m: z.number().int().nullable(),
  /** Null: the organization's time zone. */
  time_zone: z.string().nullable(),
  hourly_rate: z.number().nullable(),
  is_archived: z.boolean(),
  /** People (not archived) who may work this job. */
  people_count: z.number().int(),
  /** Boards (not archived) this job is scheduled on. */
  board_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** GET /api/jobs: search by name or address; archived jobs only when asked for. */
export const jobsQuerySchema = z.object({
  search: typedText().max(100).optional(),
  include_archived: z.enum(["true", "false"]).optional(),
});
export type JobsQuery = z.input<typeof jobsQuerySchema>;

export const jobsResponseSchema = z.object({ jobs: z.array(jobSchema) });
export type JobsResponse = z.infer<typeof jobsResponseSchema>;
export const jobResponseSchema = z.object({ job: jobSchema });

/** `:id` of a job; anything that is not one of the organization's job ids answers 404. */
export const jobParamsSchema = z.object({ id: z.string().max(100) });
