import {
  addDays,
  dayStartOf,
  daysBetween,
  entryDate,
  type MyEntriesResponse,
  type MyEntry,
  todayIn,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { storedBreaks } from "../time-clock/records.ts";
import { clockSettings } from "../time-clock/settings.ts";
import { entriesWithZones, entryZoneOf } from "../time-clock/work-zones.ts";

/** Without dates: the last two weeks, today included. */
const DEFAULT_DAYS = 14;
/** The longest range one request may ask for. */
export const MY_ENTRIES_DAYS_MAX = 62;
/** Entries sit on their day in their own zone (zoneOfWork): a day's margin covers every zone. */
const MARGIN_MS = 24 * 60 * 60 * 1000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The days asked for (the organization's calendar): the last two weeks by default, at most 62 days. */
function rangeOf(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (to < from) {
    throw refuse("my_entries_end_before_start", "The end date is before the start date", {
      to: "schedule.endBeforeStart",
    });
  }
  if (daysBetween(from, to) + 1 > MY_ENTRIES_DAYS_MAX) {
    throw refuse("my_entries_range_too_long", `At most ${MY_ENTRIES_DAYS_MAX} days at once`, {
      to: "schedule.dateOutOfRange",
    });
  }
  return { from, to };
}

/**
 * My own time entries on the days from…to (each on its day as the
 * timesheets put it: its rounded clock-in in its zone of work), newest
 * first, to ask for corrections: whether its pay period is approved
 * (`locked`: a correction waits for it to be unlocked) and my waiting
 * correction of it; with my jobs (and the entries' own) to name them.
 */
export async function myEntries(
  tx: Tx,
  who: { organizationId: string; userId: string },
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<MyEntriesResponse> {
  const org = who.organizationId;
  const settings = await clockSettings(tx, org);
  const zone = settings.time_zone;
  const { from, to } = rangeOf(query, todayIn(zone, now));

  const rows = await entriesWithZones(tx, org)
    .where("e.user_id", "=", who.userId)
    .where("e.deleted_at", "is", null)
    .where("e.clock_in_at", ">=", new Date(Date.parse(dayStartOf(from, zone)) - MARGIN_MS))
    .where("e.clock_in_at", "<", new Date(Date.parse(dayStartOf(addDays(to, 1), zone)) + MARGIN_MS))
    .orderBy("e.clock_in_at", "desc")
    .orderBy("e.id", "desc")
    .execute();
  const entries = rows
    .map((row) => {
      const entryZone = entryZoneOf(row, zone);
      return { row, zone: entryZone, day: entryDate(iso(row.clock_in_at), settings.rounding_minutes, entryZone) };
    })
    .filter((entry) => entry.day >= from && entry.day <= to);

  const ids = entries.map((entry) => entry.row.id);
  const [approved, pending, jobs] = await Promise.all([
    approvedPeriods(tx, org, who.userId, from, to),
    waitingCorrections(tx, org, ids),
    jobsOf(
      tx,
      org,
      who.userId,
      entries.flatMap((entry) => (entry.row.job_id === null ? [] : [entry.row.job_id])),
    ),
  ]);
  const locked = (day: string) => approved.some((period) => period.start <= day && day <= period.end);

  return {
    entries: entries.map(
      ({ row, zone: entryZone, day }): MyEntry => ({
        id: row.id,
        job_id: row.job_id,
        clock_in_at: iso(row.clock_in_at),
        clock_out_at: row.clock_out_at === null ? null : iso(row.clock_out_at),
        breaks: storedBreaks(row.breaks).map((item) => ({
          starts_at: iso(item.starts_at),
          ends_at: item.ends_at === null ? null : iso(item.ends_at),
        })),
        time_zone: entryZone,
        version: Number(row.version),
        pending_request_id: pending.get(row.id) ?? null,
        locked: locked(day),
      }),
    ),
    jobs,
    time_zone: zone,
  };
}

/** My approved pay periods that share a day with from…to. */
async function approvedPeriods(tx: Tx, organizationId: string, userId: string, from: string, to: string) {
  return tx
    .selectFrom("timesheet_approvals")
    .select([sql<string>`period_start::text`.as("start"), sql<string>`period_end::text`.as("end")])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("period_start", "<=", to)
    .where("period_end", ">=", from)
    .execute();
}

/** The waiting correction of each of these entries: entry id → request id. */
async function waitingCorrections(tx: Tx, organizationId: string, entryIds: readonly string[]) {
  if (entryIds.length === 0) return new Map<string, string>();
  const rows = await tx
    .selectFrom("requests")
    .select(["id", "entry_id"])
    .where("organization_id", "=", organizationId)
    .where("kind", "=", "correction")
    .where("status", "in", ["offered", "pending"])
    .where(sql<boolean>`entry_id = any(${entryIds}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.entry_id as string, row.id]));
}

/** My active jobs, and the jobs my entries name (archived ones too: an entry still shows its job). */
async function jobsOf(tx: Tx, organizationId: string, userId: string, entryJobIds: readonly string[]) {
  return tx
    .selectFrom("jobs as j")
    .select(["j.id", "j.name", "j.color"])
    .where("j.organization_id", "=", organizationId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`j.id`, "=", sql<string>`any(${[...new Set(entryJobIds)]}::uuid[])`),
        eb.and([
          eb("j.is_archived", "=", false),
          eb.exists(
            eb
              .selectFrom("membership_jobs as mj")
              .select(sql`1`.as("one"))
              .whereRef("mj.organization_id", "=", "j.organization_id")
              .whereRef("mj.job_id", "=", "j.id")
              .where("mj.user_id", "=", userId),
          ),
        ]),
      ]),
    )
    .orderBy(sql`lower(j.name)`)
    .orderBy("j.id")
    .execute();
}
