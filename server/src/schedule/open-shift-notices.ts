import type { Tx } from "../lib/db/tenancy.ts";
import { mayTakeShift, shiftTakers } from "../requests/eligibility.ts";
import { bookedTimes, horizonOf, overlapsBooked } from "../requests/published-shifts.ts";
import type { ShiftMention } from "./publish-message.ts";
import { type ShiftRow, shiftStatusOf } from "./records.ts";

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Who to tell of open shifts a publish makes visible, and of which: the
 * shifts published open for the first time (a new open shift, or one whose
 * person was taken off), not started and within the eight weeks employees'
 * lists reach; told to each active member who may take one (mayTakeShift)
 * and is free then, the publisher and the person just taken off it left
 * out. By account; empty when the
 * publish made no open shift visible. Read after the publish is written, so
 * "free" counts the shifts it gave people.
 */
export async function openShiftNotices(
  tx: Tx,
  organizationId: string,
  rows: readonly ShiftRow[],
  publishIds: ReadonlySet<string>,
  publisherId: string,
  now = new Date(),
): Promise<Map<string, ShiftMention[]>> {
  const horizon = horizonOf(now);
  const opened = rows.filter((row) => {
    if (!publishIds.has(row.id) || row.user_id !== null) return false;
    const status = shiftStatusOf(row);
    const newlyOpen = status === "draft" || (status === "changed" && row.published_user_id !== null);
    const startsAt = asDate(row.starts_at);
    return newlyOpen && startsAt > now && startsAt < horizon;
  });
  const notices = new Map<string, ShiftMention[]>();
  if (opened.length === 0) return notices;

  const takers = [...(await shiftTakers(tx, organizationId, "active")).values()].filter(
    (person) => person.user_id !== publisherId,
  );
  const candidates = opened.map((row) => ({
    row,
    /** Who worked it until now: taken off by a manager, not to be offered it back. */
    previous: row.published_user_id,
    shift: { board_id: row.job_scheduler_id, job_id: row.job_id },
    times: { starts_at: asDate(row.starts_at).toISOString(), ends_at: asDate(row.ends_at).toISOString() },
  }));
  const eligible = takers.filter((person) => candidates.some((candidate) => mayTakeShift(person, candidate.shift)));
  if (eligible.length === 0) return notices;
  const from = new Date(Math.min(...candidates.map((candidate) => Date.parse(candidate.times.starts_at))));
  const to = new Date(Math.max(...candidates.map((candidate) => Date.parse(candidate.times.ends_at))));
  const booked = await bookedTimes(
    tx,
    organizationId,
    eligible.map((person) => person.user_id),
    from,
    to,
  );
  for (const person of eligible) {
    const mine = candidates
      .filter(
        (candidate) =>
          candidate.previous !== person.user_id &&
          mayTakeShift(person, candidate.shift) &&
          !overlapsBooked(booked.get(person.user_id), candidate.times),
      )
      .map(
        ({ row }): ShiftMention => ({
          boardId: row.job_scheduler_id,
          jobId: row.job_id,
          startsAt: asDate(row.starts_at),
          endsAt: asDate(row.ends_at),
        }),
      );
    if (mine.length > 0) notices.set(person.user_id, mine);
  }
  return notices;
}
