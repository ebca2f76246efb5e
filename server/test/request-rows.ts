import { withOrganization } from "../src/lib/db/tenancy.ts";
import { testDatabase } from "./database.ts";
import { accountIn } from "./people.ts";

/**
 * Requests and availability made straight in the database (the request
 * writes are another part's routes), people by person or account id.
 */

async function inOrg<T>(organizationId: string, work: Parameters<typeof withOrganization<T>>[2]): Promise<T> {
  const { db } = await testDatabase();
  return withOrganization(db, organizationId, work);
}

export interface RequestRowOptions {
  kind: "claim" | "cover" | "swap" | "availability" | "correction";
  status?: "offered" | "pending" | "approved" | "declined" | "refused" | "cancelled" | "expired";
  author: string;
  shift?: string | null;
  otherShift?: string | null;
  toUser?: string | null;
  entry?: string | null;
  day?: string;
}

/** A request row as the writes would store it (details left empty). */
export async function requestIn(organizationId: string, options: RequestRowOptions): Promise<string> {
  return inOrg(organizationId, async (tx) => {
    const account = (id: string | null | undefined) => (id ? accountIn(tx, organizationId, id) : null);
    const status = options.status ?? "pending";
    const decided = status === "approved" || status === "declined";
    const row = await tx
      .insertInto("requests")
      .values({
        organization_id: organizationId,
        kind: options.kind,
        status,
        author_id: (await account(options.author)) as string,
        shift_id: options.shift ?? null,
        other_shift_id: options.otherShift ?? null,
        to_user_id: await account(options.toUser),
        entry_id: options.entry ?? null,
        day: options.day ?? "2026-06-08",
        details: "{}",
        decided_at: decided ? new Date() : null,
        decision_reason: status === "declined" ? "No" : null,
        closed_code: status === "expired" ? "shift_gone" : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export interface AvailabilityRowOptions {
  kind: "unavailable" | "prefer" | "available";
  /** Weekly: 0 = Sunday … 6 = Saturday, from `from` (until `until`). */
  weekday?: number;
  from?: string;
  until?: string | null;
  /** An exception's date. */
  date?: string;
  /** "HH:MM"; both left out: the whole day. */
  start?: string;
  end?: string;
  note?: string | null;
}

const minuteOf = (time: string | undefined) => {
  if (time === undefined) return null;
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** One availability window of a person. */
export async function availabilityIn(organizationId: string, userId: string, options: AvailabilityRowOptions) {
  return inOrg(organizationId, async (tx) => {
    const weekly = options.weekday !== undefined;
    const row = await tx
      .insertInto("availability_rules")
      .values({
        organization_id: organizationId,
        user_id: await accountIn(tx, organizationId, userId),
        kind: options.kind,
        weekday: weekly ? (options.weekday as number) : null,
        day: weekly ? null : (options.date ?? null),
        start_minute: minuteOf(options.start),
        end_minute: minuteOf(options.end),
        effective_from: weekly ? (options.from ?? "2000-01-03") : null,
        effective_until: weekly ? (options.until ?? null) : null,
        note: options.note ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
