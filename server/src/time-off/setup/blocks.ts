import { daysBetween } from "@workshift/contracts";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import { isUuid } from "../../lib/db/ids.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound, refuse } from "../../lib/http/errors.ts";

export interface TimeOffBlock {
  id: string;
  board_id: string | null;
  starts_on: string;
  ends_on: string;
  reason: string;
}

const BLOCK_DAYS_MAX = 366;

function blocksQuery(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("time_off_blocks")
    .select(["id", "board_id", "reason"])
    .select((eb) => [
      eb.cast<string>("starts_on", "text").as("starts_on"),
      eb.cast<string>("ends_on", "text").as("ends_on"),
    ])
    .where("organization_id", "=", organizationId);
}

/** The organization's blocked dates, by their first day. */
export async function listBlocks(tx: Tx, organizationId: string): Promise<TimeOffBlock[]> {
  return blocksQuery(tx, organizationId).orderBy("starts_on").orderBy("id").execute();
}

/** Blocks dates for the organization or one of its boards (404 for a board not its own). Audited. */
export async function createBlock(tx: Tx, actor: Actor, input: Omit<TimeOffBlock, "id">): Promise<TimeOffBlock> {
  if (daysBetween(input.starts_on, input.ends_on) > BLOCK_DAYS_MAX) {
    throw refuse("validation_failed", "Block at most a year at once", { ends_on: "timeOff.blockTooLong" });
  }
  if (input.board_id !== null) {
    const board = await tx
      .selectFrom("job_schedulers")
      .select("id")
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", input.board_id)
      .executeTakeFirst();
    if (!board) throw notFound("No such board");
  }
  const row = await tx
    .insertInto("time_off_blocks")
    .values({ organization_id: actor.organizationId, ...input, created_by: actor.userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  const block = { id: row.id, ...input };
  await recordAudit(tx, actor, {
    action: "timeOffBlock.create",
    targetType: "time_off_block",
    targetId: row.id,
    after: block,
  });
  return block;
}

/** Unblocks dates (404 for a block not the organization's). Audited. */
export async function deleteBlock(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = isUuid(id)
    ? await blocksQuery(tx, actor.organizationId).where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound("No such blocked dates");
  await tx
    .deleteFrom("time_off_blocks")
    .where("organization_id", "=", actor.organizationId)
    .where("id", "=", id)
    .execute();
  await recordAudit(tx, actor, {
    action: "timeOffBlock.delete",
    targetType: "time_off_block",
    targetId: id,
    before: row,
  });
}
