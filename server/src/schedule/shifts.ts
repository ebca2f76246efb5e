import {
  daysBetween,
  type ErrorCode,
  localDateOf,
  moveKeepingWallClock,
  type RuleShift,
  repeatDates,
  SHIFT_REPEAT_MAX,
  type Shift,
  type ShiftCheckResponse,
  type ShiftRepeatRule,
  type ShiftWarning,
  type shiftCheckSchema,
  type shiftCreateSchema,
  shiftRepeatProblem,
  type shiftUpdateSchema,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { z } from "zod";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import { expireRequestsOnShifts } from "../requests/expire.ts";
import { announceScheduleChange } from "./announce.ts";
import { assertNotOnLeave } from "./leave-checks.ts";
import { type ShiftRow, toShift } from "./records.ts";
import { scheduleBoard } from "./scope.ts";
import {
  assertNoOverlap,
  assertSchedulable,
  changedRefusal,
  existingOverlap,
  refusingOverlap,
  ruleShiftOf,
  timesRefusal,
  warningsFor,
} from "./shift-checks.ts";

/**
 * Writing shifts: create (once or repeated), edit or move, delete
 * (a published shift waits for the next publish to go), delete several,
 * and check a shift before saving. Each runs in the caller's organization
 * transaction, all or nothing, and tells the boards through NOTIFY.
 */

const noSuchShift = () => notFound("No such shift");

/** The refusal of each of the contracts' repeat rules (the message key in `fields` is the rule's own). */
const repeatRefusals: Record<ShiftRepeatRule, { code: ErrorCode; message: string }> = {
  until_before_first: {
    code: "shift_repeat_ends_before_start",
    message: "The repeat must end on or after the shift's day",
  },
  too_many: { code: "shift_repeat_over_limit", message: `One repeat makes at most ${SHIFT_REPEAT_MAX} shifts` },
  no_day: { code: "shift_repeat_no_days", message: "No chosen day falls in the repeat" },
};

/**
 * The shifts a create makes: the one asked for, or with `repeat` the same
 * wall-clock start and end in the board's zone on each date from the
 * shift's day to `until` whose weekday is chosen.
 */
function plannedShifts(
  body: Pick<z.output<typeof shiftCreateSchema>, "starts_at" | "ends_at" | "repeat">,
  zone: string,
) {
  const one = { starts_at: body.starts_at, ends_at: body.ends_at };
  if (!body.repeat) return [one];
  const first = localDateOf(body.starts_at, zone);
  const { weekdays, until } = body.repeat;
  const problem = shiftRepeatProblem(first, weekdays, until);
  if (problem) {
    const { code, message } = repeatRefusals[problem.rule];
    throw refuse(code, message, { [problem.field]: problem.key });
  }
  return repeatDates(first, weekdays, until, SHIFT_REPEAT_MAX).map((date) => {
    const days = daysBetween(first, date);
    return {
      starts_at: moveKeepingWallClock(body.starts_at, days, zone),
      ends_at: moveKeepingWallClock(body.ends_at, days, zone),
    };
  });
}

export async function createShifts(
  tx: Tx,
  author: Author,
  body: z.output<typeof shiftCreateSchema>,
): Promise<{ shifts: Shift[]; warnings: ShiftWarning[] }> {
  const org = author.organizationId;
  const board = await scheduleBoard(tx, org, body.board_id);
  const planned = plannedShifts(body, board.time_zone);
  for (const times of planned) {
    // A repeat across a DST night can bend an overnight shift past a limit.
    const refusal = timesRefusal({ ...times, break_minutes: body.break_minutes });
    if (refusal) throw refusal;
  }
  await assertSchedulable(tx, org, body);
  const candidates: RuleShift[] = planned.map((times) => ({
    id: null,
    user_id: body.user_id,
    board_id: board.id,
    job_id: body.job_id,
    ...times,
    break_minutes: body.break_minutes,
  }));
  await assertNoOverlap(tx, org, body.user_id, candidates);
  await assertNotOnLeave(tx, org, candidates);

  const rows = await refusingOverlap(() =>
    tx
      .insertInto("shifts")
      .values(
        planned.map((times) => ({
          organization_id: org,
          job_scheduler_id: board.id,
          user_id: body.user_id,
          job_id: body.job_id,
          starts_at: times.starts_at,
          ends_at: times.ends_at,
          break_minutes: body.break_minutes,
          note: body.note,
          created_by: author.userId,
          updated_by: author.userId,
        })),
      )
      .returningAll()
      .execute(),
  );
  rows.sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime());
  await announceScheduleChange(tx, org, {
    board_ids: [board.id],
    shift_ids: rows.map((row) => row.id),
    actor_id: author.userId,
    kind: "changed",
  });
  const warnings = await warningsFor(tx, org, board, rows.map(ruleShiftOf));
  return { shifts: rows.map(toShift), warnings };
}

