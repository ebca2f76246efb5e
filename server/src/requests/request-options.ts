import type { RequestOptions, RequestPerson } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";
import { eligibleAmong, holdsShiftSql } from "./eligibility.ts";
import { bookedTimes, horizonOf, overlapsBooked, publishedShifts, requestShiftOf } from "./published-shifts.ts";

const noSuchShift = () => notFound("No such shift");

/**
 * For one of my shifts (published as it is, not started; 404 otherwise,
 * another organization's included): the teammates who could take it (the
 * request writes' rule, eligibility.ts; free then; not me), and the
 * teammates' shifts of the next eight weeks I could swap it for: each of us
 * may work the other's shift, and neither would be booked twice once they
 * are exchanged.
 */
export async function requestOptions(tx: Tx, actor: Actor, shiftId: string, now = new Date()): Promise<RequestOptions> {
  const org = actor.organizationId;
  if (!isUuid(shiftId)) throw noSuchShift();
  const [mine] = await publishedShifts(
    tx,
    org,
    { after: now },
    sql<boolean>`s.id = ${shiftId} and s.user_id = ${actor.userId}`,
  );
  if (!mine) throw noSuchShift();

  // Who could take mine: active, on its job (or board), free during it.
  const couldTake = [...(await eligibleAmong(tx, org, mine, null))].filter((id) => id !== actor.userId);
  const busyThen = await bookedTimes(tx, org, couldTake, new Date(mine.starts_at), new Date(mine.ends_at));
  const teammateIds = couldTake.filter((id) => !overlapsBooked(busyThen.get(id), mine));

  // Swaps: their shifts I may work, held by someone who may work mine.
  const mayTakeMine = new Set(couldTake);
  const iMayTake = holdsShiftSql(org, sql`${actor.userId}::uuid`, sql.ref("s.job_id"), sql.ref("s.job_scheduler_id"));
  const theirs = (
    await publishedShifts(
      tx,
      org,
      { after: now, before: horizonOf(now) },
      sql<boolean>`s.user_id is not null and s.user_id <> ${actor.userId} and s.id <> ${mine.id} and ${iMayTake}`,
    )
  ).filter((shift) => mayTakeMine.has(shift.user_id as string));
  const holders = [...new Set(theirs.map((shift) => shift.user_id as string))];
  // Each holder may work mine, so busyThen has their shifts during it; mine over the swaps' span.
  const latestEnd = new Date(Math.max(Date.parse(mine.ends_at), ...theirs.map((shift) => Date.parse(shift.ends_at))));
  const myBooked = (await bookedTimes(tx, org, [actor.userId], now, latestEnd)).get(actor.userId);
  const swaps = theirs.filter(
    (shift) =>
      !overlapsBooked(myBooked, shift, new Set([mine.id])) &&
      !overlapsBooked(busyThen.get(shift.user_id as string), mine, new Set([shift.id])),
  );

  const names = await namesOf(tx, [...teammateIds, ...holders]);
  const personOf = (id: string): RequestPerson => names.get(id) ?? { user_id: id, first_name: "", last_name: "" };
  const byName = (a: RequestPerson, b: RequestPerson) =>
    a.first_name.localeCompare(b.first_name) ||
    a.last_name.localeCompare(b.last_name) ||
    a.user_id.localeCompare(b.user_id);
  return {
    teammates: teammateIds.map(personOf).sort(byName),
    swaps: swaps.map((shift) => ({ shift: requestShiftOf(shift), user: personOf(shift.user_id as string) })),
  };
}

/** People's names by account (the edge names them by person id). */
async function namesOf(tx: Tx, userIds: readonly string[]): Promise<Map<string, RequestPerson>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("users")
    .select(["id", "first_name", "last_name"])
    .where(sql<boolean>`id = any(${[...new Set(userIds)]}::uuid[])`)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { user_id: row.id, first_name: row.first_name, last_name: row.last_name }]),
  );
}
