/** A foreign key: rows of `child` name rows of `parent`. */
export interface ForeignKey {
  child: string;
  parent: string;
}

/**
 * The tables with every parent before its children, so rows can be inserted
 * in this order with their foreign keys checked. A table naming itself is left
 * to the caller (its rows go in one statement, checked at its end). Ties keep
 * name order, so the order is the same on every run.
 */
export function foreignKeyOrder(tables: string[], keys: ForeignKey[]): string[] {
  const waitingOn = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of keys) {
    if (child !== parent && waitingOn.has(child) && waitingOn.has(parent)) waitingOn.get(child)?.add(parent);
  }
  const order: string[] = [];
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const ready = remaining.find((table) =>
      [...(waitingOn.get(table) ?? [])].every((parent) => order.includes(parent)),
    );
    if (ready === undefined) {
      throw new Error(`The foreign keys between ${remaining.join(", ")} form a cycle; no insert order satisfies them.`);
    }
    order.push(ready);
    remaining.splice(remaining.indexOf(ready), 1);
  }
  return order;
}
