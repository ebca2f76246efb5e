import { setMaxListeners } from "node:events";
import { type Kysely, sql } from "kysely";
import type { Tables } from "../lib/db/schema.ts";
import { asDeliveryError, type OutgoingMessage } from "./provider.ts";
import type { Providers } from "./providers.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./retry.ts";

/** pino-compatible (app.log fits). */
export interface WorkerLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkerOptions {
  db: Kysely<Tables>;
  providers: Providers;
  /** Production: clear body and code once a message is sent or given up (they hold sign-in codes). */
  scrub: boolean;
  log?: WorkerLog | undefined;
  /** How often to look for due messages when nobody calls wake(). */
  pollMs?: number | undefined;
  /** Messages claimed (and delivered side by side) per batch. */
  batchSize?: number | undefined;
  /** How long a claim lasts: past it, a message still 'sending' (its worker died) is claimed again. */
  claimMs?: number | undefined;
  retryDelaysMs?: readonly number[] | undefined;
  maxAttempts?: number | undefined;
  /** How long stop() lets deliveries in flight finish before aborting them (they are then retried). */
  stopGraceMs?: number | undefined;
  /** Only these recipients (as stored): for tests that share a database with other tests' workers. */
  recipients?: readonly string[] | undefined;
}

export interface DeliveryWorker {
  /** Begins delivering (main.ts: once the server listens). */
  start(): void;
  /** Look for messages now rather than at the next poll: call after committing an enqueue. */
  wake(): void;
  /** Stops polling and waits for the batch in flight (aborting its deliveries after the grace). */
  stop(): Promise<void>;
}

type Claimed = OutgoingMessage & { attempts: number; bodyMissing: boolean };

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `work`, or a rejection as soon as `signal` aborts (a provider that ignores the signal cannot hold up a stop). */
async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
const silent: WorkerLog = { debug() {}, warn() {}, error() {} };

