import type { ShiftFacts } from "@workshift/contracts";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Tables } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { KeptByFingerprint } from "../lib/kept-by-fingerprint.ts";
import { type BoardDaysRange, onBoardDays } from "./board-days.ts";
import { writtenShiftFactsOf, writtenShiftRowsText } from "./shift-json.ts";

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
 *
 * When it changed, the kept week is brought up to date rather than read
 * again: every open board asks for the week after each edit, and re-reading
 * a 2,000-person week for one moved shift would cost each of them a few
 * hundred milliseconds. The week's ids and xmins say which rows are new or written
 * since (read with their fingerprint, in one statement), and only those are
 * read. A change too large for that (publishing the week) is read whole.
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

interface KeptWeek {
  week: WeekShifts;
  /** Each shift's xmin by its id. */
  xmins: Map<string, string>;
}

/** Bytes (roughly) kept per server instance: a shift is about 500 bytes in memory, with its xmin. */
const BUDGET_BYTES = 64 * 1024 * 1024;
const kept = new KeptByFingerprint<KeptWeek>(BUDGET_BYTES, (entry) => entry.week.shifts.length * 500);

/**
 * Rows written since a week was kept that are still read one by one: up to
 * this many, or a quarter of the week, whichever is more. Beyond it, reading
 * the week whole is cheaper than naming every row.
 */
const PATCH_ROWS = 200;

/** For tests: start from nothing. */
export function clearWeekCache(): void {
  kept.clear();
}

type WeekRead = "kept" | "brought up to date" | "read";
let lastRead: WeekRead = "read";

/** For tests: how the last week was found (kept as it was, brought up to date, or read whole). */
export function lastWeekRead(): WeekRead {
  return lastRead;
}

interface WeekRange {
  organizationId: string;
  /** The week's days on each zone's boards (board-days.ts). */
  ranges: readonly BoardDaysRange[];
}

const fingerprintSql = sql<string>`count(*)::text || ':' || coalesce(sum(hashtextextended(id::text || ':' || xmin::text, 0)), 0)::text`;
/** Every row's "id xmin", comma-separated. */
const xminsSql = sql<string>`coalesce(string_agg(id::text || ' ' || xmin::text, ','), '')`;

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

/** The week's order, as PostgreSQL's `order by starts_at, id` (uuids compare as their lowercase text). */
const inWeekOrder = (a: ShiftFacts, b: ShiftFacts) =>
  a.starts_at - b.starts_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function weekOf(shifts: ShiftFacts[], fingerprint: string): WeekShifts {
  return {
    shifts,
    userIds: distinct(shifts.map((shift) => shift.user_id)),
    jobIds: distinct(shifts.map((shift) => shift.job_id)),
    fingerprint,
  };
}

function xminsOf(text: string): Map<string, string> {
  const xmins = new Map<string, string>();
  if (text === "") return xmins;
  for (const pair of text.split(",")) {
    const space = pair.indexOf(" ");
    xmins.set(pair.slice(0, space), pair.slice(space + 1));
  }
  return xmins;
}

/** The week's shifts: from memory when no row changed since they were read, else from PostgreSQL. */
export async function weekShifts(tx: Tx, range: WeekRange): Promise<WeekShifts> {
  const key = keyOf(range);
  const before = kept.latest(key);
  if (before) {
    const now = await tx
      .selectFrom("shifts")
      .select(fingerprintSql.as("fingerprint"))
      .$call(inWeek(range))
      .executeTakeFirstOrThrow();
    const hit = kept.get(key, now.fingerprint);
    if (hit) {
      lastRead = "kept";
      return hit.week;
    }
    const brought = await broughtUpToDate(tx, range, before);
    if (brought) {
      kept.set(key, brought.week.fingerprint, brought);
      lastRead = "brought up to date";
      return brought.week;
    }
  }
  // One statement, one snapshot: the fingerprint is exactly that of the rows read.
  const found = await tx
    .selectFrom("shifts")
    .select([fingerprintSql.as("fingerprint"), writtenShiftRowsText.as("shifts")])
    .$call(inWeek(range))
    .executeTakeFirstOrThrow();
  const rows = writtenShiftFactsOf(found.shifts);
  const entry: KeptWeek = {
    week: weekOf(
      rows.map((row) => row.shift),
      found.fingerprint,
    ),
    xmins: new Map(rows.map((row) => [row.shift.id, row.xmin])),
  };
  kept.set(key, found.fingerprint, entry);
  lastRead = "read";
  return entry.week;
}

/**
 * The kept week with the rows written since read again, those gone left out;
 * null when too many changed, or when a row was written again between the
 * two statements (each statement sees its own moment): the week is then read whole.
 */
async function broughtUpToDate(tx: Tx, range: WeekRange, before: KeptWeek): Promise<KeptWeek | null> {
  const now = await tx
    .selectFrom("shifts")
    .select([fingerprintSql.as("fingerprint"), xminsSql.as("xmins")])
    .$call(inWeek(range))
    .executeTakeFirstOrThrow();
  const xmins = xminsOf(now.xmins);
  const written: string[] = [];
  for (const [id, xmin] of xmins) if (before.xmins.get(id) !== xmin) written.push(id);
  if (written.length > Math.max(PATCH_ROWS, xmins.size / 4)) return null;

  const fresh = new Map<string, ShiftFacts>();
  if (written.length > 0) {
    const found = await tx
      .selectFrom("shifts")
      .select(writtenShiftRowsText.as("shifts"))
      .where("organization_id", "=", range.organizationId)
      .where(sql<boolean>`id in (select unnest(${written}::uuid[]))`)
      .executeTakeFirstOrThrow();
    for (const row of writtenShiftFactsOf(found.shifts)) {
      if (xmins.get(row.shift.id) !== row.xmin) return null;
      fresh.set(row.shift.id, row.shift);
    }
    if (fresh.size !== written.length) return null;
  }
  const shifts = before.week.shifts.filter((shift) => xmins.has(shift.id) && !fresh.has(shift.id));
  shifts.push(...fresh.values());
  shifts.sort(inWeekOrder);
  return { week: weekOf(shifts, now.fingerprint), xmins };
}
