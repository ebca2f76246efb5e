import type { RequestShift } from "@workshift/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * The shifts employees may ask about: published exactly as they are (no
 * change waiting for the next publish, not waiting for removal), on an
 * active board. What people see of them is what they are, so the lists and
 * the requests' writes read the same values.
 */

/** How far ahead the employees' lists reach (open shifts, swaps). */
export const AHEAD_DAYS = 8 * 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant `AHEAD_DAYS` after `now`. */
export const horizonOf = (now: Date) => new Date(now.getTime() + AHEAD_DAYS * DAY_MS);

/** The condition "published as it is" on the shifts aliased `s`. */
export const publishedAsItIs: RawBuilder<boolean> = sql<boolean>`(s.published_at is not null
  and s.deleted_at is null
  and s.user_id is not distinct from s.published_user_id
  and s.job_id is not distinct from s.published_job_id
  and s.starts_at = s.published_starts_at
  and s.ends_at = s.published_ends_at
  and s.break_minutes = s.published_break_minutes
  and s.note is not distinct from s.published_note)`;

/** A published shift with its board and job, as the lists read it. */
export interface PublishedShift {
  id: string;
  board_id: string;
  board_name: string;
  time_zone: string;
  job_id: string | null;
  job_name: string | null;
  job_color: string | null;
  /** The account working it (null: open). */
  user_id: string | null;
  starts_at: string;
  ends_at: string;
  break_minutes: number;
  note: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Shifts published as they are, on active boards, starting after `after`
 * (and before `before`, if given), chosen further by `where` (on `s`), by start.
 */
export async function publishedShifts(
  tx: Tx,
  organizationId: string,
  range: { after: Date; before?: Date },
  where: RawBuilder<boolean>,
): Promise<PublishedShift[]> {
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .leftJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.job_id"),
    )
    .select([
      "s.id",
      "s.job_scheduler_id as board_id",
      "b.name as board_name",
      "b.time_zone",
      "s.job_id",
      "j.name as job_name",
      "j.color as job_color",
      "s.user_id",
      "s.starts_at",
      "s.ends_at",
      "s.break_minutes",
      "s.note",
    ])
    .where("s.organization_id", "=", organizationId)
    .where("b.is_archived", "=", false)
    .where(publishedAsItIs)
    .where("s.starts_at", ">", range.after)
    .$if(range.before !== undefined, (query) => query.where("s.starts_at", "<", range.before as Date))
    .where(where)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    break_minutes: Number(row.break_minutes),
  }));
}

/** A published shift as a request shows it (RequestShift; `user_id` still the account: the edge maps it). */
export function requestShiftOf(shift: PublishedShift): RequestShift {
  return {
    id: shift.id,
    board: { id: shift.board_id, name: shift.board_name },
    job:
      shift.job_id !== null && shift.job_name !== null && shift.job_color !== null
        ? { id: shift.job_id, name: shift.job_name, color: shift.job_color }
        : null,
    user_id: shift.user_id,
    starts_at: shift.starts_at,
    ends_at: shift.ends_at,
    break_minutes: shift.break_minutes,
    time_zone: shift.time_zone,
    gone: false,
  };
}

/** A stretch of time someone is booked. */
export interface Booked {
  id: string;
  start: number;
  end: number;
}

/**
 * The shifts (any state but waiting for removal: what the exclusion
 * constraint holds them to) of these people that overlap [from, to), by
 * account. One query.
 */
export async function bookedTimes(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<Map<string, Booked[]>> {
  const byPerson = new Map<string, Booked[]>();
  if (userIds.length === 0) return byPerson;
  const rows = await tx
    .selectFrom("shifts")
    .select(["id", "user_id", "starts_at", "ends_at"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where("deleted_at", "is", null)
    .where("ends_at", ">", from)
    .where("starts_at", "<", to)
    .execute();
  for (const row of rows) {
    const booked = { id: row.id, start: new Date(row.starts_at).getTime(), end: new Date(row.ends_at).getTime() };
    const list = byPerson.get(row.user_id as string);
    if (list) list.push(booked);
    else byPerson.set(row.user_id as string, [booked]);
  }
  return byPerson;
}

/** Whether [starts_at, ends_at) meets one of `booked`, those with an id in `leaving` left out (they go in an exchange). */
export function overlapsBooked(
  booked: readonly Booked[] | undefined,
  shift: { starts_at: string; ends_at: string },
  leaving: ReadonlySet<string> = new Set(),
): boolean {
  if (!booked) return false;
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  return booked.some((other) => !leaving.has(other.id) && other.start < end && start < other.end);
}

/** Of `userIds`, those none of whose shifts meets [starts_at, ends_at) (bookedTimes and overlapsBooked), in their order. */
export async function freeDuring(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  shift: { starts_at: string; ends_at: string },
): Promise<string[]> {
  const booked = await bookedTimes(tx, organizationId, userIds, new Date(shift.starts_at), new Date(shift.ends_at));
  return userIds.filter((id) => !overlapsBooked(booked.get(id), shift));
}
