import type { LivePerson, LiveStatus } from "@workshift/contracts";

/**
 * The "now" part, pure: which counts are cards (in the order a manager reads
 * them), and what each listed person's line says about when.
 */

/** The statuses shown as cards: who is in, then who is missing, then who works off the schedule. */
export const nowCardStatuses = [
  "working",
  "on_break",
  "late",
  "absent",
  "unscheduled",
] as const satisfies readonly LiveStatus[];

export function nowCards(counts: Partial<Record<LiveStatus, number>>): { status: LiveStatus; count: number }[] {
  return nowCardStatuses.map((status) => ({ status, count: counts[status] ?? 0 }));
}

export function personName(person: Pick<LivePerson, "first_name" | "last_name">): string {
  return [person.first_name, person.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
}

/** Up to two letters for the avatar: the first of the first and last words. */
export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters
    .map((part) => (part ? [...part][0] : ""))
    .join("")
    .toLocaleUpperCase();
}

/**
 * Since when, as a key of the overview namespace and the instants it names
 * (the page writes them in the organization's zone); null when there is
 * nothing to say.
 */
export type SinceLine =
  | {
      key: "now.since.in" | "now.since.break" | "now.since.late" | "now.since.done" | "now.since.scheduled";
      time: string;
    }
  | { key: "now.since.absent"; start: string; end: string };

export function sinceLine(person: Pick<LivePerson, "status" | "since" | "shift" | "entry">): SinceLine | null {
  const { shift } = person;
  switch (person.status) {
    case "working":
    case "unscheduled":
      return person.since ? { key: "now.since.in", time: person.since } : null;
    case "on_break":
      return person.since ? { key: "now.since.break", time: person.since } : null;
    case "late": {
      const from = shift?.starts_at ?? person.since;
      return from ? { key: "now.since.late", time: from } : null;
    }
    case "absent":
      return shift ? { key: "now.since.absent", start: shift.starts_at, end: shift.ends_at } : null;
    case "scheduled":
      return shift ? { key: "now.since.scheduled", time: shift.starts_at } : null;
    case "done": {
      const out = person.entry?.clock_out_at ?? null;
      return out ? { key: "now.since.done", time: out } : null;
    }
  }
}
