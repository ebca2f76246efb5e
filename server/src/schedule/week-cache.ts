import type { ShiftFacts } from "@workshift/contracts";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Tables } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { KeptByFingerprint } from "../lib/kept-by-fingerprint.ts";
import { type BoardDaysRange, onBoardDays } from "./board-days.ts";
import { shiftFactsOf, shiftRowsText } from "./shift-json.ts";

/**
 * The shifts of a board's week, kept between requests while the rows stay
 * exactly as they were. A board is read far more than it changes: every
 * manager's reload, every open board refetching after a live event. Reading
 * 12,000 shifts costs PostgreSQL tens of milliseconds (far more while the
 * machine is busy); telling whether any of them changed costs a few.
 *
 * The fingerprint is the count and a sum of hashes of every row's id and
 * xmin (the transaction that wrote its current version): any insert, update
 * or delete in the week changes it. A hit is only ever served for the same
 * organization, boards and week.
 */

/** What the week's route needs of its shifts. */
export interface WeekShifts {
  /** In the week's order (starts_at, id). */
  shifts: ShiftFacts[];
  /** The distinct accounts and jobs the shifts name (published copies aside). */
  userIds: string[];
  jobIds: string[];
  /** Changes whenever any of the week's rows does. */
  fingerprint: string;
}

/** Bytes (roughly) kept per server instance: a shift is about 400 bytes in memory. */
const BUDGET_BYTES = 64 * 1024 * 1024;
const kept = new KeptByFingerprint<WeekShifts>(BUDGET_BYTES, (week) => week.shifts.length * 400);

/** For tests: start from nothing. */
export function clearWeekCache(): void {
  kept.clear();
}

interface WeekRange {
  organizationId: string;
  /** The week's days on each zone's boards (board-days.ts). */
  ranges: readonly BoardDaysRange[];
}

const fingerprintSql = sql<string>`count(*)::text || ':' || coalesce(sum(hashtextextended(id::text || ':' || xmin::text, 0)), 0)::text`;

/** Narrows a query of `shifts` to the week's rows on its boards (each on its board's days). */
const inWeek =
  (range: WeekRange) =>
  <O>(query: SelectQueryBuilder<Tables, "shifts", O>) =>
    query.where("organization_id", "=", range.organizationId).where(onBoardDays(range.ranges));

/** The same organization, boards and days: the boards by zone, each zone's instants. */
const keyOf = (range: WeekRange) =>
  [
    range.organizationId,
    ...range.ranges.map((each) => `${[...each.boardIds].sort().join(",")}@${each.startsAt.toISOString()}`).sort(),
  ].join("|");

const distinct = (values: (string | null)[]) => [...new Set(values.filter((value) => value !== null))] as string[];

/** The week's shifts: from memory when no row changed since they were read, else from PostgreSQL. */
export async function weekShifts(tx: Tx, range: WeekRange): Promise<WeekShifts> {
  const key = keyOf(range);
  if (kept.has(key)) {
    const now = await tx
      .selectFrom("shifts")
      .select(fingerprintSql.as("fingerprint"))
      .$call(inWeek(range))
      .executeTakeFirstOrThrow();
    const hit = kept.get(key, now.fingerprint);
    if (hit) return hit;
  }
  // One statement, one snapshot: the fingerprint is exactly that of the rows read.
  const found = await tx
    .selectFrom("shifts")
    .select([fingerprintSql.as("fingerprint"), shiftRowsText.as("shifts")])
    .$call(inWeek(range))
    .executeTakeFirstOrThrow();
  const shifts = shiftFactsOf(found.shifts);
  const week: WeekShifts = {
    shifts,
    userIds: distinct(shifts.map((shift) => shift.user_id)),
    jobIds: distinct(shifts.map((shift) => shift.job_id)),
    fingerprint: found.fingerprint,
  };
  kept.set(key, found.fingerprint, week);
  return week;
}
