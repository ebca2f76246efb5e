import { type SelectQueryBuilder, sql } from "kysely";
import type { Tables } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { type BoardDaysRange, onBoardDays } from "./board-days.ts";
import { jsonArrayText, shiftJson } from "./shift-json.ts";

/**
 * The shifts of a board's week as JSON text, kept between requests while the
 * rows stay exactly as they were. A board is read far more than it changes:
 * every manager's reload, every open board refetching after a live event.
 * Writing 3,000 shifts as JSON costs PostgreSQL ~50 ms (far more while the
 * machine is busy); telling whether any of them changed costs ~3.
 *
 * The fingerprint is the count and a sum of hashes of every row's id and
 * xmin (the transaction that wrote its current version): any insert, update
 * or delete in the week changes it, whatever the writer and whichever server
 * instance it went through, so nothing needs invalidating. A hit is only ever
 * served for the same organization, boards and week. Each instance keeps its
 * own few weeks, the least recently used going first.
 */

/** What the week's route needs of its shifts. */
export interface WeekShifts {
  /** JSON text of Shift[], in the week's order. */
  json: string;
  /** JSON text of the distinct people and jobs the shifts name. */
  userIds: string;
  jobIds: string;
}

interface Entry extends WeekShifts {
  fingerprint: string;
}

/** Bytes of JSON kept per server instance (a week of 3,000 shifts is about 1.5 MB). */
const BUDGET_BYTES = 64 * 1024 * 1024;

const entries = new Map<string, Entry>();
let bytes = 0;

const sizeOf = (entry: Entry) => entry.json.length + entry.userIds.length + entry.jobIds.length;

function remember(key: string, entry: Entry): void {
  forget(key);
  if (sizeOf(entry) > BUDGET_BYTES / 4) return;
  entries.set(key, entry);
  bytes += sizeOf(entry);
  for (const [oldest, old] of entries) {
    if (bytes <= BUDGET_BYTES) break;
    entries.delete(oldest);
    bytes -= sizeOf(old);
  }
}

function forget(key: string): void {
  const old = entries.get(key);
  if (!old) return;
  entries.delete(key);
  bytes -= sizeOf(old);
}

/** For tests: start from nothing. */
export function clearWeekCache(): void {
  entries.clear();
  bytes = 0;
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

/** The week's shifts: from memory when no row changed since they were written, else from PostgreSQL. */
export async function weekShifts(tx: Tx, range: WeekRange): Promise<WeekShifts> {
  const key = keyOf(range);
  const cached = entries.get(key);
  if (cached) {
    const now = await tx
      .selectFrom("shifts")
      .select(fingerprintSql.as("fingerprint"))
      .$call(inWeek(range))
      .executeTakeFirstOrThrow();
    if (now.fingerprint === cached.fingerprint) {
      // Most recently used goes last (first out is the oldest).
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
  }
  // One statement, one snapshot: the fingerprint is exactly that of the rows written.
  const found = await tx
    .selectFrom("shifts")
    .select([
      fingerprintSql.as("fingerprint"),
      jsonArrayText(shiftJson).as("shifts"),
      sql<string>`coalesce(json_agg(distinct user_id) filter (where user_id is not null), '[]')::text`.as("user_ids"),
      sql<string>`coalesce(json_agg(distinct job_id) filter (where job_id is not null), '[]')::text`.as("job_ids"),
    ])
    .$call(inWeek(range))
    .executeTakeFirstOrThrow();
  const entry: Entry = {
    fingerprint: found.fingerprint,
    json: found.shifts,
    userIds: found.user_ids,
    jobIds: found.job_ids,
  };
  remember(key, entry);
  return entry;
}
