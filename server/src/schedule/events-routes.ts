import { boardScopeParamsSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import { eventStreamRoute } from "../lib/live/event-stream-route.ts";
import type { ScheduleEventHub } from "./events-hub.ts";
import { streamScope } from "./events-scope.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of schedule changes to open streams. */
    scheduleEvents: ScheduleEventHub;
  }
}

/**
 * GET /api/schedule/events?board=<id|all>: server-sent events telling an open
 * board that shifts changed (by anyone, on any instance), for whoever may see
 * the schedule (asked again at every re-check). Frames: `event: ready`,
 * `event: schedule` (a ScheduleEvent), `: keepalive` comments.
 */
export async function scheduleEventRoutes(app: FastifyInstance, { hub }: { hub: ScheduleEventHub }) {
  eventStreamRoute(app, {
    url: "/api/schedule/events",
    tags: ["schedule"],
    summary: "Live changes of a board (or all) as server-sent events",
    querystring: boardScopeParamsSchema,
    hub,
    eventName: "schedule",
    access: "schedule.view",
    follow: (tx, actor, query) => streamScope(tx, actor, query.board),
  });
}
