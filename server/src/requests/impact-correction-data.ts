import type { SheetEntry } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { toEntry } from "../time-clock/records.ts";
import { entriesWithZones, entryZoneOf } from "../time-clock/work-zones.ts";

/**
 * What the impact of corrections reads, each in one query for a whole page:
 * the entries corrected (deleted ones too), the people's entries of the weeks
 * concerned, their rates and the jobs', and their approved periods.
 */

/** An entry as it is now, as the timesheet rules read it, with its version and shift's board zone. */
export interface EntryNow extends SheetEntry {
  version: number;
  deleted: boolean;
  board_zone: string | null;
}

export async function entriesById(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
  organizationZone: string,
): Promise<Map<string, EntryNow>> {
  if (ids.length === 0) return new Map();
  const rows = await entriesWithZones(tx, organizationId)
    .where(sql<boolean>`e.id = any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...toEntry(row),
        time_zone: entryZoneOf(row, organizationZone),
        deleted: row.deleted_at !== null,
        board_zone: row.board_zone,
      },
    ]),
  );
}

/** The people's entries (deleted ones left out) clocked in within their windows, by person. */
export async function entriesAround(
  tx: Tx,
  organizationId: string,
  windows: readonly { user_id: string; from: string; to: string }[],
  organizationZone: string,
): Promise<Map<string, SheetEntry[]>> {
  const byPerson = new Map<string, SheetEntry[]>();
  if (windows.length === 0) return byPerson;
  const from = windows.reduce((min, w) => (w.from < min ? w.from : min), windows[0]?.from ?? "");
  const to = windows.reduce((max, w) => (w.to > max ? w.to : max), windows[0]?.to ?? "");
  const rows = await entriesWithZones(tx, organizationId)
    .where(sql<boolean>`e.user_id = any(${[...new Set(windows.map((w) => w.user_id))]}::uuid[])`)
    .where("e.deleted_at", "is", null)
    .where("e.clock_in_at", ">=", new Date(from))
    .where("e.clock_in_at", "<", new Date(to))
    .where(
      sql<boolean>`exists (
        select 1 from unnest(${windows.map((w) => w.user_id)}::uuid[], ${windows.map((w) => w.from)}::timestamptz[],
                             ${windows.map((w) => w.to)}::timestamptz[]) as w(user_id, from_at, to_at)
        where w.user_id = e.user_id and e.clock_in_at >= w.from_at and e.clock_in_at < w.to_at)`,
    )
    .execute();
  for (const row of rows) {
    const entry: SheetEntry = { ...toEntry(row), time_zone: entryZoneOf(row, organizationZone) };
    const list = byPerson.get(entry.user_id);
    if (list) list.push(entry);
    else byPerson.set(entry.user_id, [entry]);
  }
  return byPerson;
}

/** Every job's rate and own zone (an organization has few jobs; the timesheets read them all too). */
export async function jobRates(
  tx: Tx,
  organizationId: string,
): Promise<Map<string, { rate: number | null; time_zone: string | null }>> {
  const rows = await tx
    .selectFrom("jobs")
    .select(["id", "hourly_rate", "time_zone"])
    .where("organization_id", "=", organizationId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { rate: row.hourly_rate === null ? null : Number(row.hourly_rate), time_zone: row.time_zone },
    ]),
  );
}

/** The people's own hourly rates (null: paid their jobs' rates). */
export async function personRates(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, number | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("memberships")
    .select(["user_id", "hourly_rate"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.hourly_rate === null ? null : Number(row.hourly_rate)]));
}

/** The people's approved periods meeting [from, to] (dates), by person. */
export async function approvedPeriods(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, { start: string; end: string }[]>> {
  const byPerson = new Map<string, { start: string; end: string }[]>();
  if (userIds.length === 0) return byPerson;
  const rows = await tx
    .selectFrom("timesheet_approvals")
    .select([
      "user_id",
      sql<string>`period_start::text`.as("period_start"),
      sql<string>`period_end::text`.as("period_end"),
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where("period_start", "<=", to)
    .where("period_end", ">=", from)
    .execute();
  for (const row of rows) {
    const list = byPerson.get(row.user_id) ?? [];
    list.push({ start: row.period_start, end: row.period_end });
    byPerson.set(row.user_id, list);
  }
  return byPerson;
}

/** The organization's currency (ISO 4217). */
export async function organizationCurrency(tx: Tx, organizationId: string): Promise<string> {
  const row = await tx
    .selectFrom("organization_settings")
    .select("currency")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row?.currency ?? "USD";
}
