import type { InboxItem } from "@workshift/contracts";
import { personName } from "./request-format.ts";

/**
 * The people a request names, by their id in the organization. The impact
 * names people by id only (who works a shift after, whose hours change); they
 * are the request's author, the teammate it names and the one who took it,
 * whose names the request carries.
 */
export type Names = ReadonlyMap<string, string>;

export function namesOf(item: Pick<InboxItem, "author" | "to_user" | "taker" | "decision">): Names {
  const names = new Map<string, string>();
  for (const person of [item.author, item.to_user, item.taker, item.decision?.by ?? null]) {
    if (person) names.set(person.user_id, personName(person));
  }
  return names;
}

/** A person's name, or `unknown` for someone the request does not name (the caller's "someone else"). */
export function nameOf(names: Names, userId: string, unknown: string): string {
  const name = names.get(userId);
  return name ? name : unknown;
}
