import { entryDate, zoneOfWork } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";

/**
 * Time entries with what the contracts' zoneOfWork needs to cut their day:
 * the zone of their shift's board and their job's own zone. Every reader of
 * entries that puts them on days (timesheets, approvals' locks, the
 * overview) starts here, so none of them picks a zone of its own.
 */
export function entriesWithZones(tx: Tx, organizationId: string) {
  return entriesJoinedToZones(tx, organizationId)
    .selectAll("e")
    .select(["b.time_zone as board_zone", "j.time_zone as job_zone"]);
}

/** entriesWithZones before its select: a reader of many entries picks its columns (and the two zones). */
export function entriesJoinedToZones(tx: Tx, organizationId: string) {
  return tx
    .selectFrom("time_entries as e")
    .leftJoin("shifts as s", (join) =>
      join.onRef("s.organization_id", "=", "e.organization_id").onRef("s.id", "=", "e.shift_id"),
    )
    .leftJoin("job_schedulers as b", (join) =>
      join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
    )
    .leftJoin("jobs as j", (join) =>
      join.onRef("j.organization_id", "=", "e.organization_id").onRef("j.id", "=", "e.job_id"),
    )
    .where("e.organization_id", "=", organizationId);
}

/** The zone an entry's day is cut in, from a row of entriesWithZones (or one shaped alike). */
export const entryZoneOf = (
  row: { board_zone: string | null; job_zone: string | null },
  organizationZone: string,
): string => zoneOfWork({ board: row.board_zone, job: row.job_zone, organization: organizationZone });

/** The zones of one entry to be (its shift and job as they will be written), looked up. */
export async function zoneOfEntry(
  tx: Tx,
  organizationId: string,
  work: { shift_id: string | null; job_id: string | null },
  organizationZone: string,
): Promise<string> {
  const board = work.shift_id
    ? await tx
        .selectFrom("shifts as s")
        .innerJoin("job_schedulers as b", (join) =>
          join.onRef("b.organization_id", "=", "s.organization_id").onRef("b.id", "=", "s.job_scheduler_id"),
        )
        .select("b.time_zone")
        .where("s.organization_id", "=", organizationId)
        .where("s.id", "=", work.shift_id)
        .executeTakeFirst()
    : undefined;
  const job = work.job_id
    ? await tx
        .selectFrom("jobs")
        .select("time_zone")
        .where("organization_id", "=", organizationId)
        .where("id", "=", work.job_id)
        .executeTakeFirst()
    : undefined;
  return zoneOfWork({ board: board?.time_zone, job: job?.time_zone, organization: organizationZone });
}

/** The day the timesheets put an entry on (its rounded clock-in in its zone): what approvals lock. */
export async function dayOfEntry(
  tx: Tx,
  organizationId: string,
  work: { shift_id: string | null; job_id: string | null; clock_in_at: Date | string },
  settings: { rounding_minutes: number; time_zone: string },
): Promise<string> {
  const zone = await zoneOfEntry(tx, organizationId, work, settings.time_zone);
  return entryDate(new Date(work.clock_in_at).toISOString(), settings.rounding_minutes, zone);
}
