/**
 * Punches are never lost: each one is written to IndexedDB (with its own id
 * and the moment it was made) before it is sent, and stays there until the
 * server answers it. They go strictly in order, one at a time, and only those
 * of the person signed in, in their organization (a shared device keeps each
 * person's apart).
 *
 * - 2xx (a replay too): sent, removed.
 * - 409/422 and other refusals: removed, reported (the server will not change its mind).
 * - no answer, a timeout, 5xx, 408/425/429: kept; tried again with backoff.
 * - 401/403: kept until the person is signed in again.
 *
 * The store, the sending loop and its scheduler are plain functions and
 * objects (no React), tested with fake-indexeddb.
 */
import type { ClockStatus, PunchKind, PunchLocation, PunchRequest, PunchResponse } from "@workshift/contracts";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { ZodError } from "zod";
import { apiErrorCode, apiFieldErrors, httpStatusOf, retryAfterSeconds } from "./api-error.ts";
import { PUNCH_DATABASE } from "./storage-keys.ts";

export interface PunchOwner {
  organizationId: string;
  userId: string;
}

/** A punch as made on the device. */
export interface NewPunch {
  id: string;
  kind: PunchKind;
  /** When it was made (ISO instant, the device's clock at the tap). */
  at: string;
  shift_id?: string | null;
  job_id?: string | null;
  location?: PunchLocation | null;
  /** Its position is still being asked for: it waits (at most LOCATION_WAIT_MS) to go with it. */
  locating?: boolean;
}

export interface QueuedPunch extends PunchOwner {
  /** The order punches were made in on this device (IndexedDB's own counter). */
  seq: number;
  id: string;
  kind: PunchKind;
  at: string;
  shift_id: string | null;
  job_id: string | null;
  location: PunchLocation | null;
  locating: boolean;
  /** When it was written here (the device's milliseconds). */
  queuedAt: number;
  /** Tries that got no answer (or a server error). */
  attempts: number;
}

export interface SavedStatus extends PunchOwner {
  status: ClockStatus;
  /** When the status was received (ISO instant). */
  savedAt: string;
}

/** The queue's storage: IndexedDB in the product (openPunchStore), memory where IndexedDB cannot be had. */
export interface PunchStore {
  add(owner: PunchOwner, punch: NewPunch, queuedAt: number): Promise<QueuedPunch>;
  /** The owner's punches, oldest first. */
  list(owner: PunchOwner): Promise<QueuedPunch[]>;
  /** How many punches of this person wait, in any of their organizations. */
  countOfPerson(userId: string): Promise<number>;
  update(id: string, patch: Partial<Pick<QueuedPunch, "location" | "locating" | "attempts">>): Promise<void>;
  remove(id: string): Promise<void>;
  saveStatus(saved: SavedStatus): Promise<void>;
  loadStatus(owner: PunchOwner): Promise<SavedStatus | undefined>;
  close(): void;
}

/** A punch is held this long at most for its position (the geolocation timeout, and a little). */
export const LOCATION_WAIT_MS = 12_000;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

type StoredPunch = Omit<QueuedPunch, "seq"> & { seq?: number };

interface PunchDatabase extends DBSchema {
  punches: { key: number; value: StoredPunch; indexes: { owner: [string, string]; id: string } };
  statuses: { key: [string, string]; value: SavedStatus };
}

function stored(owner: PunchOwner, punch: NewPunch, queuedAt: number): StoredPunch {
  return {
    organizationId: owner.organizationId,
    userId: owner.userId,
    id: punch.id,
    kind: punch.kind,
    at: punch.at,
    shift_id: punch.shift_id ?? null,
    job_id: punch.job_id ?? null,
    location: punch.location ?? null,
    locating: punch.locating ?? false,
    queuedAt,
    attempts: 0,
  };
}

/**
 * The queue in IndexedDB (database `name`). Opens now, so a browser without
 * IndexedDB (or with it blocked) fails here and the caller can fall back; a
 * connection closed under it (a newer version opened in another tab, the
 * browser ending it) is opened again on the next use.
 */
