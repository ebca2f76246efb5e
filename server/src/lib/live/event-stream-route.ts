import { errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../http/errors.ts";
import { openEventStream, type StreamHandlers } from "./event-stream.ts";
import { type HubSubscriber, type LiveHub, TooManyStreamsError } from "./live-hub.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** The events a hub's streams are sent. */
type EventOf<Sub> = Sub extends { send(event: infer E): void } ? E : never;

/** What a hub keeps of a stream besides the way to reach it: whose it is and what it follows. */
export type StreamScopeOf<Sub> = Omit<Sub, keyof StreamHandlers<unknown>>;

export interface EventStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType> {
  url: string;
  /** The OpenAPI document's grouping and one-line description of the route. */
  tags: string[];
  summary: string;
  querystring: Query;
  hub: LiveHub<Sub>;
  /** The SSE event name its events go out as (`event: schedule`). */
  eventName: string;
  /** The preHandler letting in only a request with a valid access token. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Whether the request's session still lives (not logged out, not past its end). */
  signedIn: (request: FastifyRequest) => Promise<boolean>;
  /**
   * Who may follow what the query asks for, refused with an AppError
   * otherwise: asked when the stream opens and again at every re-check.
   */
  scope: (request: FastifyRequest, query: z.output<Query>) => Promise<StreamScopeOf<Sub>>;
}

/**
 * A GET route answering with a server-sent event stream of a hub's changes.
 * Authenticated by the usual Bearer header, so the web client reads it with
 * fetch streaming. Frames: `event: ready` (listening; again with resync when
 * changes may have been missed), `event: <eventName>`, `: keepalive`
 * comments. The person's access is checked again every minute or so (the
 * hub's stream timings); a stream ends when it is lost.
 */
export function eventStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType>(
  app: FastifyInstance,
  { url, tags, summary, querystring, hub, eventName, authenticate, signedIn, scope }: EventStreamRoute<Sub, Query>,
): void {
  // Open streams would hold a stopping server until its grace runs out.
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", async () => hub.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      preHandler: authenticate,
      // A HEAD would open a stream nobody reads.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary,
        security: [{ bearer: [] }],
        querystring,
        response: { 200: z.string().describe("text/event-stream"), ...refusals },
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<Query>;
      const followed = await scope(request, query);
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, `cannot listen for ${hub.what} changes`);
        throw new AppError(503, "database_unavailable", "Live changes are unavailable right now");
      }
      try {
        openEventStream<EventOf<Sub>>({
          request,
          reply,
          // The hub's subscriber is exactly the scope plus the handlers (StreamScopeOf), which TypeScript cannot see through the generics.
          subscribe: (handlers) => hub.subscribe({ ...followed, ...handlers } as unknown as Sub),
          eventName,
          timings: hub.streamTimings,
          // Cheap and fail-closed: the same checks as at the start, plus a session not logged out.
          stillAllowed: async () =>
            (await signedIn(request)) &&
            (await scope(request, query).then(
              () => true,
              (error: unknown) => {
                if (error instanceof AppError) return false;
                throw error;
              },
            )),
        });
      } catch (error) {
        if (error instanceof TooManyStreamsError) {
          throw new AppError(429, "rate_limited", "Too many live connections are open; close other tabs");
        }
        throw error;
      }
    },
  );
}
