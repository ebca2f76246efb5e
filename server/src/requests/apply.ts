import { type ShiftWarning, type TimeOffShiftAction, todayIn } from "@workshift/contracts";
import { messagePiece } from "../delivery/render.ts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import type { ShiftRow } from "../schedule/records.ts";
import { createEntry, updateEntry } from "../time-clock/entries.ts";
import { applyTimeOff, applyTimeOffCancel } from "../time-off/decide-time-off.ts";
import { assignShifts } from "./assign-shifts.ts";

/** Whether two shifts share a moment (as the exclusion constraint reads them: [start, end)). */
const overlapInTime = (a: ShiftRow, b: ShiftRow): boolean =>
  new Date(a.starts_at).getTime() < new Date(b.ends_at).getTime() &&
  new Date(b.starts_at).getTime() < new Date(a.ends_at).getTime();

import { applyAvailability } from "./availability.ts";
import { entryChangedRefusal } from "./correction.ts";
import type { RequestEffects } from "./effects.ts";
import { pairKey } from "./eligibility.ts";
import { detailsOf, type RequestRow } from "./records.ts";
import {
  assertAsAsked,
  assertEligible,
  changedRefusal,
  lockTargetShifts,
  notEligibleRefusal,
  type TargetShift,
} from "./shift-target.ts";

/**
 * What approving a request does, re-checked in the deciding transaction:
 * each kind's change goes through the same rules as a manager's own edit
 * (shifts through updateShift, entries through the entry rules), and a
 * request that no longer fits is refused with the reason, nothing applied.
 */

export interface ApplyContext {
  tx: Tx;
  /** Who applies it: the deciding manager, or for an automatic approval the person whose step approved it. */
  actor: Actor;
  now: Date;
  /** The organization's zone (today is read there). */
  timeZone: string;
  effects: RequestEffects;
  /** Shifts already locked by this transaction and unchanged since (a bulk decision reads them once). */
  shifts?: Map<string, TargetShift>;
  /** Who may take which shift, already read for these (shift, person) pairs (pairKey): `yes` holds the eligible. */
  eligible?: { checked: Set<string>; yes: Set<string> };
  /** Approving time off that overlaps published shifts: what they become (the manager's choice). */
  timeOffShifts?: TimeOffShiftAction | undefined;
}

/** Refuses (request_not_eligible) who may not take the shift: from what was already read, else asked now. */
async function assertMayTake(ctx: ApplyContext, row: ShiftRow, userId: string): Promise<void> {
  const key = pairKey(row.id, userId);
  if (ctx.eligible?.checked.has(key)) {
    if (!ctx.eligible.yes.has(key)) throw notEligibleRefusal();
    return;
  }
  await assertEligible(ctx.tx, ctx.actor.organizationId, row, userId);
}

/** The shifts, locked: from those already read when all are there, else read (and locked) now. */
async function targetsOf(ctx: ApplyContext, ids: readonly string[]): Promise<Map<string, TargetShift>> {
  if (ctx.shifts && ids.every((id) => ctx.shifts?.has(id))) return ctx.shifts;
  return lockTargetShifts(ctx.tx, ctx.actor.organizationId, ids);
}

const REASON_MAX = 500;

/**
 * Applies an approved request; with `warnings`, answers the warnings the
 * people taking shifts meet (else none are computed).
 */
