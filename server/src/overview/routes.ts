import { can, errorBodySchema, overviewResponseSchema, setupStepActions, setupSteps } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenantRead } from "../lib/access/in-tenant.ts";
import { loadOverview } from "./overview.ts";

/** The manager's day at a glance (spec §6): its parts on the schedule and the time clock show to who may see those. */
export async function overviewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/overview",
    {
      config: { access: "overview.view", compressAnswers: true },
      schema: {
        tags: ["overview"],
        security: [{ bearer: [] }],
        summary:
          "The manager's day at a glance: who is working, late or absent now; this week's scheduled and worked hours per board; what needs attention (each board's unpublished changes with the first week holding them); the setup checklist's steps this person may do",
        response: { 200: overviewResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) =>
      inTenantRead(request, (tx, actor) =>
        loadOverview(
          tx,
          actor.organizationId,
          { schedule: can(actor, "schedule.view"), time_clock: can(actor, "timesheets.view") },
          setupSteps.filter((step) => can(actor, setupStepActions[step])),
        ),
      ),
  );
}
