import { z } from "zod";
import { weekResponseSchema } from "./schedule.ts";

/**
 * GET /api/schedule/boards/:board/week as it travels: the WeekResponse in
 * columns (week-codec.ts turns one into the other). A big board's week is
 * 12,000 shifts: as objects, every shift repeated its field names, four ids
 * as UUID text and four ISO instants (~420 bytes each, 6.5 MB). Here each
 * field is one array, people, jobs and boards are named by their place in
 * the answer's own lists, instants are minutes (or milliseconds) from the
 * week's `starts_at`, and ids are written back to back without dashes: what
 * is left is mostly the ids' own randomness, which no compressor removes.
 *
 * Places: a person is their index in `people`, then in `more_people` (people
 * a shift or a published copy names who are not listed, their places going
 * on after the listed ones); -1 is nobody (an open shift). Jobs the same with
 * `jobs` and `more_jobs`; -1 is no job. A shift's board is its index in
 * `boards`; a nearby shift's in its own `boards`.
 */

/** UUIDs written back to back, 32 lowercase hex digits each, no dashes. */
const packedIdsSchema = z.string().regex(/^(?:[0-9a-f]{32})*$/);
const places = z.array(z.number().int().min(-1));
/** Minutes from the week's `starts_at` (a fraction when not a whole minute; negative before it). */
const minutes = z.array(z.number());

export const wireShiftColumnsSchema = z.object({
  id: packedIdsSchema,
  board: places,
  person: places,
  job: places,
  start: minutes,
  end: minutes,
  break: z.array(z.number().int()),
  note: z.array(z.string().nullable()),
  /** Index in weekWireShiftStatuses (week-codec.ts). */
  status: z.array(z.number().int().min(0).max(3)),
  /** Milliseconds from the week's `starts_at`; null for a draft never published. */
  published_at: z.array(z.number().int().nullable()),
  version: z.array(z.number().int()),
  /** Milliseconds from the week's `starts_at`. */
  updated_at: z.array(z.number().int()),
  /** What people were told, for the shifts that differ from it (changed, deleted) only: `shift` is the row. */
  published: z.object({
    shift: z.array(z.number().int().min(0)),
    person: places,
    job: places,
    start: minutes,
    end: minutes,
    break: z.array(z.number().int()),
    note: z.array(z.string().nullable()),
  }),
});
export type WireShiftColumns = z.infer<typeof wireShiftColumnsSchema>;

export const wireNearbyColumnsSchema = z.object({
  /** The boards the nearby shifts are on (any board, shown or not), with their zones. */
  boards: z.array(z.object({ id: z.string().uuid(), time_zone: z.string() })),
  id: packedIdsSchema,
  board: places,
  person: places,
  start: minutes,
  end: minutes,
  break: z.array(z.number().int()),
});
export type WireNearbyColumns = z.infer<typeof wireNearbyColumnsSchema>;

export const wirePeopleColumnsSchema = z.object({
  /** Person ids (this organization's), packed. */
  id: packedIdsSchema,
  first_name: z.array(z.string().nullable()),
  last_name: z.array(z.string().nullable()),
  /** Index in weekWirePersonStatuses (week-codec.ts). */
  status: z.array(z.number().int().min(0).max(2)),
  hourly_rate: z.array(z.number().nullable()),
  /** Each person's jobs (places in jobs, then more_jobs). */
  jobs: z.array(z.array(z.number().int().min(0))),
  /** Each person's boards (places in boards). */
  boards: z.array(z.array(z.number().int().min(0))),
});
export type WirePeopleColumns = z.infer<typeof wirePeopleColumnsSchema>;

/** The week answer (weekResponseSchema) with its people, shifts and nearby shifts in columns. */
export const weekWireSchema = weekResponseSchema.omit({ people: true, shifts: true, nearby_shifts: true }).extend({
  more_jobs: z.array(z.string().uuid()),
  people: wirePeopleColumnsSchema,
  more_people: packedIdsSchema,
  shifts: wireShiftColumnsSchema,
  nearby_shifts: wireNearbyColumnsSchema,
});
export type WeekWire = z.infer<typeof weekWireSchema>;
