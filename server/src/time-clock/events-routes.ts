import { boardScopeParamsSchema, errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, claimsOf } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { liveSessionEnd } from "../auth/sessions.ts";
import type { Db } from "../lib/db/database.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { AppError } from "../lib/http/errors.ts";
import { openEventStream } from "../lib/live/event-stream.ts";
import { TooManyStreamsError } from "../lib/live/live-hub.ts";
import { timesheetActor } from "./access.ts";
import type { TimeClockHub } from "./events-hub.ts";
import { clockScope } from "./timesheets.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** Who may follow a board's (or all) time clock: view_timesheet, on an active board of their organization. */
async function streamScope(db: Db, request: FastifyRequest, board: string) {
  const actor = await timesheetActor(db, request, "view");
  await withOrganization(db, actor.organizationId, (tx) => clockScope(tx, actor.organizationId, board));
  return actor;
}

/**
 * GET /api/time-clock/events?board=<id|all>: server-sent events telling an
 * open time clock view that someone's time changed (a punch, a correction,
 * an approval, or a refused punch), on any instance. Frames: `event: ready`, `event: clock`
 * ({user_id}, with `refused: true` for a refused punch), `: keepalive` comments — the schedule
 * stream's protocol.
 */
export async function timeClockEventRoutes(app: FastifyInstance, { keys, hub }: { keys: AuthKeys; hub: TimeClockHub }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", async () => hub.close());

  api.get(
    "/api/time-clock/events",
    {
      preHandler: authenticate(keys.access),
      exposeHeadRoute: false,
      schema: {
        tags: ["time clock"],
        summary: "Live time clock changes of a board (or all) as server-sent events",
        security: [{ bearer: [] }],
        querystring: boardScopeParamsSchema,
        response: { 200: z.string().describe("text/event-stream"), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await streamScope(db, request, request.query.board);
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, "cannot listen for time clock changes");
        throw new AppError(503, "database_unavailable", "Live changes are unavailable right now");
      }
      const { sessionId } = claimsOf(request);
      try {
        openEventStream({
          request,
          reply,
          subscribe: (handlers) =>
            hub.subscribe({ organizationId: actor.organizationId, userId: actor.userId, ...handlers }),
          eventName: "clock",
          timings: hub.streamTimings,
          stillAllowed: async () =>
            (await liveSessionEnd(db, sessionId)) !== undefined &&
            (await streamScope(db, request, request.query.board).then(
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

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of time clock changes to open views. */
    timeClockEvents: TimeClockHub;
  }
}
