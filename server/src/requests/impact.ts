import { type ErrorCode, isWaitingRequest, type RequestImpact, type RequestStatus } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { availabilityImpacts } from "./impact-availability.ts";
import { correctionImpacts } from "./impact-corrections.ts";
import { shiftImpacts } from "./impact-shifts.ts";
import { timeOffImpacts } from "./impact-time-off.ts";
import { addTimeOffConflicts } from "./impact-time-off-conflicts.ts";
import { ReadBatch } from "./read-batch.ts";
import type { RequestRow } from "./records.ts";

/**
 * The impact of a yes, computed when shown and never stored, for the
 * requests still waiting among `rows` (decided ones have none): each kind in
 * its own module, each batched for the whole page, their reads sent
 * together: a page costs two statements whatever its length and kinds.
 */

/** Who is looking: a request is never theirs to decide when they asked for it. */
export interface Viewer {
  userId: string;
  organizationId: string;
}

/** What refuses an approval whatever the kind: nothing to approve yet, or one's own request. */
function standingBlockers(row: RequestRow, viewer: Viewer): ErrorCode[] {
  const blockers: ErrorCode[] = [];
  // A cover waits for a teammate before a manager can say yes (a swap, for the teammate's yes).
  if (row.status === "offered" || (row.kind === "cover" && row.taker_id === null)) blockers.push("request_not_waiting");
  if (row.author_id === viewer.userId) blockers.push("request_own");
  return blockers;
}

export async function requestImpacts(
  tx: Tx,
  viewer: Viewer,
  rows: readonly RequestRow[],
  now = new Date(),
  batch = new ReadBatch(tx),
): Promise<Map<string, RequestImpact>> {
  const waiting = rows.filter((row) => isWaitingRequest(row.status as RequestStatus));
  const ofKinds = (...kinds: string[]) => waiting.filter((row) => kinds.includes(row.kind));
  const org = viewer.organizationId;
  // The kinds at once, so their reads travel together: a wave of reads is one statement.
  const [shifts, availability, corrections, timeOff] = await Promise.all([
    shiftImpacts(tx, batch, org, ofKinds("claim", "cover", "swap"), now),
    availabilityImpacts(tx, batch, org, ofKinds("availability")),
    correctionImpacts(tx, batch, org, ofKinds("correction"), now),
    timeOffImpacts(tx, org, ofKinds("time_off", "time_off_cancel")),
  ]);
  const impacts = new Map<string, RequestImpact>([...shifts, ...availability, ...corrections, ...timeOff]);
  await addTimeOffConflicts(tx, org, ofKinds("claim", "cover", "swap"), impacts);
  for (const row of waiting) {
    const impact = impacts.get(row.id);
    if (impact) impact.blockers = [...new Set([...standingBlockers(row, viewer), ...impact.blockers])];
  }
  return impacts;
}
