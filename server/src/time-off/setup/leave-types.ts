import type { LeaveType, LeaveTypeInput } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import { refusingConstraints } from "../../lib/db/constraint-errors.ts";
import { isUuid } from "../../lib/db/ids.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound } from "../../lib/http/errors.ts";
import { nameRefusals } from "./names.ts";

const columns = ["id", "name", "color", "paid", "archived_at"] as const;
type Row = { id: string; name: string; color: string; paid: boolean; archived_at: Date | null };
const toType = (row: Row): LeaveType => ({
  id: row.id,
  name: row.name,
  color: row.color,
  paid: row.paid,
  archived: row.archived_at !== null,
});

/** The organization's leave types, in their order (archived ones too, marked). */
export async function listLeaveTypes(tx: Tx, organizationId: string): Promise<LeaveType[]> {
  const rows = await tx
    .selectFrom("leave_types")
    .select(columns)
    .where("organization_id", "=", organizationId)
    .orderBy("position")
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
  return rows.map(toType);
}

/** One leave type of the organization; 404 for anything else (another organization's too). */
export async function loadLeaveType(tx: Tx, organizationId: string, id: string): Promise<LeaveType> {
  const row = isUuid(id)
    ? await tx
        .selectFrom("leave_types")
        .select(columns)
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound("No such leave type");
  return toType(row);
}

/** A new leave type, last in the order; 409 when an active type has its name. Audited. */
export async function createLeaveType(tx: Tx, actor: Actor, input: LeaveTypeInput): Promise<LeaveType> {
  const row = await refusingConstraints(nameRefusals, () =>
    tx
      .insertInto("leave_types")
      .values({
        organization_id: actor.organizationId,
        name: input.name,
        color: input.color,
        paid: input.paid,
        position: sql<number>`(select coalesce(max(position) + 1, 0) from leave_types where organization_id = ${actor.organizationId})`,
      })
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  const type = toType(row);
  await recordAudit(tx, actor, {
    action: "leaveType.create",
    targetType: "leave_type",
    targetId: type.id,
    after: type,
  });
  return type;
}

/** Renames, recolours, archives or restores a leave type (its balances and history stay). Audited. */
export async function updateLeaveType(
  tx: Tx,
  actor: Actor,
  id: string,
  patch: Partial<LeaveTypeInput> & { archived?: boolean | undefined },
): Promise<LeaveType> {
  const before = await loadLeaveType(tx, actor.organizationId, id);
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.color !== undefined ? { color: patch.color } : {}),
    ...(patch.paid !== undefined ? { paid: patch.paid } : {}),
    ...(patch.archived !== undefined && patch.archived !== before.archived
      ? { archived_at: patch.archived ? sql<Date>`now()` : null }
      : {}),
  };
  if (Object.keys(changes).length === 0) return before;
  const row = await refusingConstraints(nameRefusals, () =>
    tx
      .updateTable("leave_types")
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where("organization_id", "=", actor.organizationId)
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  const after = toType(row);
  await recordAudit(tx, actor, { action: "leaveType.update", targetType: "leave_type", targetId: id, before, after });
  return after;
}
