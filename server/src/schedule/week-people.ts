import type { SchedulePerson } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { KeptByFingerprint } from "../lib/kept-by-fingerprint.ts";
import { shown } from "../people/list.ts";

/**
 * The week's people (accounts, not yet person ids), kept between requests
 * like the week's shifts (week-cache.ts) while nothing they are read from
 * changed: at 2,000 people reading them is a fifth of a request, and they
 * change far less often than the shifts. The fingerprint is a count and a sum
 * of hashes of the xmin (the writing transaction) of every row of the
 * organization's memberships and their accounts, membership jobs, board
 * members and jobs; with the people the shifts name, and the boards shown.
 */

/** Bytes (roughly) kept per server instance: a person is about 300 bytes in memory. */
const BUDGET_BYTES = 32 * 1024 * 1024;
const kept = new KeptByFingerprint<SchedulePerson[]>(BUDGET_BYTES, (people) => people.length * 300);

/** For tests: start from nothing. */
export function clearWeekPeopleCache(): void {
  kept.clear();
}

const money = (value: string | number | null) => (value === null ? null : Number(value));

/** json_agg answers an array; some drivers hand json back as text. */
export function idList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value !== "") return (JSON.parse(value) as unknown[]).map(String);
  return [];
}

/** Count and hash sum of the writing transactions of `rows` (an aliased table of the organization). */
const rowsFingerprint = (rows: string, alias: string, key: string, organizationId: string) =>
  sql<string>`(select count(*)::text || ':' || coalesce(sum(hashtextextended(${sql.raw(key)} || ':' || ${sql.raw(alias)}.xmin::text, 0)), 0)::text
    from ${sql.raw(rows)} where ${sql.raw(alias)}.organization_id = ${organizationId})`;

async function fingerprintOf(tx: Tx, organizationId: string): Promise<string> {
  const parts = [
    // Each account by its key (a correlated lookup): a join could read every account in the database.
    rowsFingerprint(
      "memberships m",
      "m",
      "m.user_id::text || ':' || (select u.xmin::text from users u where u.id = m.user_id)",
      organizationId,
    ),
    rowsFingerprint("membership_jobs mj", "mj", "mj.user_id::text || mj.job_id::text", organizationId),
    rowsFingerprint("job_scheduler_members jm", "jm", "jm.user_id::text || jm.job_scheduler_id::text", organizationId),
    rowsFingerprint("jobs j", "j", "j.id::text", organizationId),
  ];
  const found = await tx
    .selectNoFrom(sql<string>`${sql.join(parts, sql` || '|' || `)}`.as("fingerprint"))
    .executeTakeFirstOrThrow();
  return found.fingerprint;
}

/**
 * The people on the shown boards (not archived) and everyone with a shift
 * shown (archived ones too: their shifts stay on the board), named the way
 * the people list names them, with their jobs (active ones) and which of the
 * shown boards they are on; `user_id` is the account.
 */
export async function weekPeople(
  tx: Tx,
  organizationId: string,
  boardIds: string[],
  shiftUserIds: string[],
): Promise<SchedulePerson[]> {
  const key = `${organizationId}|${[...boardIds].sort().join(",")}`;
  const fingerprint = `${await fingerprintOf(tx, organizationId)}|${[...shiftUserIds].sort().join(",")}`;
  const hit = kept.get(key, fingerprint);
  if (hit) return hit;
  const people = await loadPeople(tx, organizationId, boardIds, shiftUserIds);
  kept.set(key, fingerprint, people);
  return people;
}

async function loadPeople(
  tx: Tx,
  organizationId: string,
  boardIds: string[],
  shiftUserIds: string[],
): Promise<SchedulePerson[]> {
  const rows = await tx
    .with("listed", (db) =>
      db
        .selectFrom("job_scheduler_members as jm")
        .select("jm.user_id")
        .where("jm.organization_id", "=", organizationId)
        .where(sql<boolean>`jm.job_scheduler_id = any(${boardIds}::uuid[])`)
        .union(db.selectNoFrom(sql<string>`unnest(${shiftUserIds}::uuid[])`.as("user_id"))),
    )
    .selectFrom("listed")
    .innerJoin("memberships as m", (join) =>
      join.onRef("m.user_id", "=", "listed.user_id").on("m.organization_id", "=", organizationId),
    )
    .innerJoin("users as u", "u.id", "m.user_id")
    // Archived people only for their shifts: their board membership stays, but they are off the board.
    .where((eb) =>
      eb.or([
        eb("m.status", "<>", "archived"),
        eb(sql<string>`m.user_id`, "=", sql<string>`any(${shiftUserIds}::uuid[])`),
      ]),
    )
    .select([
      "m.user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      "m.status",
      "m.hourly_rate",
      // Per person, through the (organization, person) indexes, so the plan does not hang on how many
      // people the planner expects: with other organizations in the database, row-level security's
      // own condition makes it expect a few dozen for any tenant, and a grouped join of the board's
      // people would then be read again for each person (seconds at 2,000).
      sql<unknown>`(select json_agg(mj.job_id order by mj.job_id) from membership_jobs mj
        join jobs j on j.organization_id = mj.organization_id and j.id = mj.job_id
        where mj.organization_id = m.organization_id and mj.user_id = m.user_id and not j.is_archived)`.as("job_ids"),
      sql<unknown>`(select json_agg(jm.job_scheduler_id order by jm.job_scheduler_id) from job_scheduler_members jm
        where jm.organization_id = m.organization_id and jm.user_id = m.user_id
          and jm.job_scheduler_id = any(${boardIds}::uuid[]))`.as("board_ids"),
    ])
    .orderBy(sql`lower(${shown.firstName})`)
    .orderBy(sql`lower(${shown.lastName})`)
    .orderBy("m.user_id")
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    hourly_rate: money(row.hourly_rate),
    job_ids: idList(row.job_ids),
    board_ids: idList(row.board_ids),
  }));
}
