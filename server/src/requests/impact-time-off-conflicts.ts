import { localDateOf, type RequestImpact } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { detailsOf, type RequestRow, type ShiftSnapshot } from "./records.ts";

/**
 * Approved time off the people taking shifts would meet (claims, covers and
 * swaps): the taker's leave on the day each shift is on (its board's day).
 * One statement for the page.
 */

interface Take {
  requestId: string;
  userId: string;
  day: string;
}

function takesOf(row: RequestRow, zones: Map<string, string>): Take[] {
  const details = detailsOf(row);
  const dayOf = (shift: ShiftSnapshot | undefined) =>
    shift ? localDateOf(shift.starts_at, zones.get(shift.board_id) ?? "UTC") : null;
  const takes: Take[] = [];
  const add = (userId: string | null, shift: ShiftSnapshot | undefined) => {
    const day = dayOf(shift);
    if (userId && day) takes.push({ requestId: row.id, userId, day });
  };
  if (row.kind === "claim") add(row.author_id, details.shift);
  if (row.kind === "cover") add(row.taker_id, details.shift);
  if (row.kind === "swap") {
    add(row.author_id, details.other_shift);
    add(row.to_user_id, details.shift);
  }
  return takes;
}

export async function addTimeOffConflicts(
  tx: Tx,
  organizationId: string,
  rows: readonly RequestRow[],
  impacts: Map<string, RequestImpact>,
): Promise<void> {
  const boardIds = [
    ...new Set(
      rows.flatMap((row) => {
        const details = detailsOf(row);
        return [details.shift?.board_id, details.other_shift?.board_id].filter((id): id is string => !!id);
      }),
    ),
  ];
  if (boardIds.length === 0) return;
  const zones = await tx
    .selectFrom("job_schedulers")
    .select(["id", "time_zone"])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`id = any(${boardIds}::uuid[])`)
    .execute();
  const takes = rows.flatMap((row) => takesOf(row, new Map(zones.map((zone) => [zone.id, zone.time_zone]))));
  if (takes.length === 0) return;
  const found = await sql<{ user_id: string; day: string }>`
    select distinct d.user_id, d.day::text as day
    from time_off_days d
    join requests r on r.organization_id = d.organization_id and r.id = d.request_id and r.status = 'approved'
    where d.organization_id = ${organizationId}
      and (d.user_id, d.day) in (select * from unnest(${takes.map((take) => take.userId)}::uuid[], ${takes.map((take) => take.day)}::date[]))`.execute(
    tx,
  );
  const off = new Set(found.rows.map((row) => `${row.user_id}|${row.day}`));
  for (const take of takes) {
    if (!off.has(`${take.userId}|${take.day}`)) continue;
    const impact = impacts.get(take.requestId);
    if (impact && !impact.time_off_conflicts.some((c) => c.user_id === take.userId && c.date === take.day)) {
      impact.time_off_conflicts.push({ user_id: take.userId, date: take.day });
    }
  }
}
