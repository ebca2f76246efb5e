import type { SheetEntry } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { type EntryRow, toEntry } from "../time-clock/records.ts";
import { entriesWithZones, entryZoneOf } from "../time-clock/work-zones.ts";
import type { ReadBatch, Row } from "./read-batch.ts";

/**
 * What the impact of corrections reads, each one read for a whole page (sent
 * with the other kinds' reads): the entries corrected (deleted ones too), the
 * people's entries of the weeks concerned, their rates and the jobs', and
 * their approved periods.
 */

/** An entry as it is now, as the timesheet rules read it, with its version and shift's board zone. */
export interface EntryNow extends SheetEntry {
  version: number;
  deleted: boolean;
  board_zone: string | null;
}

type ZonedEntryRow = Row<ReturnType<typeof entriesWithZones>>;

/** An entry row read through a batch as toEntry and the timesheet rules read it. */
const entryOf = (row: ZonedEntryRow, organizationZone: string) => ({
  ...toEntry(row as unknown as EntryRow),
  time_zone: entryZoneOf(row, organizationZone),
});

/** The entries with these ids (deleted ones too), as rows; entriesNow reads them once the organization's zone is known. */
export function entryRowsById(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  ids: readonly string[],
): Promise<ZonedEntryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return batch.rows<ZonedEntryRow>(
    entriesWithZones(tx, organizationId).where(sql<boolean>`e.id = any(${[...new Set(ids)]}::uuid[])`),
  );
}

export function entriesNow(rows: readonly ZonedEntryRow[], organizationZone: string): Map<string, EntryNow> {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...entryOf(row, organizationZone),
        deleted: row.deleted_at !== null,
        board_zone: row.board_zone,
      },
    ]),
  );
}

/** The people's entries (deleted ones left out) clocked in within their windows, by person. */
export async function entriesAround(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  windows: readonly { user_id: string; from: string; to: string }[],
  organizationZone: string,
): Promise<Map<string, SheetEntry[]>> {
  const byPerson = new Map<string, SheetEntry[]>();
  if (windows.length === 0) return byPerson;
  const from = windows.reduce((min, w) => (w.from < min ? w.from : min), windows[0]?.from ?? "");
  const to = windows.reduce((max, w) => (w.to > max ? w.to : max), windows[0]?.to ?? "");
  const query = entriesWithZones(tx, organizationId)
    .where(sql<boolean>`e.user_id = any(${[...new Set(windows.map((w) => w.user_id))]}::uuid[])`)
    .where("e.deleted_at", "is", null)
    .where("e.clock_in_at", ">=", new Date(from))
    .where("e.clock_in_at", "<", new Date(to))
    .where(
      sql<boolean>`exists (
        select 1 from unnest(${windows.map((w) => w.user_id)}::uuid[], ${windows.map((w) => w.from)}::timestamptz[],
                             ${windows.map((w) => w.to)}::timestamptz[]) as w(user_id, from_at, to_at)
        where w.user_id = e.user_id and e.clock_in_at >= w.from_at and e.clock_in_at < w.to_at)`,
    );
  for (const row of await batch.rows<ZonedEntryRow>(query)) {
    const entry: SheetEntry = entryOf(row, organizationZone);
    const list = byPerson.get(entry.user_id);
    if (list) list.push(entry);
    else byPerson.set(entry.user_id, [entry]);
  }
  return byPerson;
}

/** What pay is counted at: every job's rate and own zone, the people's own rates, the organization's currency. */
export interface PayRates {
  jobs: Map<string, { rate: number | null; time_zone: string | null }>;
  /** A person's own hourly rate (null: paid their jobs' rates). */
  people: Map<string, number | null>;
  currency: string;
}

export async function payRates(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  userIds: readonly string[],
): Promise<PayRates> {
  // An organization has few jobs; the timesheets read them all too.
  const jobsQuery = tx
    .selectFrom("jobs")
    .select(["id", "hourly_rate", "time_zone"])
    .where("organization_id", "=", organizationId);
  const peopleQuery = tx
    .selectFrom("memberships")
    .select(["user_id", "hourly_rate"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`);
  const currencyQuery = tx
    .selectFrom("organization_settings")
    .select("currency")
    .where("organization_id", "=", organizationId);
  const money = (value: string | number | null) => (value === null ? null : Number(value));
  const [jobs, people, currency] = await Promise.all([
    batch.rows<Row<typeof jobsQuery>>(jobsQuery),
    batch.rows<Row<typeof peopleQuery>>(peopleQuery),
    batch.rows<Row<typeof currencyQuery>>(currencyQuery),
  ]);
  return {
    jobs: new Map(jobs.map((row) => [row.id, { rate: money(row.hourly_rate), time_zone: row.time_zone }])),
    people: new Map(people.map((row) => [row.user_id, money(row.hourly_rate)])),
    currency: currency[0]?.currency ?? "USD",
  };
}

/** The people's approved periods meeting [from, to] (dates), by person. */
export async function approvedPeriods(
  tx: Tx,
  batch: ReadBatch,
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, { start: string; end: string }[]>> {
  const byPerson = new Map<string, { start: string; end: string }[]>();
  if (userIds.length === 0) return byPerson;
  const query = tx
    .selectFrom("timesheet_approvals")
    .select([
      "user_id",
      sql<string>`period_start::text`.as("period_start"),
      sql<string>`period_end::text`.as("period_end"),
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where("period_start", "<=", to)
    .where("period_end", ">=", from);
  for (const row of await batch.rows<Row<typeof query>>(query)) {
    const list = byPerson.get(row.user_id) ?? [];
    list.push({ start: row.period_start, end: row.period_end });
    byPerson.set(row.user_id, list);
  }
  return byPerson;
}
