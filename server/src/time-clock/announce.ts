import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** The PostgreSQL channel time clock changes are told on (LISTEN/NOTIFY). */
export const TIME_CLOCK_CHANNEL = "workshift_time_clock";

/**
 * Tells every server instance (and through them every open live view) that
 * someone's time changed: a punch, or a manager's correction; or only that a
 * punch of theirs was refused (`refused`: no timesheet changed). Sent inside
 * the writing transaction, so it is delivered only if that commits.
 */
export async function announceClockChange(
  tx: Tx,
  organizationId: string,
  userId: string,
  what: { refused?: boolean } = {},
): Promise<void> {
  const payload = JSON.stringify({ organization_id: organizationId, user_id: userId, ...what });
  await sql`select pg_notify(${TIME_CLOCK_CHANNEL}, ${payload})`.execute(tx);
}
