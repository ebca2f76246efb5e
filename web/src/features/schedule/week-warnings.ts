import type { ShiftWarning, WeekResponse } from "@workshift/contracts";
import type { AvailabilityIndex } from "./availability-days.ts";
import type { LeaveIndex } from "./time-off-days.ts";
import { boardWarnings } from "./week-figures.ts";

export type WarningsById = ReadonlyMap<string, ShiftWarning[]>;

/** People whose warnings one slice computes: a few milliseconds of a 2,000-person week. */
const PEOPLE_PER_SLICE = 150;
/** Where idle callbacks are missing, a timer slice works this long before it yields. */
const TIMER_SLICE_MS = 8;

/**
 * The week cut into groups of people (open shifts in the first): every
 * warning is about one person's shifts (rest, overtime, their jobs, their
 * leave and availability), so each group's are the whole week's for them.
 */
export function warningSlices(week: WeekResponse, size = PEOPLE_PER_SLICE): WeekResponse[] {
  const group = new Map<string | null, number>();
  const slices: { shifts: WeekResponse["shifts"]; nearby_shifts: WeekResponse["nearby_shifts"] }[] = [];
  const sliceOf = (userId: string | null) => {
    let at = group.get(userId);
    if (at === undefined) {
      at = Math.floor(group.size / size);
      group.set(userId, at);
    }
    let slice = slices[at];
    if (!slice) {
      slice = { shifts: [], nearby_shifts: [] };
      slices[at] = slice;
    }
    return slice;
  };
  for (const shift of week.shifts) sliceOf(shift.user_id).shifts.push(shift);
  for (const shift of week.nearby_shifts) sliceOf(shift.user_id).nearby_shifts.push(shift);
  return slices.map((slice) => ({ ...week, ...slice }));
}

interface Job {
  week: WeekResponse;
  availability: AvailabilityIndex;
  leave: LeaveIndex;
  slices: WeekResponse[] | null;
  next: number;
  partial: Map<string, ShiftWarning[]>;
  done: WarningsById | null;
  cancel: (() => void) | null;
  listeners: Set<() => void>;
}

const jobs = new WeakMap<WeekResponse, Job>();

type Deadline = { timeRemaining(): number };

function whenIdle(work: (deadline: Deadline) => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => {
    const until = performance.now() + TIMER_SLICE_MS;
    work({ timeRemaining: () => until - performance.now() });
  }, 0);
  return () => clearTimeout(handle);
}

function step(job: Job, deadline: Deadline): void {
  job.cancel = null;
  job.slices ??= warningSlices(job.week);
  // At least one slice per turn, so a page that is never idle still gets its warnings.
  do {
    const slice = job.slices[job.next];
    if (!slice) break;
    for (const [id, list] of boardWarnings(slice, job.availability, job.leave)) job.partial.set(id, list);
    job.next++;
  } while (job.next < job.slices.length && deadline.timeRemaining() > 4);
  if (job.next < job.slices.length) {
    job.cancel = whenIdle((next) => step(job, next));
    return;
  }
  job.done = job.partial;
  job.slices = null;
  for (const listener of job.listeners) listener();
}

/**
 * The week's warnings, computed once per week answer in idle-time slices
 * outside React's renders: a render that a scroll interrupts is thrown away
 * with its memos, and computing them inside one made a big board compute
 * them dozens of times while it scrolled. `subscribe` starts (or resumes)
 * the work and is told when it is done; `get` is null until then.
 */
export function weekWarningsOf(week: WeekResponse, availability: AvailabilityIndex, leave: LeaveIndex) {
  let job = jobs.get(week);
  if (!job) {
    job = {
      week,
      availability,
      leave,
      slices: null,
      next: 0,
      partial: new Map(),
      done: null,
      cancel: null,
      listeners: new Set(),
    };
    jobs.set(week, job);
  }
  const known = job;
  return {
    get: (): WarningsById | null => known.done,
    subscribe(listener: () => void): () => void {
      known.listeners.add(listener);
      if (!known.done && !known.cancel) known.cancel = whenIdle((deadline) => step(known, deadline));
      return () => {
        known.listeners.delete(listener);
        // Nobody shows this week any more (another version replaced it): stop, keeping what is done.
        if (known.listeners.size === 0 && known.cancel) {
          known.cancel();
          known.cancel = null;
        }
      };
    },
  };
}
