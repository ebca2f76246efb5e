/**
 * Which of /my's queries a live frame makes stale. GET /api/my/events sends
 * `requests` when a request that concerns me changed (mine, or one asking
 * something of me) and `shifts` when my shifts or the open shifts I may claim
 * changed. A decided request moves shifts too (a cover taken, a claim
 * approved) and balances (time off approved or cancelled), so `requests`
 * reloads those as well; a resync reloads all.
 * Query keys are ["my", organization, <part>, …] (my-api.ts's myKeys).
 */
export type MyPart =
  | "requests"
  | "open-shifts"
  | "request-options"
  | "shifts"
  | "clock"
  | "availability"
  | "entries"
  | "time-off";

const shiftParts: readonly MyPart[] = ["shifts", "open-shifts", "request-options", "clock"];

/** A decided request may move shifts, the availability, the entries, and time off's balances. */
export const allLiveParts: readonly MyPart[] = [...shiftParts, "requests", "availability", "entries", "time-off"];

export function partsFor(event: string): readonly MyPart[] {
  if (event === "shifts") return shiftParts;
  if (event === "requests") return allLiveParts;
  return [];
}
