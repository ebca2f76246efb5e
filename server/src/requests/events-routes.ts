import { decidableRequestKinds } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { eventStreamRoute } from "../lib/live/event-stream-route.ts";
import type { RequestsHub } from "./events-hub.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of request changes (and publishes, for /my) to open streams. */
    requestEvents: RequestsHub;
  }
}

/** Neither stream takes a query. */
const noQuery = z.object({});

/**
 * The live streams of requests, the board's stream protocol (`ready`,
 * keep-alives, access checked again every minute, a resync after the
 * listener reconnects, at most 10 per person, 503 when the database cannot
 * LISTEN):
 *
 * - GET /api/requests/events (requests.view): `event: requests`
 *   (RequestEvent) when requests of a kind this manager decides changed.
 *   The kinds are read as the stream opens; an event only names ids and
 *   kinds, and the inbox the client reloads is filtered by the manager's
 *   rights of the moment, so a stream outliving a change of rights tells of
 *   nothing it would not list.
 * - GET /api/my/events (requests.own): `event: requests` when requests
 *   concerning me changed, `event: shifts` ({what: "shifts"}) when a publish
 *   in my organization may have changed my shifts or the open shifts I see.
 */
export async function requestEventRoutes(app: FastifyInstance, { hub }: { hub: RequestsHub }) {
  eventStreamRoute(app, {
    url: "/api/requests/events",
    tags: ["requests"],
    summary: "Live changes of the requests this manager decides, as server-sent events",
    querystring: noQuery,
    hub,
    eventName: "requests",
    frameOf: (event) => event,
    access: "requests.view",
    follow: async (_tx, actor) => ({
      organizationId: actor.organizationId,
      userId: actor.userId,
      follows: { inbox: new Set(decidableRequestKinds(actor)) },
    }),
  });
  eventStreamRoute(app, {
    url: "/api/my/events",
    tags: ["my"],
    summary: "Live changes of my requests, my shifts and the open shifts I may claim, as server-sent events",
    querystring: noQuery,
    hub,
    eventName: "my",
    frameOf: (event) => event,
    access: "requests.own",
    follow: async (_tx, actor) => ({
      organizationId: actor.organizationId,
      userId: actor.userId,
      follows: "me" as const,
    }),
  });
}
