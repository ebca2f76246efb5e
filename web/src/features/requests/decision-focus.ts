/**
 * Where keyboard focus goes once a decision is made in the inbox: the decided
 * card leaves the list (or loses its buttons), and focus must not fall to the
 * page's body. A single decision moves on to the next card still listed (the
 * one before it when it was the last), else to the page's heading; a bulk
 * decision to its summary.
 */
export type FocusTarget = { card: string } | "heading" | "summary";

export function focusAfterDecision(listedIds: readonly string[], decided: ReadonlySet<string>): FocusTarget {
  const last = listedIds.reduce((found, id, index) => (decided.has(id) ? index : found), -1);
  const after = listedIds.slice(last + 1).find((id) => !decided.has(id));
  if (after !== undefined) return { card: after };
  const before = listedIds
    .slice(0, Math.max(last, 0))
    .reverse()
    .find((id) => !decided.has(id));
  return before === undefined ? "heading" : { card: before };
}
