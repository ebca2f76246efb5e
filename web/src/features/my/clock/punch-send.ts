/**
 * Sending the queue: punches go strictly in order, one at a time, and each
 * stays on the device until the server answers it.
 *
 * - 2xx (a replay too): sent, removed.
 * - 409/422 and other refusals: removed, reported (the server will not change its mind).
 * - no answer, a timeout, 5xx, 408/425/429: kept; tried again with backoff.
 * - 401/403: kept until the person is signed in again.
 */
import type { PunchRequest, PunchResponse } from "@workshift/contracts";
import { ZodError } from "zod";
import { apiErrorCode, apiFieldErrors, httpStatusOf, retryAfterSeconds } from "../../../lib/api-error.ts";
import type { PunchOwner, PunchStore, QueuedPunch } from "../../../lib/queued-punch.ts";

/** A punch is held this long at most for its position (the geolocation timeout, and a little). */
export const LOCATION_WAIT_MS = 12_000;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

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
