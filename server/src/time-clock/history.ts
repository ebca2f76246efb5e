import { type EntryAudit, type EntryHistory, timeEntrySchema } from "@workshift/contracts";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound } from "../lib/http/errors.ts";
import { shown } from "../people/list.ts";
import { toPunch } from "./punch.ts";
import { toEntry } from "./records.ts";

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const actions = {
  "time_entry.create": "created",
  "time_entry.update": "updated",
  "time_entry.delete": "deleted",
} as const;
const snapshot = (value: unknown) => {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  return timeEntrySchema.partial().parse(parsed);
};

/**
 * An entry's whole story, oldest first: the punches it was made from (as they
 * arrived) and every manager's change with who, when, why, before and after.
 * Deleted entries keep theirs.
 */
export async function entryHistory(tx: Tx, organizationId: string, id: string): Promise<EntryHistory> {
  if (!isUuid(id)) throw notFound("No such time entry");
  const row = await tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("No such time entry");
  const punches = await tx
    .selectFrom("time_punches")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("time_entry_id", "=", id)
    .orderBy("happened_at")
    .execute();
  const records = await tx
    .selectFrom("audit_log as a")
    .leftJoin("memberships as m", (join) =>
      join.onRef("m.organization_id", "=", "a.organization_id").onRef("m.user_id", "=", "a.actor_user_id"),
    )
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .select([
      "a.id",
      "a.action",
      "a.actor_user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      "a.reason",
      "a.before",
      "a.after",
      "a.created_at",
    ])
    .where("a.organization_id", "=", organizationId)
    .where("a.target_type", "=", "time_entry")
    .where("a.target_id", "=", id)
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  const audit: EntryAudit[] = records.map((record) => ({
    id: record.id,
    action: actions[record.action as keyof typeof actions] ?? "updated",
    actor:
      record.actor_user_id === null
        ? null
        : { user_id: record.actor_user_id, first_name: record.first_name ?? "", last_name: record.last_name ?? "" },
    reason: record.reason,
    before: snapshot(record.before),
    after: snapshot(record.after),
    at: iso(record.created_at),
  }));
  return { entry: toEntry(row), deleted: row.deleted_at !== null, punches: punches.map(toPunch), audit };
}
