import type { TeamBalancesResponse } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../../lib/db/tenancy.ts";
import { notFound } from "../../lib/http/errors.ts";
import { shown } from "../../people/list.ts";
import { ensureLeaveTypes } from "../setup/default-types.ts";
import { listLeaveTypes } from "../setup/leave-types.ts";
import { readBalances } from "./balance-read.ts";

/**
 * Everyone's balance of one leave type (the first active one when none is
 * named): the organization's active members, or one board's. 404 for a type
 * or board not the organization's.
 */
export async function teamBalances(
  tx: Tx,
  organizationId: string,
  query: { leave_type_id?: string | undefined; board_id?: string | undefined },
): Promise<TeamBalancesResponse> {
  await ensureLeaveTypes(tx, organizationId);
  const types = await listLeaveTypes(tx, organizationId);
  const type =
    query.leave_type_id === undefined
      ? types.find((candidate) => !candidate.archived)
      : types.find((candidate) => candidate.id === query.leave_type_id);
  if (!type) {
    if (query.leave_type_id !== undefined) throw notFound("No such leave type");
    return { people: [] };
  }
  if (query.board_id !== undefined) {
    const board = await tx
      .selectFrom("job_schedulers")
      .select("id")
      .where("organization_id", "=", organizationId)
      .where("id", "=", query.board_id)
      .executeTakeFirst();
    if (!board) throw notFound("No such board");
  }
  let people = tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.user_id",
      shown.firstName.as("first_name"),
      shown.lastName.as("last_name"),
      sql<string | null>`m.started_on::text`.as("started_on"),
    ])
    .where("m.organization_id", "=", organizationId)
    .where("m.status", "=", "active");
  if (query.board_id !== undefined) {
    const boardId = query.board_id;
    people = people.where((eb) =>
      eb.exists(
        eb
          .selectFrom("job_scheduler_members as jm")
          .select("jm.user_id")
          .whereRef("jm.organization_id", "=", "m.organization_id")
          .whereRef("jm.user_id", "=", "m.user_id")
          .where("jm.job_scheduler_id", "=", boardId),
      ),
    );
  }
  const rows = await people
    .orderBy(sql`lower(${shown.firstName})`)
    .orderBy(sql`lower(${shown.lastName})`)
    .orderBy("m.user_id")
    .execute();
  const balances = await readBalances(
    tx,
    organizationId,
    rows.map((row) => row.user_id),
  );
  return {
    people: rows.map((row) => {
      const figure = balances.get(row.user_id)?.get(type.id);
      return {
        ...row,
        day_minutes: figure?.day_minutes ?? 480,
        policy_id: figure?.policy?.id ?? null,
        balance_minutes: figure?.balance_minutes ?? 0,
        pending_minutes: figure?.pending_minutes ?? 0,
      };
    }),
  };
}
