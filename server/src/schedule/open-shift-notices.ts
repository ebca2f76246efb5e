import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { holdsShiftSql } from "../requests/eligibility.ts";
import { bookedTimes, horizonOf, overlapsBooked } from "../requests/published-shifts.ts";
import type { ShiftMention } from "./publish-message.ts";
import { type ShiftRow, shiftStatusOf } from "./records.ts";

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const placeKey = (boardId: string, jobId: string | null) => `${boardId}|${jobId ?? ""}`;

/**
 * Who may take shifts of these boards and jobs (the request writes' rule,
 * requests/eligibility.ts): for each (board, job), the active members who
 * may. One query whatever their number.
 */
async function takersByPlace(
  tx: Tx,
  organizationId: string,
  places: readonly { board_id: string; job_id: string | null }[],
): Promise<Map<string, string[]>> {
  const distinct = [...new Map(places.map((place) => [placeKey(place.board_id, place.job_id), place])).values()];
  const rows = await sql<{ user_id: string; board_id: string; job_id: string | null }>`
    select m.user_id, w.board_id, w.job_id
    from unnest(${distinct.map((place) => place.board_id)}::uuid[], ${distinct.map((place) => place.job_id)}::uuid[])
      as w (board_id, job_id)
    join memberships m on m.organization_id = ${organizationId} and m.status = 'active'
    where ${holdsShiftSql(organizationId, sql.ref("m.user_id"), sql.ref("w.job_id"), sql.ref("w.board_id"))}
  `.execute(tx);
  const byPlace = new Map<string, string[]>();
  for (const row of rows.rows) {
    const key = placeKey(row.board_id, row.job_id);
    const list = byPlace.get(key);
    if (list) list.push(row.user_id);
    else byPlace.set(key, [row.user_id]);
  }
  return byPlace;
}

/**
 * Who to tell of open shifts a publish makes visible, and of which: the
 * shifts published open for the first time (a new open shift, or one whose
 * person was taken off), not started and within the eight weeks employees'
 * lists reach; told to each active member who may take one and is free
 * then, the publisher and the person just taken off it left out. By account;
 * empty when the publish made no open shift visible. Read after the publish
 * is written, so "free" counts the shifts it gave people.
 */
export async function openShiftNotices(
  tx: Tx,
  organizationId: string,
  rows: readonly ShiftRow[],
  publishIds: ReadonlySet<string>,
  publisherId: string,
  now = new Date(),
): Promise<Map<string, ShiftMention[]>> {
  const horizon = horizonOf(now);
  const opened = rows.filter((row) => {
    if (!publishIds.has(row.id) || row.user_id !== null) return false;
    const status = shiftStatusOf(row);
    const newlyOpen = status === "draft" || (status === "changed" && row.published_user_id !== null);
    const startsAt = asDate(row.starts_at);
    return newlyOpen && startsAt > now && startsAt < horizon;
  });
  const notices = new Map<string, ShiftMention[]>();
  if (opened.length === 0) return notices;

  const takers = await takersByPlace(
    tx,
    organizationId,
    opened.map((row) => ({ board_id: row.job_scheduler_id, job_id: row.job_id })),
  );
  const candidates = opened.map((row) => ({
    row,
    /** Who may take it, but the publisher and who worked it until now (taken off by a manager, not offered it back). */
    people: (takers.get(placeKey(row.job_scheduler_id, row.job_id)) ?? []).filter(
      (id) => id !== publisherId && id !== row.published_user_id,
    ),
    times: { starts_at: asDate(row.starts_at).toISOString(), ends_at: asDate(row.ends_at).toISOString() },
  }));
  const everyone = [...new Set(candidates.flatMap((candidate) => candidate.people))];
  if (everyone.length === 0) return notices;
  const from = new Date(Math.min(...candidates.map((candidate) => Date.parse(candidate.times.starts_at))));
  const to = new Date(Math.max(...candidates.map((candidate) => Date.parse(candidate.times.ends_at))));
  const booked = await bookedTimes(tx, organizationId, everyone, from, to);
  for (const { row, people, times } of candidates) {
    for (const userId of people) {
      if (overlapsBooked(booked.get(userId), times)) continue;
      const mention: ShiftMention = {
        boardId: row.job_scheduler_id,
        jobId: row.job_id,
        startsAt: asDate(row.starts_at),
        endsAt: asDate(row.ends_at),
      };
      const list = notices.get(userId);
      if (list) list.push(mention);
      else notices.set(userId, [mention]);
    }
  }
  return notices;
}
