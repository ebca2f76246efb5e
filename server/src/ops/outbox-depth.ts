import { sql } from "kysely";
import type { Db } from "../lib/db/database.ts";

export interface OutboxDepth {
  /** Waiting for delivery, due now or retried later. */
  pending: number;
  /** Pending and due now: what the workers should be sending. */
  due: number;
  /** Claimed by a worker, being delivered. */
  sending: number;
  /** Seconds since the oldest message not yet delivered (pending or sending) was queued; 0 when none. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's queue, in one statement. Only undelivered rows are read, through
 * the partial indexes on pending and sending messages (outbox_messages_due,
 * outbox_messages_claimed), so the sent history never makes it slower.
 */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const { rows } = await sql<{ pending: string; due: string; sending: string; oldest_age: string | null }>`
    select count(*) filter (where status = 'pending') as pending,
           count(*) filter (where status = 'pending' and next_attempt_at <= now()) as due,
           count(*) filter (where status = 'sending') as sending,
           extract(epoch from now() - min(created_at)) as oldest_age
    from outbox_messages
    where status = 'pending' or status = 'sending'`.execute(db);
  const row = rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    due: Number(row?.due ?? 0),
    sending: Number(row?.sending ?? 0),
    oldestAgeSeconds: Math.max(0, Number(row?.oldest_age ?? 0)),
  };
}
