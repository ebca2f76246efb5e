import type { OpenShift } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { leaveDuring } from "../time-off/leave-days-read.ts";
import { holdsShiftSql } from "./eligibility.ts";
import { bookedTimes, horizonOf, overlapsBooked, publishedShifts } from "./published-shifts.ts";

/**
 * The open shifts I may claim (GET /api/my/open-shifts): published as they
 * are on active boards, not started, within the next eight weeks, that I may
 * work (holdsShiftSql: the request writes' rule; I am an active member, or I
 * could not ask) and that meet none of my shifts nor my approved time off
 * (a shift opened because I took leave is not offered back to me); with my waiting claim of
 * each, if I made one. Times in the board's zone (`time_zone`).
 */
export async function myOpenShifts(tx: Tx, actor: Actor, now = new Date()): Promise<{ shifts: OpenShift[] }> {
  const org = actor.organizationId;
  const horizon = horizonOf(now);
  const mine = holdsShiftSql(org, sql`${actor.userId}::uuid`, sql.ref("s.job_id"), sql.ref("s.job_scheduler_id"));
  const open = await publishedShifts(
    tx,
    org,
    { after: now, before: horizon },
    sql<boolean>`s.user_id is null and ${mine}`,
  );
  if (open.length === 0) return { shifts: [] };
  const latestEnd = new Date(Math.max(...open.map((shift) => Date.parse(shift.ends_at))));
  const booked = (await bookedTimes(tx, org, [actor.userId], now, latestEnd)).get(actor.userId);
  const unbooked = open.filter((shift) => !overlapsBooked(booked, shift));
  const leave = await leaveDuring(
    tx,
    org,
    unbooked.map((shift) => ({ user_id: actor.userId, starts_at: shift.starts_at, ends_at: shift.ends_at })),
  );
  const free = unbooked.filter((_shift, index) => !leave.met.has(index));
  const claims = await myClaims(
    tx,
    org,
    actor.userId,
    free.map((shift) => shift.id),
  );
  return {
    shifts: free.map((shift) => ({
      id: shift.id,
      board: { id: shift.board_id, name: shift.board_name },
      job:
        shift.job_id !== null && shift.job_name !== null && shift.job_color !== null
          ? { id: shift.job_id, name: shift.job_name, color: shift.job_color }
          : null,
      starts_at: shift.starts_at,
      ends_at: shift.ends_at,
      break_minutes: shift.break_minutes,
      time_zone: shift.time_zone,
      note: shift.note,
      my_claim_id: claims.get(shift.id) ?? null,
    })),
  };
}

/** My waiting claims of these shifts: shift id → request id. */
async function myClaims(
  tx: Tx,
  organizationId: string,
  userId: string,
  shiftIds: readonly string[],
): Promise<Map<string, string>> {
  if (shiftIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom("requests")
    .select(["id", "shift_id"])
    .where("organization_id", "=", organizationId)
    .where("author_id", "=", userId)
    .where("kind", "=", "claim")
    .where("status", "in", ["offered", "pending"])
    .where(sql<boolean>`shift_id = any(${shiftIds}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.shift_id as string, row.id]));
}