/** The shift, locked for this transaction; 404 unless it is the organization's, on an active board. */
async function lockedShift(tx: Tx, organizationId: string, id: string): Promise<ShiftRow> {
  if (!isUuid(id)) throw noSuchShift();
  const row = await tx
    .selectFrom("shifts")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .where("job_scheduler_id", "in", (eb) =>
      eb
        .selectFrom("job_schedulers")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("is_archived", "=", false),
    )
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw noSuchShift();
  return row;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Edits or moves a shift (a drag and drop is a PATCH of its times, person
 * and board). Refused with 409 shift_changed, carrying the current shift,
 * when the version the editor saw is not the current one or the shift waits
 * for removal. A published shift keeps what people saw (published_*) and
 * shows as changed until the next publish.
 */
export async function updateShift(
  tx: Tx,
  author: Author,
  id: string,
  body: z.output<typeof shiftUpdateSchema>,
  /**
   * warnings: false skips computing them, for callers that show none (approving requests in bulk);
   * announce: false leaves telling the boards to the caller, who tells them once for many;
   * leavePolicy: true holds a manager's edit to the organization's leave_scheduling_policy
   * (refused on approved leave where it says so; leave-checks.ts).
   */
  options: { warnings?: boolean; announce?: boolean; leavePolicy?: boolean } = {},
): Promise<{ shift: Shift; warnings: ShiftWarning[] }> {
  const org = author.organizationId;
  const current = await lockedShift(tx, org, id);
  if (current.version !== body.version || current.deleted_at !== null) throw changedRefusal(toShift(current));

  const next = {
    board_id: body.board_id ?? current.job_scheduler_id,
    user_id: body.user_id === undefined ? current.user_id : body.user_id,
    job_id: body.job_id === undefined ? current.job_id : body.job_id,
    starts_at: body.starts_at ?? iso(current.starts_at),
    ends_at: body.ends_at ?? iso(current.ends_at),
    break_minutes: body.break_minutes ?? current.break_minutes,
    note: body.note === undefined ? current.note : body.note,
  };
  const refusal = timesRefusal(next);
  if (refusal) throw refusal;
  // People keep seeing a published shift on its board until a publish; what they were told
  // records no board, so a published shift stays on its own (copy it to the other board instead).
  if (next.board_id !== current.job_scheduler_id && current.published_at !== null) {
    throw refuse("shift_published_board_move", "A published shift cannot move to another schedule", {
      board_id: "schedule.publishedBoardMove",
    });
  }
  const board = await scheduleBoard(tx, org, next.board_id);
  const moved =
    next.board_id !== current.job_scheduler_id ||
    next.starts_at !== iso(current.starts_at) ||
    next.ends_at !== iso(current.ends_at);
  // Scheduling anew (another person, or the same one at another time) needs a schedulable person; a note does not.
  await assertSchedulable(tx, org, {
    user_id: next.user_id !== current.user_id || moved ? next.user_id : null,
    job_id: next.job_id !== current.job_id ? next.job_id : null,
  });
  const candidate: RuleShift = { id: current.id, ...next };
  await assertNoOverlap(tx, org, next.user_id, [candidate]);
  // Only scheduling anew: a note on a shift kept over leave stays editable.
  if (options.leavePolicy && (next.user_id !== current.user_id || moved)) {
    await assertNotOnLeave(tx, org, [candidate]);
  }

  const row = await refusingOverlap(() =>
    tx
      .updateTable("shifts")
      .set({
        job_scheduler_id: next.board_id,
        user_id: next.user_id,
        job_id: next.job_id,
        starts_at: next.starts_at,
        ends_at: next.ends_at,
        break_minutes: next.break_minutes,
        note: next.note,
        version: sql`version + 1`,
        updated_by: author.userId,
        updated_at: sql`now()`,
      })
      .where("organization_id", "=", org)
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await expireRequestsOnShifts(tx, org, [{ before: current, after: row }], author.userId);
  if (options.announce !== false) {
    await announceScheduleChange(tx, org, {
      board_ids: [current.job_scheduler_id, board.id],
      shift_ids: [row.id],
      actor_id: author.userId,
      kind: "changed",
    });
  }
  const warnings = options.warnings === false ? [] : await warningsFor(tx, org, board, [ruleShiftOf(row)]);
  return { shift: toShift(row), warnings };
}

/**
 * Deletes a shift: a draft goes at once; a published one waits for the
 * next publish (status deleted) so its person is told. A shift already
 * waiting stays as it is. A stale `version` is refused (409 shift_changed).
 */
export async function deleteShift(tx: Tx, author: Author, id: string, version: number | undefined): Promise<void> {
  const org = author.organizationId;
  const current = await lockedShift(tx, org, id);
  if (version !== undefined && current.version !== version) throw changedRefusal(toShift(current));
  if (current.deleted_at !== null) return;
  await removeShifts(tx, author, [current]);
  await recordAudit(tx, author, {
    action: "schedule.shift_deleted",
    targetType: "shift",
    targetId: current.id,
    before: toShift(current),
  });
}

/**
 * Takes back the removal of a published shift that waits for the next publish
 * (the board's Undo): it shows again as it was, and its person is told
 * nothing. 409 shift_changed (with the shift) when it no longer waits for
 * removal or the version is not the one seen; 409 shift_overlap when the
 * person was given another shift at that time meanwhile; 422
 * shift_unschedulable when they were archived meanwhile.
 */
export async function restoreShift(
  tx: Tx,
  author: Author,
  id: string,
  version: number,
): Promise<{ shift: Shift; warnings: ShiftWarning[] }> {
  const org = author.organizationId;
  const current = await lockedShift(tx, org, id);
  if (current.version !== version || current.deleted_at === null) throw changedRefusal(toShift(current));
  const board = await scheduleBoard(tx, org, current.job_scheduler_id);
  // Its person is scheduled anew: not once they were archived meanwhile (as a draft made again would not be).
  await assertSchedulable(tx, org, { user_id: current.user_id });
  await assertNoOverlap(tx, org, current.user_id, [ruleShiftOf(current)]);
  const row = await refusingOverlap(() =>
    tx
      .updateTable("shifts")
      .set({
        deleted_at: null,
        version: sql`version + 1`,
        updated_by: author.userId,
        updated_at: sql`now()`,
      })
      .where("organization_id", "=", org)
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await announceScheduleChange(tx, org, {
    board_ids: [board.id],
    shift_ids: [row.id],
    actor_id: author.userId,
    kind: "changed",
  });
  await recordAudit(tx, author, {
    action: "schedule.shift_restored",
    targetType: "shift",
    targetId: row.id,
    before: toShift(current),
    after: toShift(row),
  });
  const warnings = await warningsFor(tx, org, board, [ruleShiftOf(row)]);
  return { shift: toShift(row), warnings };
}

/**
 * Deletes the chosen shifts the same way, all or nothing: every id must be a
 * shift of the organization on an active board (404 otherwise, nothing
 * changed). Answers how many went or now wait for removal.
 */
export async function bulkDeleteShifts(tx: Tx, author: Author, ids: readonly string[]): Promise<{ count: number }> {
  const org = author.organizationId;
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await tx
    .selectFrom("shifts")
    .selectAll()
    .where("organization_id", "=", org)
    .where(sql<boolean>`id = any(${wanted}::uuid[])`)
    .where("job_scheduler_id", "in", (eb) =>
      eb.selectFrom("job_schedulers").select("id").where("organization_id", "=", org).where("is_archived", "=", false),
    )
    .orderBy("id")
    .forUpdate()
    .execute();
  if (rows.length !== wanted.length) {
    throw refuse("not_found", "One of these shifts does not exist", { ids: "schedule.unknownShift" });
  }
  const count = await removeShifts(
    tx,
    author,
    rows.filter((row) => row.deleted_at === null),
  );
  if (count > 0) {
    await recordAudit(tx, author, {
      action: "schedule.shifts_deleted",
      targetType: "organization",
      targetId: org,
      after: {
        ids: rows.filter((row) => row.deleted_at === null).map((row) => row.id),
        count,
      },
    });
  }
  return { count };
}

/** Drafts are deleted, published shifts marked for removal; the boards are told. */
async function removeShifts(tx: Tx, author: Author, rows: readonly ShiftRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const org = author.organizationId;
  const drafts = rows.filter((row) => row.published_at === null).map((row) => row.id);
  const published = rows.filter((row) => row.published_at !== null).map((row) => row.id);
  if (drafts.length > 0) {
    await tx
      .deleteFrom("shifts")
      .where("organization_id", "=", org)
      .where(sql<boolean>`id = any(${drafts}::uuid[])`)
      .execute();
  }
  if (published.length > 0) {
    await tx
      .updateTable("shifts")
      .set({
        deleted_at: sql`now()`,
        version: sql`version + 1`,
        updated_by: author.userId,
        updated_at: sql`now()`,
      })
      .where("organization_id", "=", org)
      .where(sql<boolean>`id = any(${published}::uuid[])`)
      .execute();
  }
  await expireRequestsOnShifts(
    tx,
    org,
    rows.map((row) => ({ before: row, after: null })),
    author.userId,
  );
  await announceScheduleChange(tx, org, {
    board_ids: rows.map((row) => row.job_scheduler_id),
    shift_ids: rows.map((row) => row.id),
    actor_id: author.userId,
    kind: "changed",
  });
  return rows.length;
}

/**
 * What saving this shift would meet, without saving: the person's shift it
 * would overlap (saving would be refused) and the warnings. With a repeat,
 * every shift it would make is checked among the others (four weeks of
 * "every day" names each week it pushes over the weekly limit). The same
 * refusals as a save for the board (404), the times, the repeat, the person
 * and the job.
 */
export async function checkShift(
  tx: Tx,
  author: Author,
  body: z.output<typeof shiftCheckSchema>,
): Promise<ShiftCheckResponse> {
  const org = author.organizationId;
  const board = await scheduleBoard(tx, org, body.board_id);
  // An edited shift is one shift: a repeat only makes new ones.
  const planned = plannedShifts({ ...body, repeat: body.id ? undefined : body.repeat }, board.time_zone);
  for (const times of planned) {
    const refusal = timesRefusal({ ...times, break_minutes: body.break_minutes });
    if (refusal) throw refusal;
  }
  await assertSchedulable(tx, org, body);
  const candidates: RuleShift[] = planned.map((times) => ({
    id: body.id ?? null,
    user_id: body.user_id,
    board_id: board.id,
    job_id: body.job_id,
    ...times,
    break_minutes: body.break_minutes,
  }));
  const overlap = await existingOverlap(tx, org, body.user_id, candidates);
  const warnings = await warningsFor(tx, org, board, candidates);
  return { overlap: overlap?.row ? toShift(overlap.row) : null, warnings };
}