export async function openPunchStore(name: string = PUNCH_DATABASE): Promise<PunchStore> {
  let connection: Promise<IDBPDatabase<PunchDatabase>> | null = null;
  const open = () =>
    openDB<PunchDatabase>(name, 1, {
      upgrade(db) {
        const punches = db.createObjectStore("punches", { keyPath: "seq", autoIncrement: true });
        punches.createIndex("owner", ["organizationId", "userId"]);
        punches.createIndex("id", "id", { unique: true });
        db.createObjectStore("statuses", { keyPath: ["organizationId", "userId"] });
      },
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        connection = null;
      },
      terminated() {
        connection = null;
      },
    });
  const db = () => {
    connection ??= open().catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  await db();

  return {
    async add(owner, punch, queuedAt) {
      const value = stored(owner, punch, queuedAt);
      const seq = await (await db()).add("punches", value);
      return { ...value, seq };
    },
    async list(owner) {
      const all = await (await db()).getAllFromIndex("punches", "owner", [owner.organizationId, owner.userId]);
      return all.filter((item): item is QueuedPunch => item.seq !== undefined).sort((a, b) => a.seq - b.seq);
    },
    async countOfPerson(userId) {
      // A device holds a few punches at most: reading them all beats an index nobody else needs.
      return (await (await db()).getAll("punches")).filter((item) => item.userId === userId).length;
    },
    async update(id, patch) {
      const tx = (await db()).transaction("punches", "readwrite");
      const index = tx.store.index("id");
      const seq = await index.getKey(id);
      const value = seq === undefined ? undefined : await tx.store.get(seq);
      if (value) await tx.store.put({ ...value, ...patch });
      await tx.done;
    },
    async remove(id) {
      const tx = (await db()).transaction("punches", "readwrite");
      const seq = await tx.store.index("id").getKey(id);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
    async saveStatus(saved) {
      await (await db()).put("statuses", saved);
    },
    async loadStatus(owner) {
      return (await db()).get("statuses", [owner.organizationId, owner.userId]);
    },
    close() {
      void connection?.then((open) => open.close()).catch(() => {});
      connection = null;
    },
  };
}

/** The same queue kept in memory, for a browser that gives no IndexedDB: punches last as long as the page. */
export function memoryPunchStore(): PunchStore {
  let seq = 0;
  let punches: QueuedPunch[] = [];
  const statuses = new Map<string, SavedStatus>();
  const ownerKey = (owner: PunchOwner) => `${owner.organizationId}/${owner.userId}`;
  return {
    async add(owner, punch, queuedAt) {
      if (punches.some((item) => item.id === punch.id)) throw new Error("This punch is queued already");
      seq += 1;
      const value = { ...stored(owner, punch, queuedAt), seq };
      punches.push(value);
      return { ...value };
    },
    async list(owner) {
      return punches
        .filter((item) => item.organizationId === owner.organizationId && item.userId === owner.userId)
        .map((item) => ({ ...item }));
    },
    async countOfPerson(userId) {
      return punches.filter((item) => item.userId === userId).length;
    },
    async update(id, patch) {
      punches = punches.map((item) => (item.id === id ? { ...item, ...patch } : item));
    },
    async remove(id) {
      punches = punches.filter((item) => item.id !== id);
    },
    async saveStatus(saved) {
      statuses.set(ownerKey(saved), saved);
    },
    async loadStatus(owner) {
      return statuses.get(ownerKey(owner));
    },
    close() {},
  };
}

/** The body of POST /api/my/punches for a queued punch. */
export function requestOf(punch: QueuedPunch): PunchRequest {
  // Whose punch it is travels with it: sent under anyone else's session (another tab switched
  // organization or account meanwhile), the server answers 403 and the punch waits for its owner.
  const request: PunchRequest = {
    id: punch.id,
    kind: punch.kind,
    at: punch.at,
    organization_id: punch.organizationId,
    user_id: punch.userId,
  };
  if (punch.shift_id) request.shift_id = punch.shift_id;
  if (punch.job_id) request.job_id = punch.job_id;
  if (punch.location) request.location = punch.location;
  return request;
}

/** A punch the server refused: its status, code and field → message key (validation namespace). */
export interface Refusal {
  status: number;
  code: string | undefined;
  fields: Record<string, string>;
}

export type SendOutcome =
  | { kind: "sent"; response: PunchResponse | null }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "signedOut" }
  | { kind: "retry"; afterMs: number | undefined };

