import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { KeptByFingerprint } from "../lib/kept-by-fingerprint.ts";

/**
 * A period's counted timesheets, kept between requests while nothing they
 * are counted from has changed. A period is read far more than it changes
 * (every manager's reload, the first page then the whole period), and
 * counting 2,000 people's sheets costs ~0.5–0.7 s of CPU; telling whether
 * any row they depend on changed costs one statement of a few tens of ms.
 *
 * The fingerprint is, for each table read, the count and a sum of hashes of
 * its rows' place and xmin (the transaction that wrote the version): any
 * insert, update or delete of a row in the period changes it, whatever the
 * writer and whichever server instance it went through, so no write path
 * has to clear anything. It is taken before the rows are read, so a write
 * landing in between only makes the next request count again. What is read
 * before it (the clock settings, the currency, the boards in scope) is part
 * of the key as read. A period with an open entry or break depends on the
 * clock and is never kept. A hit is only ever served for the same
 * organization, scope and period; each instance keeps its own few periods,
 * the least recently used going first.
 */

/** What a period's timesheets are counted from, past the settings: the tables and the rows of them read. */
export interface PeriodRows {
  organizationId: string;
  /** Instants read for entries and shifts (with the window's margins). */
  from: Date;
  to: Date;
  /** Days read for leave and approvals. */
  firstDay: string;
  lastDay: string;
}

/** Each table's rows as a count and a sum of hashes of each version (ctid and xmin change on every write). */
const printOf = (from: ReturnType<typeof sql>) =>
  sql<string>`(select count(*)::text || ':' || coalesce(sum(hashtextextended(t.ctid::text || t.xmin::text, 0)), 0)::text from ${from})`;

/** One statement: every row a period's sheets are counted from (people, their time, leave, rates, boards). */
export async function periodFingerprint(tx: Tx, rows: PeriodRows): Promise<string> {
  const org = rows.organizationId;
  const parts = [
    printOf(
      sql`time_entries t where t.organization_id = ${org} and t.clock_in_at >= ${rows.from} and t.clock_in_at < ${rows.to}`,
    ),
    printOf(
      sql`shifts t where t.organization_id = ${org} and t.published_starts_at >= ${rows.from} and t.published_starts_at < ${rows.to}`,
    ),
    printOf(
      sql`timesheet_approvals t where t.organization_id = ${org} and t.period_start <= ${rows.lastDay}::date and t.period_end >= ${rows.firstDay}::date`,
    ),
    printOf(
      sql`time_off_days t where t.organization_id = ${org} and t.day between ${rows.firstDay}::date and ${rows.lastDay}::date`,
    ),
    printOf(
      sql`requests t where t.organization_id = ${org} and t.id in (select d.request_id from time_off_days d
        where d.organization_id = ${org} and d.day between ${rows.firstDay}::date and ${rows.lastDay}::date)`,
    ),
    printOf(sql`leave_types t where t.organization_id = ${org}`),
    printOf(sql`memberships t where t.organization_id = ${org}`),
    printOf(sql`users t where t.id in (select m.user_id from memberships m where m.organization_id = ${org})`),
    printOf(sql`job_scheduler_members t where t.organization_id = ${org}`),
    printOf(sql`job_schedulers t where t.organization_id = ${org}`),
    printOf(sql`jobs t where t.organization_id = ${org}`),
  ];
  const found = await sql<{ fingerprint: string }>`select concat_ws('|', ${sql.join(parts)}) as fingerprint`.execute(
    tx,
  );
  return found.rows[0]?.fingerprint ?? "";
}

/**
 * Periods kept per server instance, weighed by their entries and days (a
 * period of 2,000 people's 40,000 entries weighs ~110,000): about two such
 * periods, or many small ones. The weight stands for everything a period
 * holds, also what is added once it is asked for whole (its entries as the
 * API writes them and its answer's text, ~34 MB at 2,000 people), which grows
 * with its entries as the weight does: the budget is about 80 MB of such text
 * with the counted sheets beside it.
 */
const BUDGET = 250_000;

/** A counted period and its weight (entries and days). */
interface Weighed {
  weight: number;
}

const kept = new KeptByFingerprint<Weighed>(BUDGET, (period) => period.weight, 1 / 2);

/** The period kept under `key` if the rows still have `fingerprint` (never one kept for another key). */
export const keptPeriod = <T extends Weighed>(key: string, fingerprint: string): T | undefined =>
  kept.get(key, fingerprint) as T | undefined;

/** Keeps a counted period under `key`, dropping the least recently used over budget. */
export const keepPeriod = (key: string, fingerprint: string, period: Weighed): void =>
  kept.set(key, fingerprint, period);

/** For tests: start from nothing. */
export const clearPeriodCache = (): void => kept.clear();

/** For tests: how many periods are kept. */
export const keptPeriods = (): number => kept.count;
