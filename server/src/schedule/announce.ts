import type { ScheduleEvent } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The PostgreSQL channel schedule changes are told on (LISTEN/NOTIFY). */
export const SCHEDULE_CHANNEL = "workshift_schedule";

/**
 * NOTIFY payloads must stay under 8000 bytes (a listed id takes 39): beyond
 * this many shifts the event names none (listeners just reload), beyond this
 * many boards it concerns every board of the organization.
 */
const SHIFT_IDS_MAX = 100;
const BOARD_IDS_MAX = 50;

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
  const boards = [...new Set(event.board_ids)];
  const payload = JSON.stringify({
    organization_id: organizationId,
    ...(boards.length > BOARD_IDS_MAX ? { board_ids: [], every_board: true } : { board_ids: boards }),
    shift_ids: ids.length > SHIFT_IDS_MAX ? [] : ids,
    actor_id: event.actor_id,
    kind: event.kind,
    ...(event.source ? { source: event.source } : {}),
  });
  await sql`select pg_notify(${SCHEDULE_CHANNEL}, ${payload})`.execute(tx);
}
