import { type ShiftWarning, todayIn } from "@workshift/contracts";
import { messagePiece } from "../delivery/render.ts";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { createEntry, updateEntry } from "../time-clock/entries.ts";
import { assignShifts } from "./assign-shifts.ts";
import { applyAvailability } from "./availability.ts";
import { checkCorrection, entryChangedRefusal } from "./correction.ts";
import { detailsOf, type RequestRow } from "./records.ts";
import { assertAsAsked, assertEligible, assertFreeFor, changedRefusal, lockTargetShifts } from "./shift-target.ts";

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
}

const REASON_MAX = 500;

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** Applies an approved request; answers the warnings the people taking shifts meet. */
export async function applyRequest(ctx: ApplyContext, row: RequestRow): Promise<ShiftWarning[]> {
  const { tx, actor, now } = ctx;
  const org = actor.organizationId;
  const details = detailsOf(row);
  switch (row.kind) {
    case "claim":
    case "cover": {
      const taker = row.kind === "claim" ? row.author_id : row.taker_id;
      if (!details.shift || !row.shift_id) throw changedRefusal();
      if (!taker) throw refuse("request_not_waiting", "Nobody has taken this shift yet");
      const targets = await lockTargetShifts(tx, org, [row.shift_id]);
      const target = assertAsAsked(targets.get(row.shift_id), details.shift, now, { open: row.kind === "claim" });
      await assertEligible(tx, org, target.row, taker);
      await assertFreeFor(tx, org, taker, target.row);
      return assignShifts(tx, actor, [{ target, userId: taker }]);
    }
    case "swap": {
      const teammate = row.to_user_id;
      if (!details.shift || !details.other_shift || !row.shift_id || !row.other_shift_id || !teammate) {
        throw changedRefusal();
      }
      const targets = await lockTargetShifts(tx, org, [row.shift_id, row.other_shift_id].filter(present));
      const mine = assertAsAsked(targets.get(row.shift_id), details.shift, now);
      const theirs = assertAsAsked(targets.get(row.other_shift_id), details.other_shift, now);
      await assertEligible(tx, org, theirs.row, row.author_id);
      await assertEligible(tx, org, mine.row, teammate);
      await assertFreeFor(tx, org, row.author_id, theirs.row, [mine.row.id]);
      await assertFreeFor(tx, org, teammate, mine.row, [theirs.row.id]);
      // The author's shift opens first, so neither holds both at once.
      return assignShifts(tx, actor, [
        { target: mine, userId: null },
        { target: theirs, userId: row.author_id },
        { target: mine, userId: teammate },
      ]);
    }
    case "availability": {
      if (!details.change) throw changedRefusal();
      await applyAvailability(tx, org, row.author_id, details.change, row.id, todayIn(ctx.timeZone, now));
      return [];
    }
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
  const times = await checkCorrection(tx, actor, row.author_id, correction, entry, ctx.now);
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
