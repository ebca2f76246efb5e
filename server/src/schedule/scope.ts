import { type ScheduleBoard, type ScheduleRules, todayIn, type WeekRange, weekOf } from "@workshift/contracts";
import { sql } from "kysely";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";

/** Where a week or month is laid out: the board's zone and week start, or the organization's for "all". */
export interface ScheduleScope {
  boards: ScheduleBoard[];
  zone: string;
  weekStart: number;
  all: boolean;
  /** The organization's currency (ISO 4217) for rates and costs. */
  currency: string;
}

const noSuchBoard = () => notFound("No such board");

function selectBoards(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("job_schedulers")
    .select([
      "id",
      "name",
      "time_zone",
      "week_start",
      "min_rest_minutes",
      "daily_limit_minutes",
      "weekly_limit_minutes",
    ])
    .where("organization_id", "=", organizationId)
    .where("is_archived", "=", false);
}

type BoardRow = Awaited<ReturnType<ReturnType<typeof selectBoards>["executeTakeFirstOrThrow"]>>;

export function rulesOf(
  row: Pick<BoardRow, "min_rest_minutes" | "daily_limit_minutes" | "weekly_limit_minutes">,
): ScheduleRules {
  return {
    min_rest_minutes: Number(row.min_rest_minutes),
    daily_limit_minutes: Number(row.daily_limit_minutes),
    weekly_limit_minutes: Number(row.weekly_limit_minutes),
  };
}

const presentBoard = (row: BoardRow): ScheduleBoard => ({
  id: row.id,
  name: row.name,
  time_zone: row.time_zone,
  week_start: Number(row.week_start),
  rules: rulesOf(row),
});

/**
 * An active board of the organization with its rules; 404 for any other id
 * (archived, another organization's, not an id at all). `forUpdate` locks
 * the row until the transaction ends (before changing the board itself).
 */
export async function scheduleBoard(
  tx: Tx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ScheduleBoard> {
  if (!isUuid(id)) throw noSuchBoard();
  let query = selectBoards(tx, organizationId).where("id", "=", id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw noSuchBoard();
  return presentBoard(row);
}

/**
 * The boards a view covers: one active board (404 otherwise) in its own zone
 * and week start, or "all", every active board of the organization (by
 * name), laid out in the organization's zone and week start.
 */
export async function scheduleScope(tx: Tx, organizationId: string, scope: string): Promise<ScheduleScope> {
  const settings = await tx
    .selectFrom("organization_settings")
    .select(["time_zone", "week_start", "currency"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  const currency = settings?.currency ?? "USD";
  if (scope !== "all") {
    const board = await scheduleBoard(tx, organizationId, scope);
    return { boards: [board], zone: board.time_zone, weekStart: board.week_start, all: false, currency };
  }
  const rows = await selectBoards(tx, organizationId).orderBy(sql`lower(name)`).orderBy("id").execute();
  return {
    boards: rows.map(presentBoard),
    zone: settings?.time_zone ?? "UTC",
    weekStart: Number(settings?.week_start ?? 1),
    all: true,
    currency,
  };
}

/**
 * The boards a week action covers and the week itself (see scheduleScope);
 * without a date, the week of today in the scope's zone.
 */
export async function scheduleWeek(
  tx: Tx,
  organizationId: string,
  scope: string,
  date: string | undefined,
): Promise<ScheduleScope & { week: WeekRange }> {
  const found = await scheduleScope(tx, organizationId, scope);
  return { ...found, week: weekOf(date ?? todayIn(found.zone), found.zone, found.weekStart) };
}
