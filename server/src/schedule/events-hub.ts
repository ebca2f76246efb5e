import { type ScheduleEvent, scheduleEventSchema } from "@workshift/contracts";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database } from "../lib/db/database.ts";
import { SCHEDULE_CHANNEL } from "./announce.ts";
import { defaultStreamTimings, type StreamTimings } from "./events-stream.ts";

/** What announceScheduleChange sends: the event and, for routing only, its organization. */
/** What travels through NOTIFY: the event, its organization, and whether it concerns every board (too many to list). */
const notificationSchema = scheduleEventSchema.extend({
  organization_id: z.string().uuid(),
  every_board: z.boolean().optional(),
});

/** One open stream: whose it is, which boards it follows, and how to reach it. */
export interface EventSubscriber {
  organizationId: string;
  userId: string;
  /** "all", or the ids of the boards the stream follows. */
  boards: "all" | ReadonlySet<string>;
  send(event: ScheduleEvent): void;
  /** Changes may have been missed (the database listener was lost for a while): reload. */
  resync(): void;
  /** Ends the stream (the server is stopping). */
  end(): void;
}

export class TooManyStreamsError extends Error {}

/**
 * The process's one fan-out of schedule changes: it LISTENs once (on first
 * use) and hands each notification to the open streams of that organization
 * whose boards it names. Streams register and unregister; nothing else is
 * kept, so any instance serves any client (NOTIFY reaches them all).
 */
export class ScheduleEventHub {
  readonly #byOrganization = new Map<string, Set<EventSubscriber>>();
  readonly #perUser = new Map<string, number>();
  #listening: Promise<() => Promise<void>> | null = null;
  #closed = false;
  /** Keep-alive and access re-check periods of streams opened from now on (tests shorten them). */
  streamTimings: StreamTimings = { ...defaultStreamTimings };

  constructor(
    private readonly listen: Database["listen"] | undefined,
    private readonly log: FastifyBaseLogger,
    /** Open streams one person may hold on this instance (tabs, devices); more are refused. */
    readonly maxStreamsPerUser = 10,
  ) {}

  /** Open streams on this instance. */
  get size(): number {
    let size = 0;
    for (const set of this.#byOrganization.values()) size += set.size;
    return size;
  }

  /** Resolves once this process LISTENs; a failure is not kept, so the next stream tries again. */
  start(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("the event hub is closed"));
    if (!this.listen) return Promise.reject(new Error("this database cannot LISTEN"));
    this.#listening ??= this.listen(SCHEDULE_CHANNEL, (payload) => this.deliver(payload), {
      onLost: (error, attempt, retryInMs) =>
        this.log.warn(
          { err: error, attempt, retryInMs },
          "schedule listener lost its database connection; reconnecting",
        ),
      onRestored: (attempts, downMs) => {
        this.log.info({ attempts, downMs }, "schedule listener reconnected; open boards reload");
        this.#forEach((subscriber) => subscriber.resync());
      },
    }).catch((error: unknown) => {
      this.#listening = null;
      throw error;
    });
    return this.#listening.then(() => undefined);
  }

  /** Registers a stream; throws TooManyStreamsError past the per-person limit. Returns the way out (idempotent). */
  subscribe(subscriber: EventSubscriber): () => void {
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

  /** A notification's payload to the streams of its organization that follow one of its boards. */
  deliver(payload: string): void {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed schedule notification");
      return;
    }
    const { organization_id: organizationId, every_board: everyBoard, ...event } = parsed;
    const subscribers = this.#byOrganization.get(organizationId);
    if (!subscribers) return;
    for (const subscriber of [...subscribers]) {
      const boards = subscriber.boards;
      if (everyBoard || boards === "all" || event.board_ids.some((id) => boards.has(id))) subscriber.send(event);
    }
  }

  #forEach(fn: (subscriber: EventSubscriber) => void): void {
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
