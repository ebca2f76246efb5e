import type { LiveRefusal } from "@workshift/contracts";
import { sql } from "kysely";
import type { Db } from "../lib/db/database.ts";
import { type Tx, withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { shown } from "../people/list.ts";
import { announceClockChange } from "./announce.ts";
import type { PunchInput } from "./punch.ts";
import { clockSettings } from "./settings.ts";

/** The live view lists at most this many of the day's refused punches (newest first). */
export const LIVE_REFUSALS_MAX = 50;

/**
 * The message key a refused punch was answered with, when it is a refusal the
 * person met (it does not fit where they stand, or a rule of the organization
 * refused it), not a malformed request nor a device id used twice.
 */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof AppError) || (error.status !== 409 && error.status !== 422)) return null;
  const key = Object.values(error.fields ?? {})[0];
  if (!key?.startsWith("timeClock.") || key === "timeClock.punchIdReused") return null;
  return key;
}

/**
 * Keeps a refused punch for the manager (once per device id: a resend is not
 * a second attempt), with its position only while the organization checks
 * sites, and tells the live views. Its own transaction: the punch's rolled
 * back. A failure here is logged by the caller, never put before the person's
 * answer.
 */
export async function recordRefusal(
  db: Db,
  who: { organizationId: string; userId: string },
  input: PunchInput,
  reason: string,
  now = new Date(),
): Promise<void> {
  await withOrganization(db, who.organizationId, async (tx) => {
    const settings = await clockSettings(tx, who.organizationId);
    const kept = settings.location_policy === "off" ? null : (input.location ?? null);
    const inserted = await tx
      .insertInto("time_punch_refusals")
      .values({
        organization_id: who.organizationId,
        user_id: who.userId,
        id: input.id,
        kind: input.kind,
        happened_at: input.at,
        received_at: now,
        reason,
        job_id: input.job_id ?? null,
        latitude: kept?.latitude ?? null,
        longitude: kept?.longitude ?? null,
        accuracy_m: kept?.accuracy ?? null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) await announceClockChange(tx, who.organizationId, who.userId);
  });
}

/** The punches refused (received) between `from` and `to` of the people named, newest first. */
export async function refusalsBetween(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<LiveRefusal[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .selectFrom("time_punch_refusals as r")
    .innerJoin("memberships as m", (join) =>
      join.onRef("m.organization_id", "=", "r.organization_id").onRef("m.user_id", "=", "r.user_id"),
    )
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      "r.kind",
      "r.happened_at",
      "r.received_at",
      "r.reason",
    ])
    .where("r.organization_id", "=", organizationId)
    .where(sql<boolean>`r.user_id = any(${userIds}::uuid[])`)
    .where("r.received_at", ">=", from)
    .where("r.received_at", "<", to)
    .orderBy("r.received_at", "desc")
    .orderBy("r.id")
    .limit(LIVE_REFUSALS_MAX)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    kind: row.kind as LiveRefusal["kind"],
    at: new Date(row.happened_at).toISOString(),
    received_at: new Date(row.received_at).toISOString(),
    reason: row.reason,
  }));
}
