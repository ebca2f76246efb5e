import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { checkShape, entryOverlap, refuseIfLocked } from "../time-clock/entries.ts";
import { type EntryRow, storedBreaks, toEntry } from "../time-clock/records.ts";
import type { RequestDetails } from "./records.ts";

/**
 * A correction of one's time must pass the rules a manager's edit of the
 * entry passes (its shape by the server's clock, a known job, no approved
 * pay period holding the day it leaves or the day it lands on, no other
 * entry of the person at that time): checked when asked, so a bad one is
 * refused at once, and again when approved, where the edit itself applies it.
 */

export type CorrectionTimes = NonNullable<RequestDetails["correction"]>;

/** The author's own entry (not deleted), locked; undefined when there is none. */
export async function ownEntry(
  tx: Tx,
  organizationId: string,
  userId: string,
  entryId: string,
): Promise<EntryRow | undefined> {
  return tx
    .selectFrom("time_entries")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", entryId)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** What a correction asks for, from the body and the entry it corrects (job and breaks kept unless given). */
export function correctionOf(
  body: {
    job_id?: string | null | undefined;
    clock_in_at: string;
    clock_out_at: string;
    breaks?: { starts_at: string; ends_at: string }[] | undefined;
  },
  entry: EntryRow | null,
): {
  job_id: string | null;
  clock_in_at: string;
  clock_out_at: string;
  breaks: { starts_at: string; ends_at: string | null }[];
} {
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    job_id: body.job_id === undefined ? (entry?.job_id ?? null) : body.job_id,
    clock_in_at: iso(body.clock_in_at),
    clock_out_at: iso(body.clock_out_at),
    breaks: (body.breaks ?? (entry ? storedBreaks(entry.breaks) : [])).map((item) => ({
      starts_at: iso(item.starts_at),
      ends_at: item.ends_at === null ? null : iso(item.ends_at),
    })),
  };
}

/** Refuses the correction as the entry rules would refuse the edit; answers it with every break ended. */
export async function checkCorrection(
  tx: Tx,
  actor: Actor,
  authorId: string,
  asked: ReturnType<typeof correctionOf>,
  entry: EntryRow | null,
  now: Date,
): Promise<Omit<CorrectionTimes, "entry_version">> {
  checkShape(asked, now.getTime());
  const org = actor.organizationId;
  if (asked.job_id !== null) {
    const job = await tx
      .selectFrom("jobs")
      .select("id")
      .where("organization_id", "=", org)
      .where("id", "=", asked.job_id)
      .executeTakeFirst();
    if (!job) throw refuse("time_clock_job_unknown", "No such job", { job_id: "timeClock.unknownJob" });
  }
  if (entry) {
    await refuseIfLocked(tx, actor, authorId, { ...entry, clock_in_at: new Date(entry.clock_in_at) });
  }
  await refuseIfLocked(tx, actor, authorId, {
    shift_id: entry?.shift_id ?? null,
    job_id: asked.job_id,
    clock_in_at: new Date(asked.clock_in_at),
  });
  const other = await tx
    .selectFrom("time_entries")
    .select("id")
    .where("organization_id", "=", org)
    .where("user_id", "=", authorId)
    .where("deleted_at", "is", null)
    .$if(entry !== null, (query) => query.where("id", "<>", entry?.id ?? ""))
    .where(
      sql<boolean>`tstzrange(clock_in_at, coalesce(clock_out_at, 'infinity')) && tstzrange(${asked.clock_in_at}::timestamptz, ${asked.clock_out_at}::timestamptz)`,
    )
    .limit(1)
    .executeTakeFirst();
  if (other) throw entryOverlap();
  // The shape rules hold: in a closed entry every break has ended.
  return { ...asked, breaks: asked.breaks.map((item) => ({ starts_at: item.starts_at, ends_at: item.ends_at ?? "" })) };
}

/** 409 time_entry_changed: the entry corrected changed (or went) since the correction was asked. */
export const entryChangedRefusal = (entry?: EntryRow) =>
  refuse(
    "time_entry_changed",
    "This entry changed since the correction was asked",
    { version: "timeClock.entryChanged" },
    entry ? { entry: toEntry(entry) } : undefined,
  );
