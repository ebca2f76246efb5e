import type { ScheduleEvent } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The PostgreSQL channel schedule changes are told on (LISTEN/NOTIFY). */
export const SCHEDULE_CHANNEL = "workshift_schedule";

/** NOTIFY payloads must stay under 8000 bytes; beyond this many ids, listeners just reload. */
const SHIFT_IDS_MAX = 100;

/**
 * Tells every server instance (and through them every open board) that
 * shifts changed. Sent inside the writing transaction: PostgreSQL delivers it
 * only if that transaction commits, so no board hears of a change that was
 * rolled back.
 */
export async function announceScheduleChange(
  tx: Tx,
  organizationId: string,
  event: Omit<ScheduleEvent, "shift_ids"> & { shift_ids?: string[] },
): Promise<void> {
  const ids = event.shift_ids ?? [];
  const payload = JSON.stringify({
    organization_id: organizationId,
    board_ids: [...new Set(event.board_ids)],
    shift_ids: ids.length > SHIFT_IDS_MAX ? [] : ids,
    actor_id: event.actor_id,
    kind: event.kind,
  });
  await sql`select pg_notify(${SCHEDULE_CHANNEL}, ${payload})`.execute(tx);
}
