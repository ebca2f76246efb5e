import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";

/** The organization's request settings, with its zone (today is read there); the defaults when it has no settings row. */
export interface RequestSettingsInZone extends RequestSettings {
  time_zone: string;
}

export async function requestSettings(tx: Tx, organizationId: string): Promise<RequestSettingsInZone> {
  const row = await tx
    .selectFrom("organization_settings")
    .select([
      "time_zone",
      "claim_needs_approval",
      "cover_needs_approval",
      "swap_needs_approval",
      "swap_same_job_auto",
      "request_deadline_hours",
      "availability_needs_approval",
    ])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_REQUEST_SETTINGS, time_zone: "UTC" };
  return {
    time_zone: row.time_zone,
    claim_needs_approval: row.claim_needs_approval,
    cover_needs_approval: row.cover_needs_approval,
    swap_needs_approval: row.swap_needs_approval,
    swap_same_job_auto: row.swap_same_job_auto,
    deadline_hours: Number(row.request_deadline_hours),
    availability_needs_approval: row.availability_needs_approval,
  };
}

const settingsOnly = ({ time_zone: _zone, ...settings }: RequestSettingsInZone): RequestSettings => settings;

/** Changes some of the settings (the others stay), audited with before and after. */
export async function updateRequestSettings(
  tx: Tx,
  actor: Actor,
  changes: Partial<RequestSettings>,
): Promise<RequestSettings> {
  const org = actor.organizationId;
  const before = settingsOnly(await requestSettings(tx, org));
  const { deadline_hours, ...flags } = changes;
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(flags).filter(([, value]) => value !== undefined),
  );
  if (deadline_hours !== undefined) values.request_deadline_hours = deadline_hours;
  if (Object.keys(values).length === 0) return before;
  const row = { ...values, updated_at: sql<Date>`now()` };
  await tx
    .insertInto("organization_settings")
    .values({ organization_id: org, ...row })
    .onConflict((conflict) => conflict.column("organization_id").doUpdateSet(row))
    .execute();
  const after = settingsOnly(await requestSettings(tx, org));
  await recordAudit(tx, actor, {
    action: "request.settings",
    targetType: "organization",
    targetId: org,
    before,
    after,
  });
  return after;
}
