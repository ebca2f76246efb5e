/**
 * Punches are never lost: each one is written to IndexedDB (with its own id
 * and the moment it was made) before it is sent, and stays there until the
 * server answers it (punch-send.ts says what each answer means). They go
 * strictly in order, one at a time, and only those of the person signed in,
 * in their organization (a shared device keeps each person's apart).
 *
 * The store, the sending loop and its scheduler are plain functions and
 * objects (no React), tested with fake-indexeddb.
 */
import type { PunchLocation } from "@workshift/contracts";
import type { NewPunch, QueuedPunch } from "../../../lib/queued-punch.ts";
import { backoffMs, type DrainOptions, type DrainResult, drainQueue } from "./punch-send.ts";

export type SyncPhase = "idle" | "sending" | "waiting" | "signedOut";

export interface PunchSyncState {
  /** The owner's punches not sent yet, oldest first. */
  pending: QueuedPunch[];
  phase: SyncPhase;
  /** When the next try is planned (device milliseconds), while waiting. */
  retryAt: number | null;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface PunchSyncOptions extends Omit<DrainOptions, "locating" | "now"> {
  now?: () => number;
  timers?: Timers;
  random?: () => number;
  /** Runs the drain alone among this browser's tabs (Web Locks), so two tabs never send out of turn. */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  /** False when the browser knows it is offline: nothing is tried until it is back (or the next backoff). */
  online?: () => boolean;
}

export interface PunchSync {
  getState(): PunchSyncState;
  subscribe(listener: () => void): () => void;
  /** Writes a punch to the queue, then sends what is waiting. */
  record(punch: NewPunch): Promise<QueuedPunch>;
  /** The position of a punch recorded with `locating` (null: none could be had); it may go now. */
  located(id: string, location: PunchLocation | null): Promise<void>;
  /** Sends now (the network is back, the page is shown, a new sign-in). */
  kick(): void;
  /** Reads the queue again (another tab may have sent some). */
  refresh(): Promise<void>;
  stop(): void;
}

const browserTimers: Timers = {
  set: (run, ms) => globalThis.setTimeout(run, ms),
  clear: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function webLocks<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request("workshift-punch-queue", task) as Promise<T>) : task();
}

/** The sending loop of one owner's queue: one drain at a time, retried with backoff, and a state to show. */
export function createPunchSync(options: PunchSyncOptions): PunchSync {
  const { store, owner } = options;
  const now = options.now ?? Date.now;
  const timers = options.timers ?? browserTimers;
  const exclusive = options.exclusive ?? webLocks;
  const online = options.online ?? (() => globalThis.navigator?.onLine !== false);
  const locatingIds = new Set<string>();
  const listeners = new Set<() => void>();
  let state: PunchSyncState = { pending: [], phase: "idle", retryAt: null };
  let running = false;
  let again = false;
  let stopped = false;
  let failures = 0;
  let timer: unknown = null;

  const set = (next: Partial<PunchSyncState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const clearTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const refresh = async () => {
    if (stopped) return;
    const pending = await store.list(owner);
    if (!stopped) set({ pending });
  };
  const later = (ms: number) => {
    clearTimer();
    timer = timers.set(() => {
      timer = null;
      kick();
    }, ms);
    set({ phase: "waiting", retryAt: now() + ms });
  };

  const drainOnce = () =>
    exclusive(() =>
      drainQueue({
        store,
        owner,
        send: options.send,
        now,
        locating: (id) => locatingIds.has(id),
        stopped: () => stopped,
        onSent: (punch, response) => {
          failures = 0;
          void refresh().catch(() => {});
          options.onSent?.(punch, response);
        },
        onRefused: (punch, refusal) => {
          void refresh().catch(() => {});
          options.onRefused?.(punch, refusal);
        },
      }),
    );

  /** Drains, and again at once if kicked meanwhile while it had to stop (the network came back…). */
  async function attempt(): Promise<DrainResult> {
    if (!online()) {
      // Surely offline: nothing is tried; the next backoff, or the `online` event, looks again.
      again = false;
      return (await store.list(owner)).length > 0 ? { stop: "retry", afterMs: undefined } : { stop: "empty" };
    }
    let result: DrainResult;
    do {
      again = false;
      if (state.pending.length > 0) set({ phase: "sending", retryAt: null });
      result = await drainOnce();
    } while (again && !stopped && (result.stop === "retry" || result.stop === "locating"));
    return result;
  }

  function schedule(result: DrainResult): void {
    if (result.stop === "empty") {
      failures = 0;
      set({ phase: "idle", retryAt: null });
    } else if (result.stop === "signedOut") {
      set({ phase: "signedOut", retryAt: null });
    } else if (result.stop === "locating") {
      later(result.afterMs);
    } else {
      failures += 1;
      later(result.afterMs ?? backoffMs(failures, options.random));
    }
  }

  async function run(): Promise<void> {
    try {
      let result: DrainResult;
      try {
        result = await attempt();
      } catch (error) {
        console.error("The time clock's queue could not be read", error);
        result = { stop: "retry", afterMs: undefined };
      }
      if (stopped) return;
      await refresh().catch(() => {});
      if (!stopped) schedule(result);
    } finally {
      running = false;
    }
    if (again) kick();
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimer();
    running = true;
    again = false;
    void run();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async record(punch) {
      if (punch.locating) locatingIds.add(punch.id);
      const queued = await store.add(owner, punch, now());
      await refresh();
      kick();
      return queued;
    },
    async located(id, location) {
      locatingIds.delete(id);
      await store.update(id, { locating: false, location });
      kick();
    },
    kick,
    refresh,
    stop() {
      stopped = true;
      clearTimer();
      listeners.clear();
    },
  };
}