/** What a failed send means for the punch. */
export function outcomeOfFailure(error: unknown): SendOutcome {
  // A 2xx whose body does not read: the server has the punch; sending it again would only replay.
  if (error instanceof ZodError) return { kind: "sent", response: null };
  const status = httpStatusOf(error);
  if (status === undefined || status >= 500) return { kind: "retry", afterMs: undefined };
  if (status === 401 || status === 403) return { kind: "signedOut" };
  if (status === 408 || status === 425 || status === 429) {
    const seconds = retryAfterSeconds(error);
    return { kind: "retry", afterMs: seconds === undefined ? undefined : seconds * 1000 };
  }
  // Only the server's own verdict on the punch drops it: a conflict with where the person stands (409),
  // or a punch it cannot take (400/422, field by field). Anything else (a proxy's 404 or 413, a server
  // without this route yet) says nothing about the punch: it stays and is tried again.
  const fields = apiFieldErrors(error);
  if (status === 409 || ((status === 400 || status === 422) && Object.keys(fields).length > 0)) {
    return { kind: "refused", refusal: { status, code: apiErrorCode(error), fields } };
  }
  return { kind: "retry", afterMs: undefined };
}

export type DrainResult =
  | { stop: "empty" }
  | { stop: "retry"; afterMs: number | undefined }
  | { stop: "signedOut" }
  | { stop: "locating"; afterMs: number };

export interface DrainOptions {
  store: PunchStore;
  owner: PunchOwner;
  send(punch: PunchRequest): Promise<PunchResponse>;
  now(): number;
  /** Whether this page is still asking for this punch's position. */
  locating(id: string): boolean;
  /** The queue was stopped (its card unmounted, its owner signed out): send nothing more. */
  stopped?(): boolean;
  onSent?(punch: QueuedPunch, response: PunchResponse | null): void;
  onRefused?(punch: QueuedPunch, refusal: Refusal): void;
}

/** A bound on one drain, should a store fail to forget what it removed. */
const DRAIN_MAX = 500;

/**
 * Sends the owner's punches oldest first, one at a time, until the queue is
 * empty or one must wait (no answer, signed out, its position coming). A punch
 * still locating is held while this page asks for it, or LOCATION_WAIT_MS
 * from when it was made (another tab may be asking); then it goes without.
 */
export async function drainQueue(options: DrainOptions): Promise<DrainResult> {
  const { store, owner } = options;
  for (let round = 0; round < DRAIN_MAX; round += 1) {
    if (options.stopped?.()) return { stop: "signedOut" };
    const [head] = await store.list(owner);
    if (!head) return { stop: "empty" };
    if (head.locating) {
      const left = LOCATION_WAIT_MS - (options.now() - head.queuedAt);
      if (options.locating(head.id)) return { stop: "locating", afterMs: Math.max(1_000, left) };
      if (left > 0 && left <= LOCATION_WAIT_MS) return { stop: "locating", afterMs: left };
    }
    let outcome: SendOutcome;
    try {
      outcome = { kind: "sent", response: await options.send(requestOf(head)) };
    } catch (error) {
      outcome = outcomeOfFailure(error);
    }
    if (outcome.kind === "sent") {
      await store.remove(head.id);
      options.onSent?.(head, outcome.response);
    } else if (outcome.kind === "refused") {
      await store.remove(head.id);
      options.onRefused?.(head, outcome.refusal);
    } else if (outcome.kind === "signedOut") {
      return { stop: "signedOut" };
    } else {
      await store.update(head.id, { attempts: head.attempts + 1 });
      return { stop: "retry", afterMs: outcome.afterMs };
    }
  }
  return { stop: "retry", afterMs: undefined };
}

/** The wait before try `failures` + 1: 2 s, 4 s, 8 s… up to a minute, ±20 % so tabs and devices spread out. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

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
