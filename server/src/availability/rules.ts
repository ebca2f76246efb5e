import type { AvailabilityKind, AvailabilityRuleInput } from "@workshift/contracts";
import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";

/** An availability row of a person, as the contracts' rules read it. */
export interface PersonRule extends AvailabilityRuleInput {
  id: string;
  user_id: string;
}

/**
 * The query of the availability rows of these people that can hold between
 * `from` and `to` (dates, inclusive): weekly windows in effect for part of it
 * and the exceptions of its dates. For a caller that sends it with other
 * reads; availabilityOf runs it.
 */
export function availabilityQuery(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
) {
  return tx
    .selectFrom("availability_rules")
    .select([
      "id",
      "user_id",
      "kind",
      "weekday",
      sql<string | null>`day::text`.as("day"),
      "start_minute",
      "end_minute",
      sql<string | null>`effective_from::text`.as("effective_from"),
      sql<string | null>`effective_until::text`.as("effective_until"),
      "note",
    ])
    .where("organization_id", "=", organizationId)
    .where(sql<boolean>`user_id = any(${[...new Set(userIds)]}::uuid[])`)
    .where((eb) =>
      eb.or([
        eb.and([eb("day", ">=", from), eb("day", "<=", to)]),
        eb.and([
          eb("weekday", "is not", null),
          eb("effective_from", "<=", to),
          eb.or([eb("effective_until", "is", null), eb("effective_until", ">=", from)]),
        ]),
      ]),
    );
}

type AvailabilityRow = Awaited<ReturnType<ReturnType<typeof availabilityQuery>["execute"]>>[number];

/** availabilityQuery's rows as the contracts' rules read them, by person (accounts). */
export function rulesByPerson(rows: readonly AvailabilityRow[]): Map<string, PersonRule[]> {
  const byPerson = new Map<string, PersonRule[]>();
  for (const row of rows) {
    const rule: PersonRule = {
      id: row.id,
      user_id: row.user_id,
      kind: row.kind as AvailabilityKind,
      weekday: row.weekday === null ? null : Number(row.weekday),
      date: row.day,
      start_minute: row.start_minute === null ? null : Number(row.start_minute),
      end_minute: row.end_minute === null ? null : Number(row.end_minute),
      effective_from: row.effective_from,
      effective_until: row.effective_until,
      note: row.note,
    };
    const list = byPerson.get(row.user_id);
    if (list) list.push(rule);
    else byPerson.set(row.user_id, [rule]);
  }
  return byPerson;
}

/**
 * The availability rows of these people that can hold between `from` and
 * `to` (dates, inclusive), by person (accounts). One query whatever their number.
 */
export async function availabilityOf(
  tx: Tx,
  organizationId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, PersonRule[]>> {
  if (userIds.length === 0) return new Map();
  return rulesByPerson(await availabilityQuery(tx, organizationId, userIds, from, to).execute());
}
