import type { Request } from "@workshift/contracts";
import { personName, type TextValues } from "./request-view.ts";

/** The heading of a request of mine: a text key of `my` and its values. */
export function myRequestTitle(request: Request): { key: MyTitleKey; values: TextValues } {
  const to = request.to_user ? personName(request.to_user) : "";
  switch (request.kind) {
    case "claim":
      return { key: "requests.titles.claim", values: {} };
    case "cover":
      return to
        ? { key: "requests.titles.coverTo", values: { name: to } }
        : { key: "requests.titles.cover", values: {} };
    case "swap":
      return { key: "requests.titles.swap", values: { name: to } };
    case "availability":
      return { key: "requests.titles.availability", values: {} };
    case "correction":
      return request.correction?.entry_id
        ? { key: "requests.titles.correction", values: {} }
        : { key: "requests.titles.missed", values: {} };
    case "time_off":
      return { key: "requests.titles.timeOff", values: { type: request.time_off?.leave_type.name ?? "" } };
    case "time_off_cancel":
      return { key: "requests.titles.timeOffCancel", values: { type: request.time_off?.leave_type.name ?? "" } };
  }
}

export type MyTitleKey =
  | "requests.titles.claim"
  | "requests.titles.cover"
  | "requests.titles.coverTo"
  | "requests.titles.swap"
  | "requests.titles.availability"
  | "requests.titles.correction"
  | "requests.titles.missed"
  | "requests.titles.timeOff"
  | "requests.titles.timeOffCancel";

/** The heading of a teammate's request asking something of me. */
export function offerTitle(offer: Request): { key: OfferTitleKey; values: TextValues } {
  const name = personName(offer.author);
  if (offer.kind === "swap") return { key: "offers.titles.swap", values: { name } };
  return offer.to_user
    ? { key: "offers.titles.coverToMe", values: { name } }
    : { key: "offers.titles.cover", values: { name } };
}

export type OfferTitleKey = "offers.titles.swap" | "offers.titles.coverToMe" | "offers.titles.cover";
