import type { TeamBalancesResponse } from "@workshift/contracts";

export type BalanceRow = TeamBalancesResponse["people"][number] & { policy_name: string | null };
export type BalanceSort = "name" | "policy" | "started_on" | "balance" | "pending";
export interface SortOrder {
  by: BalanceSort;
  descending: boolean;
}

/** Lower case without accents, so "élodie" finds "Elodie". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** Each person with their policy's name (null when they are on none). */
export function withPolicyNames(
  people: TeamBalancesResponse["people"],
  policies: readonly { id: string; name: string }[],
): BalanceRow[] {
  const names = new Map(policies.map((policy) => [policy.id, policy.name]));
  return people.map((person) => ({
    ...person,
    policy_name: person.policy_id === null ? null : (names.get(person.policy_id) ?? null),
  }));
}

/**
 * The table's rows: those whose name holds every word searched, in the order
 * asked. Ties (and missing values, last) fall back to the name, so the order
 * is stable.
 */
export function balanceRows(
  rows: readonly BalanceRow[],
  search: string,
  order: SortOrder,
  language?: string,
): BalanceRow[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const found = words.length
    ? rows.filter((row) => {
        const name = folded(fullName(row));
        return words.every((word) => name.includes(word));
      })
    : [...rows];
  const collator = new Intl.Collator(language, { sensitivity: "base", numeric: true });
  const byName = (a: BalanceRow, b: BalanceRow) =>
    collator.compare(a.first_name, b.first_name) || collator.compare(a.last_name, b.last_name);
  const direction = order.descending ? -1 : 1;
  const compare = (a: BalanceRow, b: BalanceRow): number => {
    switch (order.by) {
      case "name":
        return direction * byName(a, b);
      case "policy":
        return nullsLast(a.policy_name, b.policy_name, (x, y) => direction * collator.compare(x, y)) || byName(a, b);
      case "started_on":
        return nullsLast(a.started_on, b.started_on, (x, y) => direction * x.localeCompare(y)) || byName(a, b);
      case "balance":
        return direction * (a.balance_minutes - b.balance_minutes) || byName(a, b);
      case "pending":
        return direction * (a.pending_minutes - b.pending_minutes) || byName(a, b);
    }
  };
  return found.sort(compare);
}

function nullsLast<T>(a: T | null, b: T | null, compare: (a: T, b: T) => number): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}

/** Clicking a column: the same one flips its direction; another starts ascending (amounts start with the largest). */
export function nextOrder(current: SortOrder, by: BalanceSort): SortOrder {
  if (current.by === by) return { by, descending: !current.descending };
  return { by, descending: by === "balance" || by === "pending" };
}
