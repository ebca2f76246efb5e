import type { BulkDecisionResult, InboxItem } from "@workshift/contracts";

/**
 * Deciding many requests at once: what may be selected, what a selection
 * holds before it is sent, and what came back, summed up. Each request is
 * decided (or refused) on its own by the server; these only read its answer.
 */

/** Only a request waiting for a manager's answer can be decided. */
export const isDecidable = (item: Pick<InboxItem, "status">): boolean => item.status === "pending";

/** The ids "select all" takes: every request on the page waiting for a manager. */
export function selectableIds(items: readonly InboxItem[]): string[] {
  return items.filter(isDecidable).map((item) => item.id);
}

/** The selection kept after the list changed: only what is still listed and still waits (a decided one drops out). */
export function keepSelectable(selected: ReadonlySet<string>, items: readonly InboxItem[]): Set<string> {
  const open = new Set(selectableIds(items));
  return new Set([...selected].filter((id) => open.has(id)));
}

/** The "select all" box: none, some (indeterminate) or all of the page's waiting requests selected. */
export function selectAllState(selected: ReadonlySet<string>, items: readonly InboxItem[]): "none" | "some" | "all" {
  const ids = selectableIds(items);
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return "none";
  return count === ids.length ? "all" : "some";
}

/** What a selection would do, said before approving it: how many would be refused now, how many make overtime or break a rule. */
export interface BulkPreview {
  count: number;
  /** Their impact names a blocker: approving them now would be refused. */
  blocked: number;
  /** Their impact warns (overtime, short rest, not on the job, unavailable) or meets unavailability or time off. */
  warned: number;
}

export function bulkPreview(items: readonly InboxItem[]): BulkPreview {
  let blocked = 0;
  let warned = 0;
  for (const item of items) {
    const impact = item.impact;
    if (!impact) continue;
    if (impact.blockers.length > 0) blocked += 1;
    else if (
      impact.warnings.length > 0 ||
      impact.availability_conflicts.length > 0 ||
      impact.time_off_conflicts.length > 0
    )
      warned += 1;
  }
  return { count: items.length, blocked, warned };
}

/** One request the server refused to decide, with why (a refusal code) and the request as it was listed, when known. */
export interface RefusedDecision {
  id: string;
  code: string;
  item: InboxItem | null;
}

export interface BulkSummary {
  decision: "approve" | "decline";
  approved: number;
  declined: number;
  refused: RefusedDecision[];
  /** Refusals grouped by their code, most frequent first ("3 already have a shift then"). */
  byCode: { code: string; count: number }[];
}

/**
 * The server's answer to a bulk decision, summed up for the manager. The
 * requests are named from the list as it was when they were sent (a decided
 * request leaves the waiting list at once); a refusal without a code is
 * counted as the server's failure.
 */
export function summarizeBulk(
  decision: "approve" | "decline",
  result: BulkDecisionResult,
  sent: readonly InboxItem[],
): BulkSummary {
  const byId = new Map(sent.map((item) => [item.id, item]));
  let approved = 0;
  let declined = 0;
  const refused: RefusedDecision[] = [];
  const codes = new Map<string, number>();
  for (const outcome of result.results) {
    if (outcome.outcome === "approved") approved += 1;
    else if (outcome.outcome === "declined") declined += 1;
    else {
      const code = outcome.code ?? "internal";
      refused.push({ id: outcome.id, code, item: byId.get(outcome.id) ?? null });
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
  }
  const byCode = [...codes]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { decision, approved, declined, refused, byCode };
}
