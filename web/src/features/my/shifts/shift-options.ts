/**
 * What one may ask about one's shifts, and whom: the teammates a shift can be
 * given to, the teammates' shifts it can be swapped for, and which of my
 * shifts already wait on a request. Pure (the server decides; this only keeps
 * the lists to what can still be asked, in an order a person reads).
 */
import {
  isWaitingRequest,
  type OpenShift,
  type Request,
  type RequestOptions,
  type RequestPerson,
  type RequestShift,
} from "@workshift/contracts";

const fullName = (person: Pick<RequestPerson, "first_name" | "last_name">) =>
  [person.first_name, person.last_name].filter(Boolean).join(" ");

/** A shift can be given away or swapped until it starts. */
export const canAskAbout = (shift: { starts_at: string }, now: number): boolean => Date.parse(shift.starts_at) > now;

/** The teammates by name, in the reader's language's order. */
export function teammateChoices(teammates: readonly RequestPerson[], language: string): RequestPerson[] {
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  return [...teammates].sort((a, b) => collator.compare(fullName(a), fullName(b)));
}

export interface SwapGroup {
  user: RequestPerson;
  shifts: RequestShift[];
}

/**
 * The shifts I could take in exchange, by teammate (by name), each
 * teammate's in time order; shifts gone or already started are left out.
 */
export function swapChoices(options: RequestOptions, now: number, language: string): SwapGroup[] {
  const groups = new Map<string, SwapGroup>();
  for (const { shift, user } of options.swaps) {
    if (shift.gone || !canAskAbout(shift, now)) continue;
    const group = groups.get(user.user_id) ?? { user, shifts: [] };
    group.shifts.push(shift);
    groups.set(user.user_id, group);
  }
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  const sorted = [...groups.values()].sort((a, b) => collator.compare(fullName(a.user), fullName(b.user)));
  for (const group of sorted) group.shifts.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return sorted;
}

/** My waiting cover or swap requests, by the shift they give away. */
export function waitingByShift(requests: readonly Request[]): Map<string, Request> {
  const waiting = new Map<string, Request>();
  for (const request of requests) {
    if ((request.kind === "cover" || request.kind === "swap") && request.shift && isWaitingRequest(request.status)) {
      waiting.set(request.shift.id, request);
    }
  }
  return waiting;
}

/** Open shifts still to come, soonest first; those I claimed stay (with their claim). */
export function openShiftsAhead(shifts: readonly OpenShift[], now: number): OpenShift[] {
  return shifts
    .filter((shift) => canAskAbout(shift, now))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/** Open shifts I have not claimed yet (the My shifts tab's badge). */
export const unclaimedCount = (shifts: readonly OpenShift[], now: number): number =>
  openShiftsAhead(shifts, now).filter((shift) => shift.my_claim_id === null).length;
