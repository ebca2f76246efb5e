import { boardScopeParamsSchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, claimsOf } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { liveSessionEnd } from "../auth/sessions.ts";
import type { Db } from "../lib/db/database.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { eventStreamRoute } from "../lib/live/event-stream-route.ts";
import { timesheetActor } from "./access.ts";
import type { TimeClockHub } from "./events-hub.ts";
import { clockScope } from "./timesheets.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of time clock changes to open views. */
    timeClockEvents: TimeClockHub;
  }
}

/** Who may follow a board's (or all) time clock: view_timesheet, on an active board of their organization. */
async function streamScope(db: Db, request: FastifyRequest, board: string) {
  const actor = await timesheetActor(db, request, "view");
  await withOrganization(db, actor.organizationId, (tx) => clockScope(tx, actor.organizationId, board));
  return { organizationId: actor.organizationId, userId: actor.userId };
}

/**
 * GET /api/time-clock/events?board=<id|all>: server-sent events telling an
 * open time clock view that someone's time changed (a punch, a correction,
 * an approval, or a refused punch), on any instance. Frames: `event: ready`, `event: clock`
 * ({user_id}, with `refused: true` for a refused punch), `: keepalive` comments — the schedule
 * stream's protocol.
 */
export async function timeClockEventRoutes(app: FastifyInstance, { keys, hub }: { keys: AuthKeys; hub: TimeClockHub }) {
  const db = app.database.db;
  eventStreamRoute(app, {
    url: "/api/time-clock/events",
    tags: ["time clock"],
    summary: "Live time clock changes of a board (or all) as server-sent events",
    querystring: boardScopeParamsSchema,
    hub,
    eventName: "clock",
    authenticate: authenticate(keys.access),
    signedIn: async (request) => (await liveSessionEnd(db, claimsOf(request).sessionId)) !== undefined,
    scope: (request, query) => streamScope(db, request, query.board),
  });
}
