import { type AvailabilityChange, addDays, minuteOfWallTime } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";

/**
 * Availability as requests set it, in availability_rules: a weekly pattern
 * holds from its effective date until the next pattern's (the person's
 * earlier windows close the day before; later ones it replaces), an
 * exception replaces the exceptions of its date. Times are minutes of the
 * day; a whole day has none; "24:00" ends at 1440. Each window keeps the
 * request's note (what the board, the warnings and the inbox show with it).
 */

/** A window's bound as stored: minutes of the day, or null (the whole day). */
const minutes = (time: string | null | undefined): number | null =>
  time === null || time === undefined ? null : minuteOfWallTime(time);

/** The change as stored in a request (optional times written as null). */
export function normalizedChange(change: AvailabilityChange): AvailabilityChange {
  if (change.type === "weekly") {
    return {
      type: "weekly",
      effective_from: change.effective_from,
      windows: change.windows.map((window) => ({
        weekday: window.weekday,
        kind: window.kind,
        start: window.start ?? null,
        end: window.end ?? null,
      })),
    };
  }
  return {
    type: "exception",
    date: change.date,
    kind: change.kind,
    start: change.start ?? null,
    end: change.end ?? null,
  };
}

/** The first day a change holds. */
export const firstDayOf = (change: AvailabilityChange): string =>
  change.type === "weekly" ? change.effective_from : change.date;

export const pastRefusal = () => refuse("request_availability_past", "Availability can change from today on");

/**
 * Puts a change in force for a person. A weekly pattern asked for a day now
 * past holds from today (what is past stays as it was); an exception of a
 * past day is refused.
 */
export async function applyAvailability(
  tx: Tx,
  organizationId: string,
  userId: string,
  change: AvailabilityChange,
  request: { id: string; note: string | null },
  today: string,
): Promise<void> {
  if (change.type === "exception") {
    if (change.date < today) throw pastRefusal();
    await tx
      .deleteFrom("availability_rules")
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .where("day", "=", change.date)
      .execute();
    await tx
      .insertInto("availability_rules")
      .values({
        organization_id: organizationId,
        user_id: userId,
        kind: change.kind,
        day: change.date,
        start_minute: minutes(change.start),
        end_minute: minutes(change.end),
        note: request.note,
        request_id: request.id,
      })
      .execute();
    return;
  }
  const from = change.effective_from < today ? today : change.effective_from;
  await tx
    .deleteFrom("availability_rules")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("weekday", "is not", null)
    .where("effective_from", ">=", from)
    .execute();
  await tx
    .updateTable("availability_rules")
    .set({ effective_until: addDays(from, -1) })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("weekday", "is not", null)
    .where((eb) => eb.or([eb("effective_until", "is", null), eb("effective_until", ">=", from)]))
    .execute();
  if (change.windows.length === 0) return;
  await tx
    .insertInto("availability_rules")
    .values(
      change.windows.map((window) => ({
        organization_id: organizationId,
        user_id: userId,
        kind: window.kind,
        weekday: window.weekday,
        start_minute: minutes(window.start),
        end_minute: minutes(window.end),
        effective_from: from,
        note: request.note,
        request_id: request.id,
      })),
    )
    .execute();
}
