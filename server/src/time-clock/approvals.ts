import { payPeriodOf, type Role } from "@workshift/contracts";
import { sql } from "kysely";
import { forbidden } from "../auth/authorize.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { announceClockChange } from "./announce.ts";
import { clockSettings } from "./settings.ts";
import { loadTimesheets } from "./timesheets.ts";

/** The approved pay period of a person holding `date` (YYYY-MM-DD), if any: its entries are locked. */
export async function approvedPeriodHolding(
  tx: Tx,
  organizationId: string,
  userId: string,
  date: string,
): Promise<{ period_start: string; period_end: string } | undefined> {
  return tx
    .selectFrom("timesheet_approvals")
    .select([sql<string>`period_start::text`.as("period_start"), sql<string>`period_end::text`.as("period_end")])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("period_start", "<=", date)
    .where("period_end", ">=", date)
    .executeTakeFirst();
}

interface Actor {
  organizationId: string;
  userId: string;
  role: Role;
}

/** A supervisor does not approve (or unlock) their own timesheet; an owner may. */
function refuseOwnTime(actor: Actor, userId: string): void {
  if (userId === actor.userId && actor.role !== "OWNER") {
    throw forbidden("Another manager approves your own timesheet");
  }
}

const conflict = (field: string, key: string, message: string) =>
  new AppError(409, "conflict", message, { [field]: key });

/**
 * Approves a person's pay period starting on `periodStart`, locking its
 * entries. Refused while one of them is still open or flagged (a forgotten
 * clock-out must be settled first), or when already approved. Audited.
 */
export async function approvePeriod(
  tx: Tx,
  actor: Actor,
  userId: string,
  periodStart: string,
  now = new Date(),
): Promise<void> {
  refuseOwnTime(actor, userId);
  const settings = await clockSettings(tx, actor.organizationId);
  const period = payPeriodOf(periodStart, settings);
  if (period.start !== periodStart) {
    throw new AppError(422, "validation_failed", `Pay periods start on ${period.start}`, {
      period_start: "timeClock.notPeriodStart",
    });
  }
  const member = await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", actor.organizationId)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!member)
    throw new AppError(422, "validation_failed", "No such person here", { user_id: "timeClock.unknownPerson" });
  const sheets = await loadTimesheets(tx, actor.organizationId, "all", periodStart, true, now, [userId]);
  const sheet = sheets.people.find((person) => person.user_id === userId)?.sheet;
  if (sheet?.entries.some((row) => row.open || row.flagged)) {
    throw conflict(
      "period_start",
      "timeClock.unresolvedEntries",
      "Settle the open and flagged entries of this period before approving it",
    );
  }
  const inserted = await tx
    .insertInto("timesheet_approvals")
    .values({
      organization_id: actor.organizationId,
      user_id: userId,
      period_start: period.start,
      period_end: period.end,
      approved_by: actor.userId,
    })
    .onConflict((conflicting) => conflicting.doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (!inserted) throw conflict("period_start", "timeClock.alreadyApproved", "This period is already approved");
  await tx
    .insertInto("audit_log")
    .values({
      organization_id: actor.organizationId,
      actor_user_id: actor.userId,
      action: "timesheet.approve",
      target_type: "timesheet",
      target_id: `${userId}:${period.start}`,
      after: JSON.stringify({ user_id: userId, period, totals: sheet?.totals ?? null }),
    })
    .execute();
  await announceClockChange(tx, actor.organizationId, userId);
}

/** Unlocks an approved period (its entries can change again), with the reason. Audited. */
export async function unlockPeriod(
  tx: Tx,
  actor: Actor,
  userId: string,
  periodStart: string,
  reason: string,
): Promise<void> {
  refuseOwnTime(actor, userId);
  const removed = await tx
    .deleteFrom("timesheet_approvals")
    .where("organization_id", "=", actor.organizationId)
    .where("user_id", "=", userId)
    .where("period_start", "=", periodStart)
    .returning([
      sql<string>`period_start::text`.as("period_start"),
      sql<string>`period_end::text`.as("period_end"),
      "approved_by",
      "approved_at",
    ])
    .executeTakeFirst();
  if (!removed) throw conflict("period_start", "timeClock.notApproved", "This period is not approved");
  await tx
    .insertInto("audit_log")
    .values({
      organization_id: actor.organizationId,
      actor_user_id: actor.userId,
      action: "timesheet.unlock",
      target_type: "timesheet",
      target_id: `${userId}:${periodStart}`,
      before: JSON.stringify({ user_id: userId, ...removed }),
      reason,
    })
    .execute();
  await announceClockChange(tx, actor.organizationId, userId);
}
