import { boardScopeSchema, errorBodySchema, liveResponseSchema, timesheetAccess } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { timesheetActor } from "./access.ts";
import { loadLive } from "./live.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Today's live picture of a board's (or all) time clock (view_timesheet); GET /api/time-clock/events keeps it fresh. */
export async function liveRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  api.get(
    "/api/time-clock/boards/:scope/live",
    {
      preHandler: authenticate(keys.access),
      schema: {
        tags: ["time clock"],
        security: [{ bearer: [] }],
        summary: "Who is working, on a break, late, absent or working without a shift, now",
        params: z.object({ scope: boardScopeSchema }),
        response: { 200: liveResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "view");
      const canManage = timesheetAccess(actor.role, actor.permissions).manage;
      return withOrganization(db, actor.organizationId, (tx) =>
        loadLive(tx, actor.organizationId, request.params.scope, canManage),
      );
    },
  );
}
