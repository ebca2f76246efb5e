/**
 * What I said yes to: teammates' covers I took and swaps I accepted, waiting
 * for a manager or decided lately, each with the line that says where it
 * stands (a text key of the `my` namespace's `accepted` and its values). Pure,
 * so each status is tested.
 */
import type { Request } from "@workshift/contracts";
import { offerState, personName, sortMine, type TextValues } from "./request-view.ts";

/**
 * The answer's `accepted` list, with the offers I said yes to that wait for
 * a manager (an answer without `accepted` lists them among the offers), once
 * each; waiting first (soonest day first), then the latest decided first.
 */
export function saidYesTo(offers: readonly Request[], accepted: readonly Request[], me: string | null): Request[] {
  const byId = new Map<string, Request>();
  for (const offer of offers) if (offerState(offer, me).waitsForManager) byId.set(offer.id, offer);
  for (const request of accepted) byId.set(request.id, request);
  return sortMine([...byId.values()]);
}

export type AcceptedKey =
  | "waiting"
  | "approvedCover"
  | "approvedSwap"
  | "declined"
  | "declinedNoReason"
  | "cancelled"
  | "expired";

export function acceptedDetail(request: Request): { key: AcceptedKey; values: TextValues } {
  switch (request.status) {
    case "approved":
      return { key: request.kind === "swap" ? "approvedSwap" : "approvedCover", values: {} };
    case "declined":
      return request.decision?.reason
        ? { key: "declined", values: { reason: request.decision.reason } }
        : { key: "declinedNoReason", values: {} };
    case "cancelled":
      return { key: "cancelled", values: { name: personName(request.author) } };
    case "expired":
    case "refused":
      return { key: "expired", values: {} };
    case "offered":
    case "pending":
      return { key: "waiting", values: {} };
  }
}