/** Creates the worker without starting it (buildApp gets its wake() before the server listens). */
export function createDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { db, providers, scrub } = options;
  const log = options.log ?? silent;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const claimMs = options.claimMs ?? 60_000;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const stopGraceMs = options.stopGraceMs ?? 5000;
  const recipients = options.recipients;

  let started = false;
  let stopped = false;
  let woken = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const abort = new AbortController();
  // Each delivery in a batch listens to it (and fetch's own listener): not a leak.
  setMaxListeners(batchSize * 4 + 10, abort.signal);

  /**
   * One short statement (its own transaction): mark up to batchSize due
   * messages as ours until claimMs from now. SKIP LOCKED lets several
   * instances claim side by side without waiting or taking the same message.
   */
  async function claim(): Promise<Claimed[]> {
    if (recipients?.length === 0) return [];
    await dropExpired();
    const due = db
      .selectFrom("outbox_messages")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", sql<Date>`now()`)]),
          eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", sql<Date>`now()`)]),
        ]),
      )
      .$if(recipients !== undefined, (query) => query.where("recipient", "in", recipients ?? []))
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
      .orderBy("next_attempt_at")
      .limit(batchSize)
      .forUpdate()
      .skipLocked();
    const rows = await db
      .updateTable("outbox_messages")
      .set({
        status: "sending",
        attempts: sql<number>`attempts + 1`,
        claimed_until: sql<Date>`now() + make_interval(secs => ${claimMs / 1000})`,
      })
      .where("id", "in", due)
      .returning(["id", "channel", "recipient", "subject", "body", "code", "language", "attempts"])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body ?? "",
      bodyMissing: row.body === null,
      code: row.code,
      language: row.language,
      attempts: row.attempts,
    }));
  }

  const scrubbed = scrub ? { body: null, code: null } : {};

  /**
   * Due messages that went stale (a code message whose code has expired) are
   * dropped as 'expired' rather than sent late: a waiting retry, or a claim
   * whose worker died. A delivery in flight (a live claim) is left to finish.
   */
  async function dropExpired(): Promise<void> {
    const dropped = await db
      .updateTable("outbox_messages")
      .set({ status: "expired", claimed_until: null, last_error: "expired before delivery", ...scrubbed })
      .where("expires_at", "<=", sql<Date>`now()`)
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", sql<Date>`now()`)]),
          eb.and([eb("status", "=", "sending"), eb("claimed_until", "<", sql<Date>`now()`)]),
        ]),
      )
      .$if(recipients !== undefined, (query) => query.where("recipient", "in", recipients ?? []))
      .returning(["id", "channel", "attempts"])
      .execute();
    for (const message of dropped) {
      log.warn(
        { messageId: message.id, channel: message.channel, attempts: message.attempts },
        "message expired before it could be delivered; dropped",
      );
    }
  }

  async function markSent(message: Claimed): Promise<void> {
    // Whatever happened to the claim meanwhile, the provider took the message.
    await db
      .updateTable("outbox_messages")
      .set({ status: "sent", sent_at: sql<Date>`now()`, claimed_until: null, last_error: null, ...scrubbed })
      .where("id", "=", message.id)
      .execute();
  }

  /** Only while the claim is still ours: another worker may have taken an expired one. */
  async function markFailed(message: Claimed, error: string): Promise<void> {
    log.error(
      { messageId: message.id, channel: message.channel, attempts: message.attempts, error },
      "message given up",
    );
    await db
      .updateTable("outbox_messages")
      .set({ status: "failed", claimed_until: null, last_error: error.slice(0, 1000), ...scrubbed })
      .where("id", "=", message.id)
      .where("status", "=", "sending")
      .where("attempts", "=", message.attempts)
      .execute();
  }

  async function markRetry(message: Claimed, error: string): Promise<void> {
    const delayMs = retryDelayMs(message.attempts, retryDelays);
    log.warn(
      { messageId: message.id, channel: message.channel, attempts: message.attempts, delayMs, error },
      "message delivery failed; will retry",
    );
    await db
      .updateTable("outbox_messages")
      .set({
        status: "pending",
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
        claimed_until: null,
        last_error: error.slice(0, 1000),
      })
      .where("id", "=", message.id)
      .where("status", "=", "sending")
      .where("attempts", "=", message.attempts)
      .execute();
  }

  /** Outside any transaction: on the embedded database one would hold the only connection. */
  async function deliverOne(message: Claimed): Promise<void> {
    if (message.attempts > maxAttempts) {
      return markFailed(message, `interrupted ${maxAttempts} times (claims ran out)`);
    }
    const provider = providers[message.channel];
    if (provider === null) return markFailed(message, `no ${message.channel} provider is configured`);
    if (message.bodyMissing) return markFailed(message, "the message has no body");
    try {
      await unlessAborted(provider.deliver(message, abort.signal), abort.signal);
    } catch (error) {
      const failure = asDeliveryError(error);
      if (failure.permanent || message.attempts >= maxAttempts) return markFailed(message, failure.message);
      return markRetry(message, failure.message);
    }
    log.debug({ messageId: message.id, channel: message.channel, provider: provider.name }, "message sent");
    await markSent(message);
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      woken = false;
      const batch = await claim();
      // A failed mark is logged; the claim runs out and the message is tried again.
      await Promise.all(
        batch.map((message) =>
          deliverOne(message).catch((error: unknown) =>
            log.error({ err: error, messageId: message.id }, "outbox update failed"),
          ),
        ),
      );
      // PGlite answers without I/O: yield so requests are not starved by a long backlog.
      await nextTick();
      if (batch.length < batchSize && !woken) return;
    }
  }

  function run(): void {
    timer = null;
    if (stopped || running) return;
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, "outbox worker failed; retrying at the next poll"))
      .finally(() => {
        running = null;
        schedule(woken ? 0 : pollMs);
      });
  }

  function schedule(ms: number): void {
    if (stopped || timer) return;
    timer = setTimeout(run, ms);
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started || stopped) return;
      if (running) {
        woken = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const grace = setTimeout(
        () => abort.abort(new Error("delivery interrupted: the server is stopping")),
        stopGraceMs,
      );
      try {
        await running;
      } finally {
        clearTimeout(grace);
      }
    },
  };
}

/** createDeliveryWorker + start, for callers that need no wake() before starting. */
export function startDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const worker = createDeliveryWorker(options);
  worker.start();
  return worker;
}
