import { boardScopeSchema, can, errorBodySchema, liveResponseSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { loadLive } from "./live.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Today's live picture of a board's (or all) time clock (timesheets.view); GET /api/time-clock/events keeps it fresh. */
export async function liveRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/time-clock/boards/:scope/live",
    {
      config: { access: "timesheets.view", compressAnswers: true },
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "Who is working, on a break, late, absent or working without a shift, now",
        params: z.object({ scope: boardScopeSchema }),
        response: { 200: liveResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, (tx, actor) =>
        loadLive(tx, actor.organizationId, request.params.scope, can(actor, "timesheets.manage")),
      ),
  );
}