export async function applyRequest(
  ctx: ApplyContext,
  row: RequestRow,
  options: { warnings?: boolean } = {},
): Promise<ShiftWarning[]> {
  const moveOptions = { warnings: options.warnings ?? false };
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const details = detailsOf(row);
  switch (row.kind) {
    case "claim":
    case "cover": {
      const taker = row.kind === "claim" ? row.author_id : row.taker_id;
      if (!details.shift || !row.shift_id) throw changedRefusal();
      if (!taker) throw refuse("request_not_waiting", "Nobody has taken this shift yet");
      const targets = await targetsOf(ctx, [row.shift_id]);
      const target = assertAsAsked(targets.get(row.shift_id), details.shift, now, { open: row.kind === "claim" });
      await assertMayTake(ctx, target.row, taker);
      // The person's other shifts at that time: updateShift refuses as for a manager (shift_overlap).
      return assignShifts(ctx, [{ target, userId: taker }], moveOptions);
    }
    case "swap": {
      const teammate = row.to_user_id;
      if (!details.shift || !details.other_shift || !row.shift_id || !row.other_shift_id || !teammate) {
        throw changedRefusal();
      }
      const targets = await targetsOf(ctx, [row.shift_id, row.other_shift_id]);
      const mine = assertAsAsked(targets.get(row.shift_id), details.shift, now);
      const theirs = assertAsAsked(targets.get(row.other_shift_id), details.other_shift, now);
      await assertMayTake(ctx, theirs.row, row.author_id);
      await assertMayTake(ctx, mine.row, teammate);
      // Shifts at the same time: the author's opens first, so neither holds both at once (each move's
      // overlap check, updateShift's, then leaves out the shift the person gives up). Apart in time,
      // each goes straight to its new person.
      const together = overlapInTime(mine.row, theirs.row);
      return assignShifts(
        ctx,
        [
          ...(together ? [{ target: mine, userId: null }] : []),
          { target: theirs, userId: row.author_id },
          { target: mine, userId: teammate },
        ],
        moveOptions,
      );
    }
    case "availability": {
      if (!details.change) throw changedRefusal();
      await applyAvailability(tx, org, row.author_id, details.change, row, todayIn(ctx.timeZone, now));
      return [];
    }
    case "time_off":
      await applyTimeOff(ctx, row);
      return [];
    case "time_off_cancel":
      await applyTimeOffCancel(ctx, row);
      return [];
    default:
      await applyCorrection(ctx, row);
      return [];
  }
}

/** The entry's change in its history: the author's reason, named as their request, in the approver's language. */
async function entryReason(ctx: ApplyContext, row: RequestRow): Promise<string> {
  const people = await ctx.tx
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "language"])
    .where("id", "in", [row.author_id, ctx.actor.userId])
    .execute();
  const author = people.find((person) => person.id === row.author_id);
  const approver = people.find((person) => person.id === ctx.actor.userId);
  const text = messagePiece(approver?.language ?? "en", "requestEntryReason", {
    author: author ? `${author.first_name} ${author.last_name}`.trim() : "",
    reason: row.note ?? "",
  });
  // The audit log keeps at most REASON_MAX characters of a reason (code points, as PostgreSQL counts them).
  return Array.from(text).slice(0, REASON_MAX).join("");
}

async function applyCorrection(ctx: ApplyContext, row: RequestRow): Promise<void> {
  const { tx, actor } = ctx;
  const org = actor.organizationId;
  const correction = detailsOf(row).correction;
  if (!correction) throw entryChangedRefusal();
  let entry = null;
  if (correction.entry_version !== null) {
    // The entry went (deleted for good: the link is gone) or changed since it was asked.
    if (row.entry_id === null) throw entryChangedRefusal();
    entry =
      (await tx
        .selectFrom("time_entries")
        .selectAll()
        .where("organization_id", "=", org)
        .where("id", "=", row.entry_id)
        .forUpdate()
        .executeTakeFirst()) ?? null;
    if (!entry || entry.deleted_at !== null || Number(entry.version) !== correction.entry_version) {
      throw entryChangedRefusal(entry && entry.deleted_at === null ? entry : undefined);
    }
  }
  // Checked when it was asked (checkCorrection); the entry writes check everything again now
  // (the job, an approved period, another entry at that time), with the same refusals.
  const times = correction;
  const reason = await entryReason(ctx, row);
  const values = {
    job_id: times.job_id,
    clock_in_at: times.clock_in_at,
    clock_out_at: times.clock_out_at,
    breaks: times.breaks,
    reason,
  };
  if (entry) await updateEntry(tx, actor, entry.id, { ...values, version: Number(entry.version) });
  else await createEntry(tx, actor, { ...values, user_id: row.author_id });
}
