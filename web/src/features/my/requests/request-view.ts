/**
 * How /my shows a request: its badge's colour, what one may do with it, and
 * the line that says where it stands (as a text key of the `my` namespace's
 * `requests.detail` and its values). Pure, so each status is tested.
 */
import { isWaitingRequest, type Request, type RequestPerson, type RequestStatus } from "@workshift/contracts";

export const statusColors: Record<RequestStatus, string> = {
  offered: "blue",
  pending: "yellow",
  approved: "teal",
  declined: "red",
  refused: "orange",
  cancelled: "gray",
  expired: "gray",
};

export const personName = (person: Pick<RequestPerson, "first_name" | "last_name">): string =>
  [person.first_name, person.last_name].filter(Boolean).join(" ");

/** Its author may cancel a request until it is decided. */
export const canCancel = (request: Request): boolean => isWaitingRequest(request.status);

/** What the signed-in person (`me`, their person id) may do with a request a teammate made. */
export interface OfferState {
  /** Take the cover, or accept the swap. */
  canAccept: boolean;
  /** Turn it down: only one named (the one teammate a cover was offered to, a swap's teammate). */
  canRefuse: boolean;
  /** I said yes; a manager decides now. */
  waitsForManager: boolean;
}

export function offerState(offer: Request, me: string | null): OfferState {
  const named = offer.to_user !== null && offer.to_user.user_id === me;
  const open = offer.status === "offered" && offer.taker === null && (offer.to_user === null || named);
  const mine = offer.taker?.user_id === me || (offer.kind === "swap" && named);
  return {
    canAccept: open,
    canRefuse: open && named,
    waitsForManager: offer.status === "pending" && mine,
  };
}

/** How many teammates' requests wait for my answer (the Requests tab's badge). */
export const offersAwaitingMe = (offers: readonly Request[], me: string | null): number =>
  offers.filter((offer) => offerState(offer, me).canAccept).length;

export type DetailKey =
  | "waitsTeammate"
  | "waitsAnyTeammate"
  | "waitsSwap"
  | "waitsManager"
  | "takenWaitsManager"
  | "approved"
  | "approvedAutomatic"
  | "approvedTaken"
  | "declined"
  | "declinedNoReason"
  | "refused"
  | "refusedWithReason"
  | "cancelled"
  | "timeOffCancelled"
  | "expired_shift_started"
  | "expired_shift_taken"
  | "expired_shift_changed"
  | "expired_shift_gone"
  | "expired";

/** The names and reasons a request's line reads (i18next interpolation values). */
export type TextValues = {
  name?: string;
  reason?: string;
  /** A leave type's name. */
  type?: string;
};

export interface Detail {
  key: DetailKey;
  values: TextValues;
}

/** The line under a request of mine that says where it stands and why. */
export function requestDetail(request: Request): Detail {
  const values: TextValues = {};
  const to = request.to_user ? personName(request.to_user) : null;
  const taker = request.taker ? personName(request.taker) : null;
  switch (request.status) {
    case "offered":
      if (request.kind === "swap" && to) return { key: "waitsSwap", values: { name: to } };
      if (to) return { key: "waitsTeammate", values: { name: to } };
      return { key: "waitsAnyTeammate", values };
    case "pending":
      if (taker) return { key: "takenWaitsManager", values: { name: taker } };
      return { key: "waitsManager", values };
    case "approved":
      if (request.kind === "cover" && taker) return { key: "approvedTaken", values: { name: taker } };
      return { key: request.decision?.automatic ? "approvedAutomatic" : "approved", values };
    case "declined":
      return request.decision?.reason
        ? { key: "declined", values: { reason: request.decision.reason } }
        : { key: "declinedNoReason", values };
    case "refused":
      return request.refusal_reason
        ? { key: "refusedWithReason", values: { name: to ?? "", reason: request.refusal_reason } }
        : { key: "refused", values: { name: to ?? "" } };
    case "cancelled":
      // Approved time off keeps its decision when a manager approves my ask to cancel it.
      return { key: request.kind === "time_off" && request.decision ? "timeOffCancelled" : "cancelled", values };
    case "expired":
      return { key: request.closed_code ? `expired_${request.closed_code}` : "expired", values };
  }
}

const time = (instant: string) => Date.parse(instant);

/** My requests: those still waiting first (soonest day first), then the decided ones (latest change first). */
export function sortMine(requests: readonly Request[]): Request[] {
  return [...requests].sort((a, b) => {
    const aw = isWaitingRequest(a.status);
    const bw = isWaitingRequest(b.status);
    if (aw !== bw) return aw ? -1 : 1;
    if (aw) return a.date.localeCompare(b.date) || time(a.created_at) - time(b.created_at);
    return time(b.updated_at) - time(a.updated_at);
  });
}
