import { boardScopeParamsSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import { eventStreamRoute } from "../lib/live/event-stream-route.ts";
import type { TimeClockHub } from "./events-hub.ts";
import { clockScope } from "./timesheets.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of time clock changes to open views. */
    timeClockEvents: TimeClockHub;
  }
}

/**
 * GET /api/time-clock/events?board=<id|all>: server-sent events telling an
 * open time clock view that someone's time changed (a punch, a correction,
 * an approval, or a refused punch), on any instance. Whoever may see the time
 * clock (timesheets.view) follows an active board of their organization, or
 * all. Frames: `event: ready`, `event: clock` ({user_id}, with `refused:
 * true` for a refused punch), `: keepalive` comments — the schedule stream's
 * protocol.
 */
export async function timeClockEventRoutes(app: FastifyInstance, { hub }: { hub: TimeClockHub }) {
  eventStreamRoute(app, {
    url: "/api/time-clock/events",
    tags: ["time clock"],
    summary: "Live time clock changes of a board (or all) as server-sent events",
    querystring: boardScopeParamsSchema,
    hub,
    eventName: "clock",
    access: "timesheets.view",
    follow: async (tx, actor, query) => {
      await clockScope(tx, actor.organizationId, query.board);
      return { organizationId: actor.organizationId, userId: actor.userId };
    },
  });
}
