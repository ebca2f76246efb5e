import { type Action, can, errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { claimsOf } from "../../auth/authenticate.ts";
import { type Actor, readActor } from "../access/actor.ts";
import { inTenant } from "../access/in-tenant.ts";
import { type Tx, withOrganization } from "../db/tenancy.ts";
import { AppError, forbidden } from "../http/errors.ts";
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
  /** Whether the request's session still lives (not logged out, not past its end). */
  signedIn: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * A stream on the access table: the route declares `access`, the stream opens
 * through `inTenant` (403 unless the table allows it, then the query is
 * validated), and every re-check reads the person's standing anew in one
 * transaction of their organization and asks the table again.
 */
export interface TenantStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType>
  extends StreamRouteBase<Sub, Query> {
  /** The action of the access table that lets someone follow the stream. */
  access: Action;
  /**
   * What the person follows, given their standing, read in their
   * organization's transaction; refused with an AppError otherwise (404 for
   * another organization's board): asked when the stream opens and again at
   * every re-check.
   */
  follows: (tx: Tx, actor: Actor, query: z.output<Query>) => Promise<StreamScopeOf<Sub>>;
}

/** A stream that authenticates with its own preHandler and decides who follows what by itself. */
export interface GuardedStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType>
  extends StreamRouteBase<Sub, Query> {
  /** The preHandler letting in only a request with a valid access token. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Who may follow what the query asks for, refused with an AppError
   * otherwise: asked when the stream opens and again at every re-check.
   */
  scope: (request: FastifyRequest, query: z.output<Query>) => Promise<StreamScopeOf<Sub>>;
}

export type EventStreamRoute<Sub extends HubSubscriber, Query extends z.ZodType> =
  | TenantStreamRoute<Sub, Query>
  | GuardedStreamRoute<Sub, Query>;

/** How a stream finds what its person follows: once when it opens, then at each re-check (a throw refuses). */
interface Following<Scope> {
  open(): Promise<Scope>;
  recheck(): Promise<unknown>;
}

function tenantFollowing<Sub extends HubSubscriber, Query extends z.ZodType>(
  request: FastifyRequest,
  { access, follows }: TenantStreamRoute<Sub, Query>,
): Following<StreamScopeOf<Sub>> {
  // inTenant validates the query before the work reads it; the re-checks read the same parsed query.
  const query = () => request.query as z.output<Query>;
  return {
    open: () => inTenant(request, (tx, actor) => follows(tx, actor, query())),
    recheck: () => {
      const claims = claimsOf(request);
      const organizationId = claims.organizationId;
      if (organizationId === null) throw forbidden();
      return withOrganization(request.server.database.db, organizationId, async (tx) => {
        const actor = await readActor(tx, claims, organizationId);
        if (!can(actor, access)) throw forbidden();
        return follows(tx, actor, query());
      });
    },
  };
}

function guardedFollowing<Sub extends HubSubscriber, Query extends z.ZodType>(
  request: FastifyRequest,
  { scope }: GuardedStreamRoute<Sub, Query>,
): Following<StreamScopeOf<Sub>> {
  const query = request.query as z.output<Query>;
  return { open: () => scope(request, query), recheck: () => scope(request, query) };
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
  const { url, tags, summary, querystring, hub, eventName, signedIn } = route;
  const following = (request: FastifyRequest) =>
    "access" in route ? tenantFollowing(request, route) : guardedFollowing(request, route);
  // Open streams would hold a stopping server until its grace runs out.
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", async () => hub.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      // A declared access gets its token check from the route-access hook.
      ...("access" in route ? { config: { access: route.access } } : { preHandler: route.authenticate }),
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
      const { open, recheck } = following(request);
      const followed = await open();
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
            (await recheck().then(
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
