import { defaultLeaveTypes, OWNER_ROLE } from "@workshift/contracts";
import { sql } from "kysely";
import { messagePiece } from "../../delivery/render.ts";
import type { Tx } from "../../lib/db/tenancy.ts";

/**
 * Gives an organization without any leave type the default ones (Vacation,
 * Sick, Unpaid), named in its owner's language (the oldest owner's), the
 * first time time off is read or asked for there. Two requests racing here
 * both insert; the names' unique index keeps one set (on conflict do nothing).
 */
export async function ensureLeaveTypes(tx: Tx, organizationId: string): Promise<void> {
  const any = await tx
    .selectFrom("leave_types")
    .select("id")
    .where("organization_id", "=", organizationId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const owner = await tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select("u.language")
    .where("m.organization_id", "=", organizationId)
    .where("m.role", "=", OWNER_ROLE)
    .orderBy("m.created_at")
    // Owners who joined in the same instant: the account made first, so the choice never varies.
    .orderBy("u.created_at")
    .orderBy("u.id")
    .limit(1)
    .executeTakeFirst();
  const language = owner?.language ?? "en";
  await tx
    .insertInto("leave_types")
    .values(
      defaultLeaveTypes.map((type, position) => ({
        organization_id: organizationId,
        name: messagePiece(language, `leaveTypes.${type.key}`),
        color: type.color,
        paid: type.paid,
        position,
      })),
    )
    .onConflict((conflict) =>
      conflict.expression(sql`organization_id, lower(name)`).where("archived_at", "is", null).doNothing(),
    )
    .execute();
}
