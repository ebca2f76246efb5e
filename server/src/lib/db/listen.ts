import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Told about the dedicated connection of a listener (PostgreSQL only; the embedded database never drops). */
export interface ListenEvents {
  /** The connection dropped or a reconnect attempt failed; `attempt` counts from 1, `retryInMs` is the wait before the next. */
  onLost?(error: Error, attempt: number, retryInMs: number): void;
  /** Listening again after a drop: notifications sent meanwhile are lost, so whoever relies on them should resynchronise. */
  onRestored?(attempts: number, downMs: number): void;
}

export type OnPayload = (payload: string) => void;

export interface Listener {
  /** LISTENs on `channel` (once per process, however many callers); resolves once listening, with a way to stop. */
  listen(channel: string, onPayload: OnPayload, events?: ListenEvents): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channels are our own constants; anything else is refused rather than quoted into SQL. */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

interface Subscription {
  onPayload: OnPayload;
  events: ListenEvents;
}

/** Who listens on which channel, and the calls to make when a notification arrives. */
class Subscriptions {
  readonly byChannel = new Map<string, Set<Subscription>>();

  add(channel: string, subscription: Subscription): boolean {
    let set = this.byChannel.get(channel);
    const first = set === undefined;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(subscription);
    return first;
  }

  /** Whether that was the channel's last subscription. */
  remove(channel: string, subscription: Subscription): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(subscription)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  dispatch(channel: string, payload: string): void {
    for (const subscription of this.byChannel.get(channel) ?? []) {
      try {
        subscription.onPayload(payload);
      } catch {
        // One subscriber's failure must not keep the notification from the others.
      }
    }
  }

  all(): Subscription[] {
    return [...this.byChannel.values()].flatMap((set) => [...set]);
  }
}

/**
 * The embedded database is one session, shared with the pool. Notifications
 * reach us through PGlite's own dispatch (`onNotification` sees every message
 * the session receives, whoever sent the query), but LISTEN itself goes
 * through the pool: `pglite.listen()` runs its LISTEN on the session directly,
 * and if a pool transaction is open at that moment the LISTEN joins it and
 * vanishes with its rollback (checked with PGlite 0.5.16). The pool queues it
 * behind any open transaction instead.
 */
export function pgliteListener(pglite: PGlite, runOnPool: (statement: string) => Promise<void>): Listener {
  const subscriptions = new Subscriptions();
  const stopDispatch = pglite.onNotification((channel, payload) => subscriptions.dispatch(channel, payload));

  return {
    async listen(channel, onPayload, events = {}) {
      const name = channelIdentifier(channel);
      const subscription = { onPayload, events };
      if (subscriptions.add(name, subscription)) {
        try {
          await runOnPool(`listen ${name}`);
        } catch (error) {
          subscriptions.remove(name, subscription);
          throw error;
        }
      }
      return async () => {
        if (subscriptions.remove(name, subscription)) await runOnPool(`unlisten ${name}`).catch(() => undefined);
      };
    },
    async close() {
      stopDispatch();
      subscriptions.byChannel.clear();
    },
  };
}

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 30_000;

/** Exponential backoff with jitter, so instances that lost the database together do not return together. */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * PostgreSQL: ONE dedicated connection per process for LISTEN (a pooled
 * connection would be handed to queries, and a LISTEN lives as long as its
 * session). Opened on the first listen. When it drops it reconnects with
 * backoff and LISTENs again on every channel, then calls onRestored (what was
 * notified meanwhile is lost). TCP keep-alive notices a silently dead peer.
 */
export function postgresListener(clientConfig: pg.ClientConfig): Listener {
  const subscriptions = new Subscriptions();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempts = 0;
  let lostAt = 0;

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ ...clientConfig, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on("notification", (message) => {
      if (message.payload !== undefined) subscriptions.dispatch(message.channel, message.payload);
    });
    // 'error' without a listener would crash the process; the drop is handled on 'end'.
    next.on("error", () => undefined);
    try {
      await next.connect();
      for (const channel of subscriptions.byChannel.keys()) await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once("end", () => {
      if (client !== next) return;
      client = null;
      if (closed) return;
      lostAt = Date.now();
      scheduleReconnect(new Error("the listening connection to PostgreSQL ended"));
    });
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error("the listener is closed");
    }
    client = next;
    return next;
  }

  function scheduleReconnect(error: Error): void {
    attempts += 1;
    const wait = backoffMs(attempts);
    for (const subscription of subscriptions.all()) subscription.events.onLost?.(error, attempts, wait);
    retryTimer = setTimeout(reconnect, wait);
    retryTimer.unref();
  }

  function reconnect(): void {
    retryTimer = null;
    if (closed || client !== null) return;
    connecting = open();
    connecting.then(
      () => {
        connecting = null;
        const tried = attempts;
        attempts = 0;
        for (const subscription of subscriptions.all()) subscription.events.onRestored?.(tried, Date.now() - lostAt);
      },
      (error: Error) => {
        connecting = null;
        if (!closed) scheduleReconnect(error);
      },
    );
  }

  /** The live connection; opens it on first use. While reconnecting after a drop, resolves null (the retry LISTENs for us). */
  async function connection(): Promise<pg.Client | null> {
    if (client) return client;
    if (connecting) return connecting.catch(() => null);
    if (retryTimer) return null;
    connecting = open();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  }

  return {
    async listen(channel, onPayload, events = {}) {
      if (closed) throw new Error("the listener is closed");
      const name = channelIdentifier(channel);
      const subscription = { onPayload, events };
      const first = subscriptions.add(name, subscription);
      try {
        const live = await connection();
        // LISTEN is idempotent: a connection opened just now has LISTENed on every channel already.
        if (first && live) await live.query(`listen ${name}`);
      } catch (error) {
        subscriptions.remove(name, subscription);
        throw error;
      }
      return async () => {
        if (subscriptions.remove(name, subscription)) await client?.query(`unlisten ${name}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      subscriptions.byChannel.clear();
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
