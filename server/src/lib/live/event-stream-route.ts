import { type Action, can, errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { claimsOf } from "../../auth/authenticate.ts";
import { type Actor, readActor } from "../access/actor.ts";
import { inTenant } from "../access/in-tenant.ts";
import { type Tx, withOrganization } from "../db/tenancy.ts";
import { AppError, forbidden, refuse } from "../http/errors.ts";
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

interface StreamRouteBase<Sub extends HubSubscriber, Query extends z.ZodType> {
  url: string;
  /** The OpenAPI document's grouping and one-line description of the route. */
  tags: string[];
  summary: string;
  querystring: Query;
  hub: LiveHub<Sub>;
  /** The SSE event name its events go out as (`event: schedule`). */
  eventName: string;
  /** A stream sending several kinds of event: the name and data of each (default: `eventName`, the event itself). */
  frameOf?: (event: EventOf<Sub>) => { event: string; data: unknown };
}

/**
 * A stream authorized through the access table: the route declares `access`,
 * `inTenant` checks it (and validates the query) when the stream opens, and
 * every re-check reads the person's standing and session again in a
 * transaction of its own (readActor: a logged-out or archived session ends
 * the stream). `follow` says what the person follows, refused with an AppError when
 * not theirs to follow (e.g. another organization's board: 404).
 */
export interface EventStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType>
  extends StreamRouteBase<Sub, Query> {
  access: Action;
  follow: (tx: Tx, actor: Actor, query: z.output<Query>) => Promise<StreamScopeOf<Sub>>;
}

/** What the person may follow now, read again in a transaction of its own (an AppError when refused). */
function recheckOf<Sub extends HubSubscriber, Query extends z.ZodType>(
  app: FastifyInstance,
  { access, follow }: EventStreamRoute<Sub, Query>,
) {
  return async (request: FastifyRequest) => {
    const claims = claimsOf(request);
    const organizationId = claims.organizationId;
    if (organizationId === null) throw forbidden("Choose an organization first");
    return withOrganization(app.database.db, organizationId, async (tx) => {
      const actor = await readActor(tx, claims, organizationId);
      if (!can(actor, access)) throw forbidden();
      return follow(tx, actor, request.query as z.output<Query>);
    });
  };
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
  route: EventStreamRoute<Sub, Query>,
): void {
  const { url, tags, summary, querystring, hub, eventName } = route;
  const recheck = recheckOf(app, route);
  // Open streams would hold a stopping server until its grace runs out.
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", async () => hub.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      config: { access: route.access },
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
      // The query is read inside: inTenant validates it after authorizing.
      const followed = await inTenant(request, (tx, actor) =>
        route.follow(tx, actor, request.query as z.output<Query>),
      );
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, `cannot listen for ${hub.what} changes`);
        throw refuse("database_unavailable", "Live changes are unavailable right now");
      }
      try {
        openEventStream<EventOf<Sub>>({
          request,
          reply,
          // The hub's subscriber is exactly the scope plus the handlers (StreamScopeOf), which TypeScript cannot see through the generics.
          subscribe: (handlers) => hub.subscribe({ ...followed, ...handlers } as unknown as Sub),
          eventName,
          ...(route.frameOf ? { frameOf: route.frameOf } : {}),
          timings: hub.streamTimings,
          // Cheap and fail-closed: the same checks as at the start (session, standing, what is followed).
          stillAllowed: () =>
            recheck(request).then(
              () => true,
              (error: unknown) => {
                if (error instanceof AppError) return false;
                throw error;
              },
            ),
        });
      } catch (error) {
        if (error instanceof TooManyStreamsError) {
          throw refuse("rate_limited", "Too many live connections are open; close other tabs");
        }
        throw error;
      }
    },
  );
}
