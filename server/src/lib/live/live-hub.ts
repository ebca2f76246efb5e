import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database } from "../db/database.ts";
import { defaultStreamTimings, type StreamTimings } from "./event-stream.ts";

/** One open stream as a hub keeps it: whose it is, and how to reach it. */
export interface HubSubscriber {
  organizationId: string;
  userId: string;
  /** Changes may have been missed (the database listener was lost for a while): reload. */
  resync(): void;
  /** Ends the stream (the server is stopping). */
  end(): void;
}

export class TooManyStreamsError extends Error {}

/**
 * A process's one fan-out of one PostgreSQL NOTIFY channel to its open
 * server-sent event streams: it LISTENs once (on first use) and hands each
 * notification, read by its schema, to `dispatch`, which picks the streams of
 * its organization that want it. Streams register and unregister; nothing else is kept, so
 * any instance serves any client (NOTIFY reaches them all).
 */
export abstract class LiveHub<Sub extends HubSubscriber, Note = unknown> {
  readonly #byOrganization = new Map<string, Set<Sub>>();
  readonly #perUser = new Map<string, number>();
  #listening: Promise<() => Promise<void>> | null = null;
  #closed = false;
  /** Keep-alive and access re-check periods of streams opened from now on (tests shorten them). */
  streamTimings: StreamTimings = { ...defaultStreamTimings };

  constructor(
    private readonly listen: Database["listen"] | undefined,
    protected readonly log: FastifyBaseLogger,
    private readonly channel: string,
    /** What the log calls these changes ("schedule", "time clock"). */
    readonly what: string,
    /** Open streams one person may hold on this instance (tabs, devices); more are refused. */
    readonly maxStreamsPerUser = 10,
  ) {}

  /** What a notification's payload holds; one that does not fit is logged and ignored. */
  protected abstract readonly notification: z.ZodType<Note>;

  /** A notification to the streams that want it. */
  protected abstract dispatch(note: Note): void;

  /**
   * Other channels the hub hears besides its own, each with what to do with a
   * payload (read by its own schema). Listened to with the hub's own channel,
   * on the same connection: a reconnect resyncs the streams once.
   */
  protected alsoHeard(): readonly { channel: string; deliver(payload: string): void }[] {
    return [];
  }

  /** Open streams on this instance. */
  get size(): number {
    let size = 0;
    for (const set of this.#byOrganization.values()) size += set.size;
    return size;
  }

  /** Resolves once this process LISTENs; a failure is not kept, so the next stream tries again. */
  start(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("the event hub is closed"));
    const listen = this.listen;
    if (!listen) return Promise.reject(new Error("this database cannot LISTEN"));
    this.#listening ??= this.#listenAll(listen).catch((error: unknown) => {
      this.#listening = null;
      throw error;
    });
    return this.#listening.then(() => undefined);
  }

  /** LISTENs on the hub's channel and on those it also hears; resolves with the way to stop them all. */
  async #listenAll(listen: NonNullable<Database["listen"]>): Promise<() => Promise<void>> {
    const stops = [
      await listen(this.channel, (payload) => this.deliver(payload), {
        onLost: (error, attempt, retryInMs) =>
          this.log.warn(
            { err: error, attempt, retryInMs },
            `${this.what} listener lost its database connection; reconnecting`,
          ),
        onRestored: (attempts, downMs) => {
          this.log.info({ attempts, downMs }, `${this.what} listener reconnected; open views reload`);
          this.#forEach((subscriber) => subscriber.resync());
        },
      }),
    ];
    const stopAll = async () => {
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    };
    try {
      for (const other of this.alsoHeard()) stops.push(await listen(other.channel, other.deliver));
    } catch (error) {
      await stopAll();
      throw error;
    }
    return stopAll;
  }

  /** Registers a stream; throws TooManyStreamsError past the per-person limit. Returns the way out (idempotent). */
  subscribe(subscriber: Sub): () => void {
    const held = this.#perUser.get(subscriber.userId) ?? 0;
    if (held >= this.maxStreamsPerUser) throw new TooManyStreamsError();
    this.#perUser.set(subscriber.userId, held + 1);
    let set = this.#byOrganization.get(subscriber.organizationId);
    if (!set) {
      set = new Set();
      this.#byOrganization.set(subscriber.organizationId, set);
    }
    set.add(subscriber);

    let left = false;
    return () => {
      if (left) return;
      left = true;
      const current = this.#byOrganization.get(subscriber.organizationId);
      current?.delete(subscriber);
      if (current?.size === 0) this.#byOrganization.delete(subscriber.organizationId);
      const count = (this.#perUser.get(subscriber.userId) ?? 1) - 1;
      if (count > 0) this.#perUser.set(subscriber.userId, count);
      else this.#perUser.delete(subscriber.userId);
    };
  }

  /** A notification's payload, as the listener hands it over. */
  deliver(payload: string): void {
    let note: Note;
    try {
      note = this.notification.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, `ignored a malformed ${this.what} notification`);
      return;
    }
    this.dispatch(note);
  }

  /** The open streams of an organization (a copy: a stream may leave while being sent to). */
  protected subscribersOf(organizationId: string): Sub[] {
    return [...(this.#byOrganization.get(organizationId) ?? [])];
  }

  #forEach(fn: (subscriber: Sub) => void): void {
    for (const set of this.#byOrganization.values()) for (const subscriber of [...set]) fn(subscriber);
  }

  /** Ends every open stream, so a stopping server does not wait for them. */
  endAll(): void {
    this.#forEach((subscriber) => subscriber.end());
  }

  /** Ends the streams and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    this.endAll();
    const listening = this.#listening;
    this.#listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.().catch(() => undefined);
  }
}
