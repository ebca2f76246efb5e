import type { FastifyReply, FastifyRequest } from "fastify";

export interface StreamTimings {
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  keepaliveMs: number;
  /** How often the stream asks again whether its person may still see what it follows. */
  recheckMs: number;
}

// A minute: a withdrawn permission, an archived person or a logout stops the events within about that.
export const defaultStreamTimings: StreamTimings = { keepaliveMs: 25_000, recheckMs: 60_000 };

/** A client this far behind (its socket buffer) is cut off; it reconnects and reloads. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Reconnection delay the client's parser is told (it decides its own backoff beyond that). */
const RETRY_MS = 3000;

/** How a stream reaches its client; its hub keeps these (with whom the stream is for). */
export interface StreamHandlers<E> {
  send(event: E): void;
  resync(): void;
  end(): void;
}

export interface OpenStream<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Registers the stream with its hub (may throw TooManyStreamsError); returns the way out. */
  subscribe(handlers: StreamHandlers<E>): () => void;
  /** The SSE event name its events go out as (`event: schedule`). */
  eventName: string;
  /** A stream sending several kinds of event: the name and data of each (default: `eventName`, the event itself). */
  frameOf?: (event: E) => { event: string; data: unknown };
  /** Whether the person may still follow what they follow (false, or a throw, ends the stream). */
  stillAllowed: () => Promise<boolean>;
  timings?: StreamTimings;
}

/** ±10 %, so a thousand streams opened together do not all ask the database at the same moment. */
const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Turns the reply into a server-sent event stream registered with the hub.
 * Throws TooManyStreamsError (nothing written) when the person holds too many;
 * otherwise the reply is hijacked: Fastify's own sending (and onSend hooks)
 * no longer apply, so the headers set so far (security headers) are copied
 * over here. The stream ends when the client goes, when access is withdrawn,
 * when the client cannot keep up, or when the server stops.
 */
export function openEventStream<E>({
  request,
  reply,
  subscribe,
  eventName,
  frameOf = (event) => ({ event: eventName, data: event }),
  stillAllowed,
  timings = defaultStreamTimings,
}: OpenStream<E>): void {
  const raw = reply.raw;
  let keepalive: NodeJS.Timeout | null = null;
  let recheck: NodeJS.Timeout | null = null;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    if (keepalive) clearInterval(keepalive);
    if (recheck) clearTimeout(recheck);
    leave();
    if (!raw.writableEnded) raw.end();
  };

  const write = (chunk: string) => {
    if (ended || raw.destroyed || raw.writableEnded) return;
    raw.write(chunk);
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      request.log.warn({ buffered: raw.writableLength }, `${eventName} stream closed: the client is not reading`);
      end();
    }
  };

  // Registered before the first byte, so no change made after `ready` is missed; may throw (too many streams).
  const leave = subscribe({
    send: (event: E) => {
      const named = frameOf(event);
      write(frame(named.event, named.data));
    },
    resync: () => write(frame("ready", { resync: true })),
    end,
  });

  reply.hijack();
  raw.on("close", end);
  raw.on("error", end);
  request.raw.socket.setNoDelay(true);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    // Events carry the board's and people's data: like every API answer, never stored.
    "cache-control": "no-store, no-transform",
    // nginx and similar proxies would otherwise hold events back to fill their buffers.
    "x-accel-buffering": "no",
    "x-request-id": request.id,
  });
  write(`retry: ${RETRY_MS}\n${frame("ready", { resync: false })}`);

  keepalive = setInterval(() => write(": keepalive\n\n"), timings.keepaliveMs);

  const scheduleRecheck = () => {
    recheck = setTimeout(async () => {
      let allowed = false;
      try {
        allowed = await stillAllowed();
      } catch (error) {
        // Fails closed: the client reconnects, and is let in again if nothing changed.
        request.log.warn({ err: error }, `${eventName} stream closed: its access could not be checked`);
      }
      if (ended) return;
      if (allowed) scheduleRecheck();
      else end();
    }, jitter(timings.recheckMs));
  };
  scheduleRecheck();
}
