import type { BalancesResponse } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../../lib/access/actor.ts";
import { recordAudit } from "../../lib/db/audit.ts";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound } from "../../lib/http/errors.ts";
import { listLeaveTypes } from "../setup/leave-types.ts";
import { readBalances } from "./balance-read.ts";
import { recomputeLedgers } from "./recompute.ts";

async function membership(tx: Tx, organizationId: string, userId: string) {
  const row = await tx
    .selectFrom("memberships")
    .select([sql<string | null>`started_on::text`.as("started_on"), "day_minutes"])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("No such person");
  return row;
}

/** A member's balances, one per active leave type (404 for anyone not a member here). */
export async function personBalances(tx: Tx, organizationId: string, userId: string): Promise<BalancesResponse> {
  await membership(tx, organizationId, userId);
  const figures = (await readBalances(tx, organizationId, [userId])).get(userId);
  const person = await membership(tx, organizationId, userId);
  const types = (await listLeaveTypes(tx, organizationId)).filter((type) => !type.archived);
  const orgDay = await tx
    .selectFrom("organization_settings")
    .select("time_off_day_minutes")
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  const dayMinutes = person.day_minutes ?? orgDay?.time_off_day_minutes ?? 480;
  return {
    balances: types.map((type) => {
      const figure = figures?.get(type.id);
      return {
        leave_type: type,
        policy: figure?.policy ?? null,
        balance_minutes: figure?.balance_minutes ?? 0,
        pending_minutes: figure?.pending_minutes ?? 0,
        negative_allowance_minutes: figure?.negative_allowance_minutes ?? 0,
        day_minutes: dayMinutes,
      };
    }),
    started_on: person.started_on,
    day_minutes: dayMinutes,
  };
}

/** Sets a member's start date and usual day; their balances are recomputed. Audited. */
export async function updateLeavePerson(
  tx: Tx,
  actor: Actor,
  userId: string,
  patch: { started_on?: string | null | undefined; day_minutes?: number | null | undefined },
): Promise<BalancesResponse> {
  const before = await membership(tx, actor.organizationId, userId);
  const changes = {
    ...(patch.started_on !== undefined ? { started_on: patch.started_on } : {}),
    ...(patch.day_minutes !== undefined ? { day_minutes: patch.day_minutes } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await tx
      .updateTable("memberships")
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where("organization_id", "=", actor.organizationId)
      .where("user_id", "=", userId)
      .execute();
    await recomputeLedgers(tx, actor.organizationId, { userIds: [userId] });
    await recordAudit(tx, actor, {
      action: "leavePerson.update",
      targetType: "membership",
      targetId: userId,
      before,
      after: { ...before, ...changes },
    });
  }
  return personBalances(tx, actor.organizationId, userId);
}
