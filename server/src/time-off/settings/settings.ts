import type { TimeOffSettings } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound } from "../../lib/http/errors.ts";

/** The organization's time-off settings, with the calendar's limits per job (jobs without one left out). */
export async function readTimeOffSettings(tx: Tx, organizationId: string): Promise<TimeOffSettings> {
  const row = await tx
    .selectFrom("organization_settings")
    .select(["time_off_day_minutes", "weekend_days", "blocked_dates_policy", "leave_scheduling_policy"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  const limits = await tx
    .selectFrom("time_off_job_limits")
    .select(["job_id", "max_off"])
    .where("organization_id", "=", organizationId)
    .orderBy("job_id")
    .execute();
  return {
    day_minutes: row?.time_off_day_minutes ?? 480,
    weekend_days: (row?.weekend_days ?? [0, 6]).map(Number),
    blocked_dates_policy: (row?.blocked_dates_policy ?? "refuse") as TimeOffSettings["blocked_dates_policy"],
    leave_scheduling_policy: (row?.leave_scheduling_policy ?? "warn") as TimeOffSettings["leave_scheduling_policy"],
    job_limits: limits,
  };
}

/**
 * Changes some of the settings (the others stay). A job limit of null takes
 * the job's limit away; a job not of the organization is 404 and nothing is
 * written. Audited with the settings before and after.
 */
export async function updateTimeOffSettings(
  tx: Tx,
  actor: Actor,
  patch: Partial<TimeOffSettings>,
): Promise<TimeOffSettings> {
  const organizationId = actor.organizationId;
  const before = await readTimeOffSettings(tx, organizationId);
  const limits = patch.job_limits ?? [];
  const jobIds = [...new Set(limits.map((limit) => limit.job_id))];
  if (jobIds.length > 0) {
    const jobs = await tx
      .selectFrom("jobs")
      .select("id")
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`id = any(${jobIds}::uuid[])`)
      .execute();
    if (jobs.length !== jobIds.length) throw notFound("No such job");
  }
  const columns = {
    ...(patch.day_minutes !== undefined ? { time_off_day_minutes: patch.day_minutes } : {}),
    ...(patch.weekend_days !== undefined ? { weekend_days: [...patch.weekend_days].sort() } : {}),
    ...(patch.blocked_dates_policy !== undefined ? { blocked_dates_policy: patch.blocked_dates_policy } : {}),
    ...(patch.leave_scheduling_policy !== undefined ? { leave_scheduling_policy: patch.leave_scheduling_policy } : {}),
  };
  if (Object.keys(columns).length > 0) {
    const row = { ...columns, updated_at: sql<Date>`now()` };
    await tx
      .insertInto("organization_settings")
      .values({ organization_id: organizationId, ...row })
      .onConflict((conflict) => conflict.column("organization_id").doUpdateSet(row))
      .execute();
  }
  const removed = limits.filter((limit) => limit.max_off === null).map((limit) => limit.job_id);
  if (removed.length > 0) {
    await tx
      .deleteFrom("time_off_job_limits")
      .where("organization_id", "=", organizationId)
      .where(sql<boolean>`job_id = any(${removed}::uuid[])`)
      .execute();
  }
  const set = new Map<string, number>();
  for (const limit of limits) if (limit.max_off !== null) set.set(limit.job_id, limit.max_off);
  if (set.size > 0) {
    await tx
      .insertInto("time_off_job_limits")
      .values([...set].map(([job_id, max_off]) => ({ organization_id: organizationId, job_id, max_off })))
      .onConflict((conflict) =>
        conflict.columns(["organization_id", "job_id"]).doUpdateSet({ max_off: (eb) => eb.ref("excluded.max_off") }),
      )
      .execute();
  }
  const after = await readTimeOffSettings(tx, organizationId);
  await recordAudit(tx, actor, {
    action: "timeOff.settings",
    targetType: "organization",
    targetId: organizationId,
    before,
    after,
  });
  return after;
}
