/**
 * What the clock can do from where the person stands, and where they stand
 * once the punches still waiting to be sent are counted (shown at once, even
 * offline). Pure: no React, no clock of its own.
 */
import type { ClockState, ClockStatus, EntryBreak, PunchKind } from "@workshift/contracts";

/** The buttons of each state, the main one first. */
const actions: Record<ClockState, readonly PunchKind[]> = {
  out: ["clock_in"],
  in: ["break_start", "clock_out"],
  break: ["break_end", "clock_out"],
};

export function actionsFor(state: ClockState): readonly PunchKind[] {
  return actions[state];
}

/** The state a punch leads to from `state`, or null when it does not fit there (the server would refuse it). */
export function nextState(state: ClockState, kind: PunchKind): ClockState | null {
  if (!actions[state].includes(kind)) return null;
  if (kind === "clock_in" || kind === "break_end") return "in";
  if (kind === "break_start") return "break";
  return "out";
}

/** One clock-in to its clock-out (null while open), with its breaks. */
export interface ClockSpan {
  clock_in_at: string;
  clock_out_at: string | null;
  breaks: EntryBreak[];
}

export interface ClockView {
  state: ClockState;
  /** The entry going on (null when out). */
  open: ClockSpan | null;
  /** Since when the state holds: the clock-in, or the break's start (null when out). */
  since: string | null;
  /**
   * The entries the status's hours do not hold yet: the open entry as the
   * server saw it, and those the waiting punches made or closed. Counting
   * their work after `server_time` keeps today's and the week's hours live.
   */
  spans: ClockSpan[];
}

/** A punch as far as the state cares. */
export interface PunchStep {
  kind: PunchKind;
  at: string;
}

/**
 * The status with the waiting punches applied in order. A punch that does not
 * fit is skipped: it is either already in the status (a refetch saw it before
 * its answer came) or will be refused, which the card reports.
 */
export function projectClock(status: Pick<ClockStatus, "state" | "entry">, waiting: readonly PunchStep[]): ClockView {
  let state = status.state;
  const spans: ClockSpan[] = [];
  let open: ClockSpan | null =
    status.state !== "out" && status.entry
      ? {
          clock_in_at: status.entry.clock_in_at,
          clock_out_at: null,
          breaks: status.entry.breaks.map((b) => ({ ...b })),
        }
      : null;
  if (open) spans.push(open);
  if (state !== "out" && !open) state = "out";

  for (const punch of waiting) {
    const next = nextState(state, punch.kind);
    if (next === null) continue;
    if (punch.kind === "clock_in") {
      open = { clock_in_at: punch.at, clock_out_at: null, breaks: [] };
      spans.push(open);
    } else if (open) {
      const going = open.breaks.at(-1);
      if (punch.kind === "break_start") open.breaks.push({ starts_at: punch.at, ends_at: null });
      else if (going && going.ends_at === null) going.ends_at = punch.at;
      if (punch.kind === "clock_out") {
        open.clock_out_at = punch.at;
        open = null;
      }
    }
    state = next;
  }

  let since: string | null = null;
  if (open && state === "break") since = open.breaks.at(-1)?.starts_at ?? open.clock_in_at;
  else if (open) since = open.clock_in_at;
  return { state, open, since, spans };
}
