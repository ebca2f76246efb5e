import { type LiveRefusal, type PunchRefusalReason, punchRefusalReasons } from "@workshift/contracts";
import { sql } from "kysely";
import type { Db } from "../lib/db/database.ts";
import { type Tx, withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { shown } from "../people/list.ts";
import { announceClockChange } from "./announce.ts";
import type { PunchInput } from "./punch.ts";

/** The live view lists at most this many of the day's refused punches (newest first). */
export const LIVE_REFUSALS_MAX = 50;
/**
 * A person's refusals kept in any 24 hours: a phone retrying its queue, or
 * someone tapping on, is told each time but kept (and announced to the
 * managers' pages) only this often, so no one can flood the table or the
 * live views.
 */
export const REFUSALS_PER_PERSON_PER_DAY = 20;
/** Refusals are for checking a day's complaints; they are gone after this long. */
export const REFUSALS_KEPT_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
const recorded = new Set<string>(punchRefusalReasons);

/**
 * The reason a refused punch was answered with, when it is one kept for the
 * manager (punchRefusalReasons: it did not fit where the person stands, or a
 * rule of the organization refused it), not a malformed request, a device id
 * used twice or someone else's punch.
 */
export function refusalReason(error: unknown): PunchRefusalReason | null {
  if (!(error instanceof AppError) || (error.status !== 409 && error.status !== 422)) return null;
  const key = Object.values(error.fields ?? {})[0];
  return key && recorded.has(key) ? (key as PunchRefusalReason) : null;
}

/**
 * Keeps a refused punch for the manager, once per device id (a resend is not
 * a second attempt) and at most REFUSALS_PER_PERSON_PER_DAY a day, with the
 * position only when the refusal is about it; clears the person's refusals
 * older than REFUSALS_KEPT_DAYS; tells the live views. Its own transaction:
 * the punch's rolled back. A failure here is logged by the caller, never put
 * before the person's answer.
 */
export async function recordRefusal(
  db: Db,
  who: { organizationId: string; userId: string },
  input: PunchInput,
  reason: PunchRefusalReason,
  now = new Date(),
): Promise<void> {
  await withOrganization(db, who.organizationId, async (tx) => {
    const ofPerson = tx
      .selectFrom("time_punch_refusals")
      .where("organization_id", "=", who.organizationId)
      .where("user_id", "=", who.userId);
    const recent = await ofPerson
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("received_at", ">", new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= REFUSALS_PER_PERSON_PER_DAY) return;

    const where = reason === "timeClock.outsideSite" ? (input.location ?? null) : null;
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
        latitude: where?.latitude ?? null,
        longitude: where?.longitude ?? null,
        accuracy_m: where?.accuracy ?? null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    await tx
      .deleteFrom("time_punch_refusals")
      .where("organization_id", "=", who.organizationId)
      .where("user_id", "=", who.userId)
      .where("received_at", "<", new Date(now.getTime() - REFUSALS_KEPT_DAYS * DAY_MS))
      .execute();
    if (inserted) await announceClockChange(tx, who.organizationId, who.userId, { refused: true });
  });
}

/** The punches refused (received) between `from` and `to` of the people named: the newest, and how many in all. */
export async function refusalsBetween(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[] | "everyone",
  from: Date,
  to: Date,
): Promise<{ refused: LiveRefusal[]; total: number }> {
  if (userIds !== "everyone" && userIds.length === 0) return { refused: [], total: 0 };
  const between = tx
    .selectFrom("time_punch_refusals as r")
    .where("r.organization_id", "=", organizationId)
    .where(userIds === "everyone" ? sql<boolean>`true` : sql<boolean>`r.user_id = any(${userIds}::uuid[])`)
    .where("r.received_at", ">=", from)
    .where("r.received_at", "<", to);
  const count = await between.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  const rows = await between
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
    .orderBy("r.received_at", "desc")
    .orderBy("r.user_id")
    .orderBy("r.id")
    .limit(LIVE_REFUSALS_MAX)
    .execute();
  return {
    total: Number(count.count),
    refused: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      kind: row.kind as LiveRefusal["kind"],
      at: new Date(row.happened_at).toISOString(),
      received_at: new Date(row.received_at).toISOString(),
      reason: row.reason as PunchRefusalReason,
    })),
  };
}
