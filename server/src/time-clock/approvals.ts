import { type ApprovalSkipReason, type BulkApprovalResponse, can, payPeriodOf } from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit, recordAudits } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { type AppError, forbidden, refuse } from "../lib/http/errors.ts";
import { recomputeLedgers } from "../time-off/ledger/recompute.ts";
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

/** Only who may approve their own time (timesheets.own) does; everyone else leaves it to another manager. */
const isOwnTime = (actor: Actor, userId: string) => userId === actor.userId && !can(actor, "timesheets.own");
const ownTime = () => forbidden("Another manager approves your own timesheet");

type Verdict = "ready" | ApprovalSkipReason;

const refusals: Record<ApprovalSkipReason, () => AppError> = {
  "timeClock.ownTime": ownTime,
  "timeClock.unknownPerson": () =>
    refuse("time_clock_person_unknown", "No such person here", { user_id: "timeClock.unknownPerson" }),
  "timeClock.unresolvedEntries": () =>
    refuse("timesheet_entries_unresolved", "Settle the open and flagged entries of this period before approving it", {
      period_start: "timeClock.unresolvedEntries",
    }),
  "timeClock.alreadyApproved": () =>
    refuse("timesheet_already_approved", "This period is already approved", {
      period_start: "timeClock.alreadyApproved",
    }),
};

/**
 * Approves the pay period starting on `periodStart` of each person named,
 * locking their entries: in one transaction, whoever is ready. A person is
 * skipped (with why) while one of their entries is still open or flagged (a
 * forgotten clock-out must be settled first), when already approved, when
 * not a member here, or when it is the supervisor's own time. Each approval
 * is audited with the totals it approved.
 */
export async function approvePeriods(
  tx: Tx,
  actor: Actor,
  userIds: readonly string[],
  periodStart: string,
  now = new Date(),
): Promise<BulkApprovalResponse> {
  const settings = await clockSettings(tx, actor.organizationId);
  const period = payPeriodOf(periodStart, settings);
  if (period.start !== periodStart) {
    throw refuse("timesheet_period_start_invalid", `Pay periods start on ${period.start}`, {
      period_start: "timeClock.notPeriodStart",
    });
  }
  const verdicts = new Map<string, Verdict>();
  for (const id of userIds) if (isOwnTime(actor, id)) verdicts.set(id, "timeClock.ownTime");
  const wanted = userIds.filter((id) => !verdicts.has(id));

  // The people's locks, in id order and FOR NO KEY UPDATE (as entry changes and punches take them), so an
  // entry cannot change between check and approval.
  const members =
    wanted.length === 0
      ? []
      : await tx
          .selectFrom("memberships")
          .select("user_id")
          .where("organization_id", "=", actor.organizationId)
          .where("user_id", "in", wanted)
          .orderBy("user_id")
          .forNoKeyUpdate()
          .execute();
  const memberIds = new Set(members.map((member) => member.user_id));
  for (const id of wanted) if (!memberIds.has(id)) verdicts.set(id, "timeClock.unknownPerson");

  const present = wanted.filter((id) => memberIds.has(id));
  const sheets =
    present.length === 0
      ? []
      : (await loadTimesheets(tx, actor.organizationId, "all", periodStart, true, now, present)).people;
  const sheetOf = new Map(sheets.map((person) => [person.user_id, person.sheet]));
  for (const id of present) {
    const unsettled = sheetOf.get(id)?.entries.some((row) => row.open || row.flagged);
    verdicts.set(id, unsettled ? "timeClock.unresolvedEntries" : "ready");
  }

  const candidates = userIds.filter((id) => verdicts.get(id) === "ready");
  // The database decides what is already approved: the same period, or (after a change of pay period)
  // any approval sharing a day with it, which its exclusion constraint refuses.
  const inserted =
    candidates.length === 0
      ? []
      : await tx
          .insertInto("timesheet_approvals")
          .values(
            candidates.map((userId) => ({
              organization_id: actor.organizationId,
              user_id: userId,
              period_start: period.start,
              period_end: period.end,
              approved_by: actor.userId,
              // Kept with the approval: accrual per hours worked reads it (the entries are locked while it stands).
              worked_minutes: sheetOf.get(userId)?.totals.worked_minutes ?? 0,
            })),
          )
          .onConflict((conflict) => conflict.doNothing())
          .returning("user_id")
          .execute();
  const insertedIds = new Set(inserted.map((row) => row.user_id));
  for (const id of candidates) if (!insertedIds.has(id)) verdicts.set(id, "timeClock.alreadyApproved");
  const ready = candidates.filter((id) => insertedIds.has(id));
  if (ready.length > 0) {
    await recordAudits(
      tx,
      actor,
      ready.map((userId) => ({
        action: "timesheet.approve",
        targetType: "timesheet",
        targetId: `${userId}:${period.start}`,
        after: { user_id: userId, period, totals: sheetOf.get(userId)?.totals ?? null },
      })),
    );
    for (const userId of ready) await announceClockChange(tx, actor.organizationId, userId);
    // Leave accrued per hours worked follows the approved timesheets.
    await recomputeLedgers(tx, actor.organizationId, { userIds: ready });
  }
  return {
    approved: ready,
    skipped: userIds.flatMap((id) => {
      const verdict = verdicts.get(id);
      return verdict && verdict !== "ready" ? [{ user_id: id, reason: verdict }] : [];
    }),
  };
}

/** Approves one person's period (see approvePeriods), refusing with the reason it could not. */
export async function approvePeriod(
  tx: Tx,
  actor: Actor,
  userId: string,
  periodStart: string,
  now = new Date(),
): Promise<void> {
  const { skipped } = await approvePeriods(tx, actor, [userId], periodStart, now);
  const reason = skipped[0]?.reason;
  if (reason) throw refusals[reason]();
}

/** Unlocks an approved period (its entries can change again), with the reason. Audited. */
export async function unlockPeriod(
  tx: Tx,
  actor: Actor,
  userId: string,
  periodStart: string,
  reason: string,
): Promise<void> {
  if (isOwnTime(actor, userId)) throw ownTime();
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
  if (!removed) {
    throw refuse("timesheet_not_approved", "This period is not approved", { period_start: "timeClock.notApproved" });
  }
  await recordAudit(tx, actor, {
    action: "timesheet.unlock",
    targetType: "timesheet",
    targetId: `${userId}:${periodStart}`,
    before: { user_id: userId, ...removed },
    reason,
  });
  await recomputeLedgers(tx, actor.organizationId, { userIds: [userId] });
  await announceClockChange(tx, actor.organizationId, userId);
}
