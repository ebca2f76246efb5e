import type { ScheduleRules, scheduleRulesUpdateSchema } from "@workshift/contracts";
import type { z } from "zod";
import { type Author, recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { announceScheduleChange } from "./announce.ts";
import { rulesOf, scheduleBoard } from "./scope.ts";

/**
 * Changes a board's scheduling rules (minimum rest, daily and weekly
 * limits: warnings, never refusals). Only the rules given change; the
 * boards showing it are told, since every warning on it may change.
 */
export async function updateRules(
  tx: Tx,
  author: Author,
  boardId: string,
  patch: z.output<typeof scheduleRulesUpdateSchema>,
): Promise<ScheduleRules> {
  const board = await scheduleBoard(tx, author.organizationId, boardId, { forUpdate: true });
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return board.rules;
  const row = await tx
    .updateTable("job_schedulers")
    .set({ ...changes, updated_at: new Date() })
    .where("organization_id", "=", author.organizationId)
    .where("id", "=", board.id)
    .returning(["min_rest_minutes", "daily_limit_minutes", "weekly_limit_minutes"])
    .executeTakeFirstOrThrow();
  const rules = rulesOf(row);
  await recordAudit(tx, author, {
    action: "schedule.rules_changed",
    targetType: "job_scheduler",
    targetId: board.id,
    before: board.rules,
    after: rules,
  });
  await announceScheduleChange(tx, author.organizationId, {
    board_ids: [board.id],
    actor_id: author.userId,
    kind: "changed",
  });
  return rules;
}
