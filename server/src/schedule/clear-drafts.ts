import { type clearDraftsSchema, weekOf } from "@workshift/contracts";
import type { z } from "zod";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceScheduleChange } from "./announce.ts";
import { scheduleBoard } from "./scope.ts";

/**
 * Removes the week's never-published shifts on the board (drafts). Published
 * shifts, changed or not, stay: people were told of them, so only a publish
 * may take them away.
 */
export async function clearDrafts(
  tx: Tx,
  author: Author,
  body: z.output<typeof clearDraftsSchema>,
): Promise<{ count: number }> {
  const board = await scheduleBoard(tx, author.organizationId, body.board_id);
  const week = weekOf(body.date, board.time_zone, board.week_start);
  const removed = await tx
    .deleteFrom("shifts")
    .where("organization_id", "=", author.organizationId)
    .where("job_scheduler_id", "=", board.id)
    .where("published_at", "is", null)
    .where("starts_at", ">=", new Date(week.startsAt))
    .where("starts_at", "<", new Date(week.endsAt))
    .returning("id")
    .execute();
  if (removed.length > 0) {
    await recordAudit(tx, author, {
      action: "schedule.drafts_cleared",
      targetType: "job_scheduler",
      targetId: board.id,
      after: {
        week: week.startDate,
        count: removed.length,
      },
    });
    await announceScheduleChange(tx, author.organizationId, {
      board_ids: [board.id],
      shift_ids: removed.map((row) => row.id),
      actor_id: author.userId,
      kind: "changed",
    });
  }
  return { count: removed.length };
}
