import { adminPaths, type ShiftRequestMark } from "@workshift/contracts";

/**
 * What waits on a shift (pure, so it is tested without a browser): the week
 * answer's waiting claims, covers and swaps gathered per shift once, so a
 * card finds its mark with one lookup. A cover or swap a manager must now
 * decide (pending) outranks one still waiting for a teammate (offered).
 */

export type WaitingStatus = ShiftRequestMark["status"];

export interface ShiftMark {
  /** Claims of the open shift waiting for a decision. */
  claims: number;
  cover: WaitingStatus | null;
  swap: WaitingStatus | null;
}

/** One thing a mark says, in the order cards and the editor say them. */
export type MarkPart = { kind: "claim"; count: number } | { kind: "cover" | "swap"; status: WaitingStatus };

export const NO_MARKS: ReadonlyMap<string, ShiftMark> = new Map();

const stronger = (a: WaitingStatus | null, b: WaitingStatus): WaitingStatus => (a === "pending" ? a : b);

/** Shift id → what waits on it; shifts with nothing waiting are absent. */
export function indexMarks(requests: readonly ShiftRequestMark[] | undefined): ReadonlyMap<string, ShiftMark> {
  if (!requests || requests.length === 0) return NO_MARKS;
  const marks = new Map<string, ShiftMark>();
  // A request is counted once on a shift, however often it is listed.
  const seen = new Set<string>();
  for (const request of requests) {
    const key = `${request.shift_id}|${request.request_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let mark = marks.get(request.shift_id);
    if (!mark) {
      mark = { claims: 0, cover: null, swap: null };
      marks.set(request.shift_id, mark);
    }
    if (request.kind === "claim") mark.claims += 1;
    else if (request.kind === "cover") mark.cover = stronger(mark.cover, request.status);
    else mark.swap = stronger(mark.swap, request.status);
  }
  return marks;
}

/** What a mark says: a cover, a swap, then the claims. */
export function markParts(mark: ShiftMark | undefined): MarkPart[] {
  if (!mark) return [];
  const parts: MarkPart[] = [];
  if (mark.cover) parts.push({ kind: "cover", status: mark.cover });
  if (mark.swap) parts.push({ kind: "swap", status: mark.swap });
  if (mark.claims > 0) parts.push({ kind: "claim", count: mark.claims });
  return parts;
}

/** Whether a manager's decision is what the shift waits for (claims are decided by a manager, or taken first come first served). */
export function waitsForManager(mark: ShiftMark | undefined): boolean {
  return mark !== undefined && (mark.claims > 0 || mark.cover === "pending" || mark.swap === "pending");
}

/** The requests inbox showing one kind: `/admin/request?kind=cover`. */
export function inboxPath(kind: MarkPart["kind"]): string {
  return `${adminPaths.request}?kind=${kind}`;
}
