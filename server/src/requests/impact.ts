import { type ErrorCode, isWaitingRequest, type RequestImpact, type RequestStatus } from "@workshift/contracts";
import type { Tx } from "../lib/db/tenancy.ts";
import { availabilityImpacts } from "./impact-availability.ts";
import { correctionImpacts } from "./impact-corrections.ts";
import { shiftImpacts } from "./impact-shifts.ts";
import type { RequestRow } from "./records.ts";

/**
 * The impact of a yes, computed when shown and never stored, for the
 * requests still waiting among `rows` (decided ones have none): each kind in
 * its own module, each batched for the whole page, so a page costs a fixed
 * number of queries whatever its length.
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
): Promise<Map<string, RequestImpact>> {
  const waiting = rows.filter((row) => isWaitingRequest(row.status as RequestStatus));
  const ofKinds = (...kinds: string[]) => waiting.filter((row) => kinds.includes(row.kind));
  const org = viewer.organizationId;
  // One after the other: a transaction has one connection, and each batch already runs its own queries at once.
  const impacts = new Map<string, RequestImpact>([
    ...(await shiftImpacts(tx, org, ofKinds("claim", "cover", "swap"), now)),
    ...(await availabilityImpacts(tx, org, ofKinds("availability"))),
    ...(await correctionImpacts(tx, org, ofKinds("correction"), now)),
  ]);
  for (const row of waiting) {
    const impact = impacts.get(row.id);
    if (impact) impact.blockers = [...new Set([...standingBlockers(row, viewer), ...impact.blockers])];
  }
  return impacts;
}
