import { boardScopeParamsSchema, errorBodySchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, claimsOf } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { liveSessionEnd } from "../auth/sessions.ts";
import { AppError } from "../lib/http/errors.ts";
import { openEventStream } from "../lib/live/event-stream.ts";
import { type ScheduleEventHub, TooManyStreamsError } from "./events-hub.ts";
import { streamScope } from "./events-scope.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's fan-out of schedule changes to open streams. */
    scheduleEvents: ScheduleEventHub;
  }
}

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/**
 * GET /api/schedule/events?board=<id|all>: server-sent events telling an open
 * board that shifts changed (by anyone, on any instance). Authenticated by the
 * usual Bearer header, so the web client reads it with fetch streaming.
 * Frames: `event: ready` (listening; again with resync when changes may have
 * been missed), `event: schedule` (a ScheduleEvent), `: keepalive` comments.
 */
export async function scheduleEventRoutes(
  app: FastifyInstance,
  { keys, hub }: { keys: AuthKeys; hub: ScheduleEventHub },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // Open streams would hold a stopping server until its grace runs out.
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", async () => hub.close());

  api.get(
    "/api/schedule/events",
    {
      preHandler: authenticate(keys.access),
      // A HEAD would open a stream nobody reads.
      exposeHeadRoute: false,
      schema: {
        tags: ["schedule"],
        summary: "Live changes of a board (or all) as server-sent events",
        security: [{ bearer: [] }],
        querystring: boardScopeParamsSchema,
        response: { 200: z.string().describe("text/event-stream"), ...refusals },
      },
    },
    async (request, reply) => {
      const scope = await streamScope(db, request, request.query.board);
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, "cannot listen for schedule changes");
        throw new AppError(503, "database_unavailable", "Live changes are unavailable right now");
      }
      const { sessionId } = claimsOf(request);
      try {
        openEventStream({
          request,
          reply,
          subscribe: (handlers) =>
            hub.subscribe({
              organizationId: scope.organizationId,
              userId: scope.userId,
              boards: scope.boards,
              ...handlers,
            }),
          eventName: "schedule",
          timings: hub.streamTimings,
          // Cheap and fail-closed: the same checks as at the start, plus a session not logged out.
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
