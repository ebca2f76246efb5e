import { boardAccess, errorBodySchema, overviewResponseSchema, timesheetAccess } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import { actorWithRole } from "../auth/authorize.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { loadOverview } from "./overview.ts";

/** Spec §6: the overview is for OWNER and SUPERVISOR (never the platform ADMIN or an EMPLOYEE). */
const READERS = ["OWNER", "SUPERVISOR"] as const;

export async function overviewRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  api.get(
    "/api/overview",
    {
      preHandler: authenticate(keys.access),
      schema: {
        tags: ["overview"],
        security: [{ bearer: [] }],
        summary:
          "The manager's day at a glance: who is working, late or absent now; this week's scheduled and worked hours per board; what needs attention",
        response: { 200: overviewResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const actor = await actorWithRole(db, request, READERS);
      const can = {
        schedule: boardAccess(actor.role, actor.permissions).view,
        time_clock: timesheetAccess(actor.role, actor.permissions).view,
      };
      return withOrganization(db, actor.organizationId, (tx) => loadOverview(tx, actor.organizationId, can));
    },
  );
}
