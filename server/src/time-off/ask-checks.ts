import { type ErrorCode, TIME_OFF_DAYS_MAX, timeOffDates, todayIn } from "@workshift/contracts";
import { sql } from "kysely";
import { isUuid } from "../lib/db/ids.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import { readBalances } from "./ledger/balance-read.ts";
import type { LeaveAsk, PersonLeaveContext } from "./time-off-days.ts";

/**
 * The rules time off is asked and approved by, each read from the database
 * as it is now: asking checks them, and approving checks them again in the
 * decision's transaction. Each answers its refusal code (or null), so the
 * preview can list them all and the writes refuse with the first.
 */

export interface LeaveTypeRow {
  id: string;
  name: string;
  color: string;
  paid: boolean;
  archived: boolean;
}

/** The organization's leave type (404 for another's or none). */
export async function leaveTypeOf(tx: Tx, organizationId: string, id: string): Promise<LeaveTypeRow> {
  if (!isUuid(id)) throw notFound("No such leave type");
  const row = await tx
    .selectFrom("leave_types")
    .select(["id", "name", "color", "paid", sql<boolean>`archived_at is not null`.as("archived")])
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("No such leave type");
  return row;
}

/** A range asked: not before today in the person's zone, at most TIME_OFF_DAYS_MAX days. */
export function rangeRefusal(ask: LeaveAsk, person: PersonLeaveContext, now: Date): ErrorCode | null {
  if (ask.from < todayIn(person.timeZone, now)) return "time_off_past";
  if (timeOffDates(ask.from, ask.to).length > TIME_OFF_DAYS_MAX) return "validation_failed";
  return null;
}

/** Whether the person already has time off waiting or approved on one of these days (another request than `except`). */
export async function overlapRefusal(
  tx: Tx,
  organizationId: string,
  userId: string,
  ask: LeaveAsk,
  except: string | null,
): Promise<ErrorCode | null> {
  const found = await tx
    .selectFrom("time_off_days as d")
    .innerJoin("requests as r", (join) =>
      join.onRef("r.organization_id", "=", "d.organization_id").onRef("r.id", "=", "d.request_id"),
    )
    .select("d.request_id")
    .where("d.organization_id", "=", organizationId)
    .where("d.user_id", "=", userId)
    .where("d.day", ">=", ask.from)
    .where("d.day", "<=", ask.to)
    .where("r.status", "in", ["pending", "approved"])
    .$if(except !== null, (query) => query.where("d.request_id", "!=", except as string))
    .limit(1)
    .executeTakeFirst();
  return found ? "time_off_overlap" : null;
}

export interface BlockHit {
  id: string;
  starts_on: string;
  ends_on: string;
  reason: string;
  board_id: string | null;
}

/** The blocked dates (the organization's, and those of the person's boards) the range meets. */
export async function blocksMet(
  tx: Tx,
  organizationId: string,
  person: Pick<PersonLeaveContext, "boardIds">,
  ask: Pick<LeaveAsk, "from" | "to">,
): Promise<BlockHit[]> {
  return tx
    .selectFrom("time_off_blocks")
    .select([
      "id",
      sql<string>`starts_on::text`.as("starts_on"),
      sql<string>`ends_on::text`.as("ends_on"),
      "reason",
      "board_id",
    ])
    .where("organization_id", "=", organizationId)
    .where("starts_on", "<=", ask.to)
    .where("ends_on", ">=", ask.from)
    .where((eb) =>
      person.boardIds.length === 0
        ? eb("board_id", "is", null)
        : eb.or([eb("board_id", "is", null), eb("board_id", "in", person.boardIds)]),
    )
    .orderBy("starts_on")
    .execute();
}

export interface BalanceCheck {
  balance_minutes: number;
  /** Waiting, this request left out. */
  pending_minutes: number;
  balance_after_minutes: number;
  negative_allowance_minutes: number;
  day_minutes: number;
  refusal: ErrorCode | null;
}

/**
 * The balance after this time off: balance − what else waits − this. Paid
 * types refuse going further below zero than the person's policy allows
 * (none: not below zero). Unpaid types are never limited by a balance: they
 * are tracked, not earned.
 */
export async function balanceCheck(
  tx: Tx,
  organizationId: string,
  userId: string,
  type: Pick<LeaveTypeRow, "id" | "paid">,
  minutes: number,
  /** The request itself when it already waits (its minutes are among the pending). */
  waitingMinutes = 0,
): Promise<BalanceCheck> {
  const balances = await readBalances(tx, organizationId, [userId]);
  const read = balances.get(userId)?.get(type.id);
  const balance = read?.balance_minutes ?? 0;
  const pending = Math.max(0, (read?.pending_minutes ?? 0) - waitingMinutes);
  const allowance = read?.negative_allowance_minutes ?? 0;
  const after = balance - pending - minutes;
  return {
    balance_minutes: balance,
    pending_minutes: pending,
    balance_after_minutes: after,
    negative_allowance_minutes: allowance,
    day_minutes: read?.day_minutes ?? 480,
    refusal: type.paid && after < -allowance ? "time_off_balance_short" : null,
  };
}

const messages: Partial<Record<ErrorCode, string>> = {
  time_off_past: "Time off cannot start before today",
  time_off_overlap: "You already have time off waiting or approved on one of these days",
  time_off_nothing_to_take: "These days count no time (weekends and holidays only)",
  time_off_blocked: "Time off cannot be asked on these dates",
  time_off_balance_short: "The balance would go further below zero than allowed",
  time_off_type_archived: "This leave type is archived",
  validation_failed: `Time off covers at most ${TIME_OFF_DAYS_MAX} days`,
};

/** Refuses with a rule's code (the first of several). */
export function leaveRefusal(code: ErrorCode, extra?: Record<string, unknown>) {
  const fields = code === "validation_failed" ? { to: "timeOff.rangeTooLong" } : undefined;
  return refuse(code, messages[code] ?? code, fields, extra);
}
