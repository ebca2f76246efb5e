import { type CopyResult, type copyWeekSchema, daysBetween, moveKeepingWallClock, weekOf } from "@workshift/contracts";
import type { z } from "zod";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { announceScheduleChange } from "./announce.ts";
import { type DraftShift, insertDrafts } from "./copy-week-insert.ts";
import { leaveCheck, onLeaveRefusal } from "./leave-checks.ts";
import { scheduleBoard } from "./scope.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Every shift of the board starting in the `from` week (pending removals
 * left out) again in the `to` week, as drafts, at the same wall-clock times
 * in the board's zone: 09:00 stays 09:00 across a DST change. People or jobs
 * since archived, and shifts that would overlap one the person already has,
 * are skipped and counted.
 */
export async function copyWeek(tx: Tx, author: Author, body: z.output<typeof copyWeekSchema>): Promise<CopyResult> {
  // Locked: two copies into the same week at once would both add its open shifts (only people's
  // shifts are guarded by the exclusion constraint).
  const board = await scheduleBoard(tx, author.organizationId, body.board_id, { forUpdate: true });
  const from = weekOf(body.from, board.time_zone, board.week_start);
  const to = weekOf(body.to, board.time_zone, board.week_start);
  if (from.startDate === to.startDate) {
    throw refuse("schedule_copy_same_week", "Choose another week to copy into", { to: "schedule.sameWeek" });
  }
  const days = daysBetween(from.startDate, to.startDate);
  const rows = await tx
    .selectFrom("shifts")
    .select(["user_id", "job_id", "starts_at", "ends_at", "break_minutes", "note"])
    .where("organization_id", "=", author.organizationId)
    .where("job_scheduler_id", "=", board.id)
    .where("deleted_at", "is", null)
    .where("starts_at", ">=", new Date(from.startsAt))
    .where("starts_at", "<", new Date(from.endsAt))
    .execute();
  const copies: DraftShift[] = rows.map((row) => ({
    user_id: row.user_id,
    job_id: row.job_id,
    starts_at: moveKeepingWallClock(iso(row.starts_at), days, board.time_zone),
    ends_at: moveKeepingWallClock(iso(row.ends_at), days, board.time_zone),
    break_minutes: row.break_minutes,
    note: row.note,
  }));
  const result = await insertDrafts(tx, author, board.id, copies);
  // Made first (the skipping rules decide which are), then held to the leave policy: a refusal rolls them back.
  const leave = await leaveCheck(tx, author.organizationId, result.made);
  if (leave.refuses && leave.warnings.length > 0) throw onLeaveRefusal(leave.warnings);
  if (result.created > 0) {
    await recordAudit(tx, author, {
      action: "schedule.week_copied",
      targetType: "job_scheduler",
      targetId: board.id,
      after: {
        from: from.startDate,
        to: to.startDate,
        created: result.created,
        skipped: result.skipped,
      },
    });
    await announceScheduleChange(tx, author.organizationId, {
      board_ids: [board.id],
      actor_id: author.userId,
      kind: "changed",
    });
  }
  return {
    created: result.created,
    skipped: result.skipped,
    ...(leave.warnings.length > 0 ? { warnings: leave.warnings } : {}),
  };
}
