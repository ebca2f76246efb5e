import { z } from "zod";
import { personIdSchema } from "./person-id.ts";
import { timeZoneSchema, weekStartSchema } from "./time-zone.ts";
import { requiredTypedText } from "./validation.ts";

/**
 * Schedule boards (spec §3 "job schedulers"): a named board with its
 * own time zone and week start, the jobs scheduled on it and the people who
 * work on it. Names are unique (ignoring case) among boards not archived.
 */
export const BOARD_NAME_MAX = 60;
/** At most this many jobs and people on one board in one request. */
export const BOARD_JOBS_MAX = 500;
export const BOARD_MEMBERS_MAX = 5000;

export const boardNameSchema = requiredTypedText("boards.nameRequired", BOARD_NAME_MAX, "boards.nameTooLong");

const jobIds = z
  .array(z.string().uuid("boards.unknownJob"), "boards.unknownJob")
  .max(BOARD_JOBS_MAX, "boards.tooManyJobs");
const memberIds = z
  .array(personIdSchema("boards.unknownMember"), "boards.unknownMember")
  .max(BOARD_MEMBERS_MAX, "boards.tooManyMembers");

/** POST /api/boards: time zone and week start default to the organization's. */
export const boardCreateSchema = z.object({
  name: boardNameSchema,
  time_zone: timeZoneSchema.optional(),
  week_start: weekStartSchema.optional(),
  job_ids: jobIds.default([]),
  member_ids: memberIds.default([]),
});
export type BoardCreate = z.input<typeof boardCreateSchema>;

/** PATCH /api/boards/:id: any subset; job_ids and member_ids replace the whole set. */
export const boardUpdateSchema = z.object({
  name: boardNameSchema.optional(),
  time_zone: timeZoneSchema.optional(),
  week_start: weekStartSchema.optional(),
  job_ids: jobIds.optional(),
  member_ids: memberIds.optional(),
});
export type BoardUpdate = z.input<typeof boardUpdateSchema>;

export const boardSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  time_zone: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  week_start: z.number().int(),
  is_archived: z.boolean(),
  job_ids: z.array(z.string().uuid()),
  /** The people on the board (archived people are left out; their history stays). */
  member_ids: z.array(personIdSchema()),
  job_count: z.number().int(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

export const boardsQuerySchema = z.object({ include_archived: z.enum(["true", "false"]).optional() });
export type BoardsQuery = z.input<typeof boardsQuerySchema>;

export const boardsResponseSchema = z.object({ boards: z.array(boardSchema) });
export type BoardsResponse = z.infer<typeof boardsResponseSchema>;
export const boardResponseSchema = z.object({ board: boardSchema });

/** `:id` of a board; anything that is not one of the organization's board ids answers 404. */
export const boardParamsSchema = z.object({ id: z.string().max(100) });
