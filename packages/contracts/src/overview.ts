import { z } from "zod";
import type { Action } from "./access.ts";
import { livePersonSchema, liveStatuses } from "./time-clock.ts";

/**
 * GET /api/overview (/admin, spec §2's first admin page): the manager's day
 * at a glance. Each part follows the permission of the page it summarises:
 * `schedule` parts with view_scheduler, `time_clock` parts with
 * view_timesheet; a part the person may not see is null (or left out of the
 * lists). Today and the week are the organization's (its zone and week
 * start); each shift and entry counts on its own day (zoneOfWork), as the
 * timesheets count it.
 */
export const overviewBoardSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** This week's shifts as they stand (drafts included), paid minutes and cost at the people's (else the jobs') rates. */
  scheduled_minutes: z.number().int(),
  scheduled_cost: z.number().nullable(),
  /** Worked this week on the board's shifts (null without view_timesheet). */
  worked_minutes: z.number().int().nullable(),
  /** Shifts of today onwards with changes nobody was told yet (null without view_scheduler). */
  unpublished: z.number().int().nullable(),
});
export type OverviewBoard = z.infer<typeof overviewBoardSchema>;

export const attentionSchema = z.discriminatedUnion("kind", [
  /**
   * Unpublished changes on a board (today onwards): publish them. The board
   * publishes a week at a time, so the item names the first of its weeks
   * (in the board's zone and week start) that holds any, and how many of the
   * changes are in it: that week is where "Review and publish" opens.
   */
  z.object({
    kind: z.literal("unpublished"),
    board_id: z.string().uuid(),
    board_name: z.string(),
    count: z.number().int(),
    week_start: z.string(),
    week_end: z.string(),
    week_count: z.number().int(),
  }),
  /** Entries flagged (a forgotten clock-out?): settle them in the timesheets. */
  z.object({ kind: z.literal("flagged"), count: z.number().int(), date: z.string() }),
  /** Punches refused today (each person was told why): check them in the live view. */
  z.object({ kind: z.literal("refused"), count: z.number().int() }),
  /** People with time in the last pay period that is not approved yet. */
  z.object({
    kind: z.literal("approvals"),
    count: z.number().int(),
    period_start: z.string(),
    period_end: z.string(),
  }),
]);
export type Attention = z.infer<typeof attentionSchema>;

/**
 * The first steps of a new organization, in the order they are done: the
 * company's details, a job, a schedule board, people invited, a week
 * published. Each is done by whoever the access table lets do it; the
 * overview lists to a person only the steps they may do.
 */
export const setupSteps = ["company", "job", "board", "people", "publish"] as const;
export type SetupStep = (typeof setupSteps)[number];

/** The action (access table) each setup step needs. */
export const setupStepActions = {
  company: "company.manage",
  job: "jobs.manage",
  board: "schedule.manage",
  people: "people.manage",
  publish: "schedule.manage",
} as const satisfies Record<SetupStep, Action>;

export const setupStepSchema = z.object({ step: z.enum(setupSteps), done: z.boolean() });
export type SetupStepState = z.infer<typeof setupStepSchema>;

export const overviewResponseSchema = z.object({
  today: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  week: z.object({ start_date: z.string(), end_date: z.string() }),
  /** Which parts the person may see. */
  can: z.object({ schedule: z.boolean(), time_clock: z.boolean() }),
  /** Today's published shifts (schedule). */
  shifts_today: z.number().int().nullable(),
  /** Where people stand now (time clock): counts, and the people who need a look first (late, absent, flagged, working). */
  now: z
    .object({
      counts: z.record(z.enum(liveStatuses), z.number().int()),
      people: z.array(livePersonSchema),
    })
    .nullable(),
  boards: z.array(overviewBoardSchema),
  /** Worked this week on no board's shift (time clock). */
  worked_off_board_minutes: z.number().int().nullable(),
  attention: z.array(attentionSchema),
  /**
   * The setup checklist: the steps this person may do (in setupSteps' order),
   * each done or not. Empty when they may do none.
   */
  setup: z.array(setupStepSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
