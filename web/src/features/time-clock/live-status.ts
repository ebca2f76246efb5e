import type { LivePerson, LiveStatus, PunchWarning } from "@workshift/contracts";

/**
 * The live view's rules, pure: which order the statuses are shown in (what
 * needs a manager first), how people sort within one, and the running
 * durations, counted from the server's clock rather than the browser's.
 */

/** Late and absent people need a manager first; then who is in, then who is still to come, then who is done. */
export const statusOrder = [
  "late",
  "absent",
  "working",
  "unscheduled",
  "on_break",
  "scheduled",
  "done",
] as const satisfies readonly LiveStatus[];

/** Statuses whose `since` runs on now (a duration that ticks). */
const running: ReadonlySet<LiveStatus> = new Set(["working", "unscheduled", "on_break", "late"]);
/** Statuses that add worked minutes as time passes. */
const clockedIn: ReadonlySet<LiveStatus> = new Set(["working", "unscheduled"]);

export const isRunning = (status: LiveStatus) => running.has(status);

export function personName(person: { first_name: string | null; last_name: string | null }): string {
  return [person.first_name, person.last_name]
    .filter((part) => part?.trim())
    .join(" ")
    .trim();
}

/**
 * A name set inside a sentence of the other direction ("سامي نصار’s entry is
 * saved", "إدخال Emily Johnson"), isolated (U+2068 … U+2069) so the words
 * around it keep their order.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

const ms = (instant: string | null | undefined): number => {
  const value = instant ? Date.parse(instant) : Number.NaN;
  return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
};

/**
 * Within a status: the longest-running first where time runs (in longest,
 * late for longest), the next shift first for those still to come, the last
 * to leave first for those done; then by name.
 */
function sortKey(person: LivePerson): number {
  switch (person.status) {
    case "scheduled":
    case "absent":
      return ms(person.shift?.starts_at);
    case "done":
      return -ms(person.entry?.clock_out_at ?? person.since);
    default:
      return ms(person.since);
  }
}

export function comparePeople(a: LivePerson, b: LivePerson, language?: string): number {
  const byTime = sortKey(a) - sortKey(b);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return personName(a).localeCompare(personName(b), language) || a.user_id.localeCompare(b.user_id);
}

export interface LiveGroup {
  status: LiveStatus;
  people: LivePerson[];
}

/** Words a person is found by: their name, case and accents aside. */
const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();

export function matchesSearch(
  person: { first_name: string | null; last_name: string | null },
  search: string,
): boolean {
  const wanted = fold(search.trim());
  return wanted === "" || fold(personName(person)).includes(wanted);
}

/**
 * People in status groups (statusOrder, empty groups left out), each sorted;
 * only `status` when one is picked, only names matching the search.
 */
export function groupLive(
  people: readonly LivePerson[],
  options: { status?: LiveStatus | null; search?: string; language?: string } = {},
): LiveGroup[] {
  const groups = new Map<LiveStatus, LivePerson[]>();
  for (const person of people) {
    if (options.status && person.status !== options.status) continue;
    if (options.search && !matchesSearch(person, options.search)) continue;
    const list = groups.get(person.status) ?? [];
    list.push(person);
    groups.set(person.status, list);
  }
  return statusOrder
    .filter((status) => groups.has(status))
    .map((status) => ({
      status,
      people: (groups.get(status) ?? []).sort((a, b) => comparePeople(a, b, options.language)),
    }));
}

/** The count of each status (the API's, or 0), in display order, for the stat cards. */
export function statusCounts(
  counts: Partial<Record<LiveStatus, number>>,
): { status: (typeof statusOrder)[number]; count: number }[] {
  return statusOrder.map((status) => ({ status, count: counts[status] ?? 0 }));
}

/** Whole minutes from `since` to `now` (never below 0). */
export function minutesSince(since: string | null, now: number): number {
  if (!since) return 0;
  const start = Date.parse(since);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 60_000));
}

/**
 * Worked minutes today as of `now`: the API's figure at its server_time,
 * plus the minutes since then while the person is clocked in and not on a
 * break (a flagged entry counts nothing, as on the timesheet).
 */
export function liveWorkedMinutes(person: LivePerson, serverTime: string, now: number): number {
  if (!clockedIn.has(person.status) || person.flagged) return person.worked_minutes_today;
  return person.worked_minutes_today + minutesSince(serverTime, now);
}

/** Warnings worth a manager's eye, in a stable order, one per code. */
export function shownWarnings(warnings: readonly PunchWarning[]): PunchWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    if (seen.has(warning.code)) return false;
    seen.add(warning.code);
    return true;
  });
}
