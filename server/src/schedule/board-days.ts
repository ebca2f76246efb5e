import { addDays, dayStartOf } from "@workshift/contracts";
import { type RawBuilder, sql } from "kysely";

/**
 * Which shifts of some boards are on some days. A shift is on its board's day
 * (contracts' zoneOfWork), so the days are cut in each board's own zone: on
 * "all", a Beirut board's Sunday starts two hours before a Paris board's.
 * The boards are grouped by zone, one range of instants per zone, so the
 * query stays a range on starts_at per group (indexed) and every view reads
 * the same shifts: the week and month answers, the CSV, publishing a week.
 */
export interface BoardDaysRange {
  boardIds: string[];
  startsAt: Date;
  endsAt: Date;
}

/** The instants `firstDate`…`lastDate` (YYYY-MM-DD, both included) span on each zone's boards. */
export function boardDayRanges(
  boards: readonly { id: string; time_zone: string }[],
  firstDate: string,
  lastDate: string,
): BoardDaysRange[] {
  const byZone = new Map<string, string[]>();
  for (const board of boards) {
    const ids = byZone.get(board.time_zone);
    if (ids) ids.push(board.id);
    else byZone.set(board.time_zone, [board.id]);
  }
  return [...byZone].map(([zone, boardIds]) => ({
    boardIds,
    startsAt: new Date(dayStartOf(firstDate, zone)),
    endsAt: new Date(dayStartOf(addDays(lastDate, 1), zone)),
  }));
}

/**
 * The condition "the shift is on one of the days on its board" for a query
 * of `shifts` (`alias` when the table is aliased, as in "s"); false when
 * there are no boards.
 */
export function onBoardDays(ranges: readonly BoardDaysRange[], alias?: string): RawBuilder<boolean> {
  if (ranges.length === 0) return sql<boolean>`false`;
  const board = sql.ref(alias ? `${alias}.job_scheduler_id` : "job_scheduler_id");
  const start = sql.ref(alias ? `${alias}.starts_at` : "starts_at");
  const each = ranges.map(
    (range) =>
      sql`(${board} = any(${range.boardIds}::uuid[]) and ${start} >= ${range.startsAt} and ${start} < ${range.endsAt})`,
  );
  return sql<boolean>`(${sql.join(each, sql` or `)})`;
}

/**
 * The condition "the shift is on one of the boards, from `from` up to its
 * board's days or from their end up to `to`": the days around the boards'
 * days, each zone's in its own two ranges of starts_at, so each is one
 * indexed range however many shifts the days themselves hold.
 */
export function aroundBoardDays(ranges: readonly BoardDaysRange[], from: Date, to: Date): RawBuilder<boolean> {
  if (ranges.length === 0) return sql<boolean>`false`;
  const each = ranges.map(
    (range) =>
      sql`(job_scheduler_id = any(${range.boardIds}::uuid[])
        and ((starts_at >= ${from} and starts_at < ${range.startsAt}) or (starts_at >= ${range.endsAt} and starts_at < ${to})))`,
  );
  return sql<boolean>`(${sql.join(each, sql` or `)})`;
}

/** The earliest start and latest end of the ranges (for what lies around them). */
export function spanOf(ranges: readonly BoardDaysRange[]): { startsAt: Date; endsAt: Date } | null {
  if (ranges.length === 0) return null;
  let startsAt = ranges[0]?.startsAt as Date;
  let endsAt = ranges[0]?.endsAt as Date;
  for (const range of ranges) {
    if (range.startsAt < startsAt) startsAt = range.startsAt;
    if (range.endsAt > endsAt) endsAt = range.endsAt;
  }
  return { startsAt, endsAt };
}
