import { sql } from "kysely";
import type { Tx } from "../lib/db/tenancy.ts";
import { peopleOnLeave } from "../time-off/leave-days-read.ts";

/** The boards a time clock view covers: one board, or every active board for "all". */
export interface CoverScope {
  boards: readonly { id: string }[];
  all: boolean;
}

/** What a view reads: instants for shifts and entries (with any margin), the days of leave. */
export interface CoverWindow {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
}

/** A person a view covers; `member` when they are an active member of a board in scope (listed even with nothing). */
export interface CoveredPerson {
  user_id: string;
  member: boolean;
}

/**
 * Whose time a period view covers: the one definition the timesheets of a
 * board and of "all", their exports and the live view share.
 *
 * - the active members of the boards in scope;
 * - everyone with a published shift on those boards in the window, whatever
 *   their standing (invited people with shifts are counted, so are people
 *   archived since);
 * - for "all" only, also everyone with a time entry or approved leave in the
 *   window: that time belongs to no board.
 *
 * Each person covered brings their whole time of the period (every entry,
 * their published shifts on any board, their leave). So for people on one
 * board each, "all" is the sum of the boards; someone on no board with
 * nothing in the period (an owner who only manages) is in no view, and
 * someone on two boards is in both. A caller drops the people who are not
 * members and turn out to have nothing in the period itself (the window's
 * margins read a day more each way).
 */
export async function coveredPeople(
  tx: Tx,
  organizationId: string,
  scope: CoverScope,
  window: CoverWindow,
): Promise<CoveredPerson[]> {
  const boardIds = scope.boards.map((board) => board.id);
  const onBoards = sql<boolean>`job_scheduler_id = any(${boardIds}::uuid[])`;
  const members = await tx
    .selectFrom("job_scheduler_members as jm")
    .innerJoin("memberships as m", (join) =>
      join.onRef("m.organization_id", "=", "jm.organization_id").onRef("m.user_id", "=", "jm.user_id"),
    )
    .select("jm.user_id")
    .where("jm.organization_id", "=", organizationId)
    .where(sql<boolean>`jm.job_scheduler_id = any(${boardIds}::uuid[])`)
    .where("m.status", "=", "active")
    .execute();
  let others = tx
    .selectFrom("shifts")
    .select(sql<string>`published_user_id`.as("user_id"))
    .where("organization_id", "=", organizationId)
    .where(onBoards)
    .where("published_user_id", "is not", null)
    .where("published_starts_at", ">=", window.from)
    .where("published_starts_at", "<", window.to);
  if (scope.all) {
    others = others.union(
      tx
        .selectFrom("time_entries")
        .select("user_id")
        .where("organization_id", "=", organizationId)
        .where("deleted_at", "is", null)
        .where("clock_in_at", ">=", window.from)
        .where("clock_in_at", "<", window.to),
    );
  }
  const found = (await others.execute()).map((row) => row.user_id);
  if (scope.all) found.push(...(await peopleOnLeave(tx, organizationId, window.firstDay, window.lastDay)));

  const covered = new Map<string, CoveredPerson>();
  for (const row of members) covered.set(row.user_id, { user_id: row.user_id, member: true });
  for (const userId of found) if (!covered.has(userId)) covered.set(userId, { user_id: userId, member: false });
  return [...covered.values()];
}
