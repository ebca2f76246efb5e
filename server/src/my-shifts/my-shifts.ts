import {
  addDays,
  dayStartOf,
  daysBetween,
  type MyShiftsResponse,
  todayIn,
  weekStartDate,
  workDateOf,
} from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";

/** The default window: yesterday (a night shift still running) to four weeks ahead. */
const DEFAULT_PAST_DAYS = 1;
const DEFAULT_FUTURE_DAYS = 28;
const MARGIN_MS = 24 * 60 * 60 * 1000;
/** The longest window one request may ask for. */
export const MY_SHIFTS_DAYS_MAX = 366;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The organization's zone (the days of the window are read in it) and first day of the week. */
async function organizationCalendar(tx: Tx, organizationId: string): Promise<{ zone: string; weekStart: number }> {
  const settings = await tx
    .selectFrom("organization_settings")
    .select(["time_zone", "week_start"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return { zone: settings?.time_zone ?? "UTC", weekStart: Number(settings?.week_start ?? 1) };
}

/**
 * The person's published shifts in this organization on the days from…to
 * (inclusive; the organization's calendar, each shift on its own day by
 * zoneOfWork: its board's), what they were last told
 * (published_*), never drafts, never anyone else's. A published shift waiting
 * for removal still shows until the removal is published.
 */
export async function myShifts(
  tx: Tx,
  who: { organizationId: string; userId: string },
  range: { from?: string | undefined; to?: string | undefined; week?: string | undefined },
  now = new Date(),
): Promise<MyShiftsResponse> {
  const { zone, weekStart } = await organizationCalendar(tx, who.organizationId);
  if (range.week !== undefined && (range.from !== undefined || range.to !== undefined)) {
    throw refuse("my_shifts_week_or_range", "Ask for a week or for from/to, not both", {
      week: "schedule.weekOrRange",
    });
  }
  const today = todayIn(zone, now);
  const weekFrom = range.week === undefined ? undefined : weekStartDate(range.week, weekStart);
  const from = weekFrom ?? range.from ?? addDays(today, -DEFAULT_PAST_DAYS);
  const to =
    (weekFrom && addDays(weekFrom, 6)) ??
    range.to ??
    (range.from ? addDays(range.from, DEFAULT_FUTURE_DAYS) : addDays(today, DEFAULT_FUTURE_DAYS));
  if (to < from) {
    throw refuse("my_shifts_end_before_start", "The end date is before the start date", {
      to: "schedule.endBeforeStart",
    });
  }
  if (daysBetween(from, to) > MY_SHIFTS_DAYS_MAX) {
    throw refuse("my_shifts_range_too_long", `At most ${MY_SHIFTS_DAYS_MAX} days at once`, {
      to: "schedule.dateOutOfRange",
    });
  }
  const rows = await tx
    .selectFrom("shifts as s")
    .innerJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .leftJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "s.organization_id").onRef("j.id", "=", "s.published_job_id"),
    )
    .select([
      "s.id",
      "s.published_starts_at as starts_at",
      "s.published_ends_at as ends_at",
      "s.published_break_minutes as break_minutes",
      "s.published_note as note",
      "b.id as board_id",
      "b.name as board_name",
      "b.time_zone",
      "j.id as job_id",
      "j.name as job_name",
      "j.color as job_color",
    ])
    .where("s.organization_id", "=", who.organizationId)
    .where("s.published_user_id", "=", who.userId)
    .where("s.published_at", "is not", null)
    // A day's margin each way: a shift's day is its board's, and zones are within a day of each other.
    .where("s.published_starts_at", ">=", new Date(Date.parse(dayStartOf(from, zone)) - MARGIN_MS))
    .where("s.published_starts_at", "<", new Date(Date.parse(dayStartOf(addDays(to, 1), zone)) + MARGIN_MS))
    .orderBy("s.published_starts_at")
    .orderBy("s.id")
    .execute();
  const inRange = rows.filter((row) => {
    const day = workDateOf(iso(row.starts_at as Date), { board: row.time_zone, job: null, organization: zone });
    return day >= from && day <= to;
  });
  return {
    time_zone: zone,
    week_start: weekStart,
    from,
    to,
    shifts: inRange.map((row) => ({
      id: row.id,
      starts_at: iso(row.starts_at as Date),
      ends_at: iso(row.ends_at as Date),
      break_minutes: Number(row.break_minutes ?? 0),
      note: row.note,
      time_zone: row.time_zone,
      board: { id: row.board_id, name: row.board_name },
      job:
        row.job_id !== null && row.job_name !== null && row.job_color !== null
          ? { id: row.job_id, name: row.job_name, color: row.job_color }
          : null,
    })),
  };
}
