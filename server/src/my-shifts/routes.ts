import { errorBodySchema, myShiftsQuerySchema, myShiftsResponseSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import { actorOf } from "../auth/authorize.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { myShifts } from "./my-shifts.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

/** The employee's side of scheduling (/my): their own published shifts. Any member may ask, EMPLOYEE included. */
export async function myShiftRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    "/api/my/shifts",
    {
      preHandler: authenticate(keys.access),
      schema: {
        tags: ["my"],
        security: [{ bearer: [] }],
        summary:
          "My published shifts in this organization between two dates (default: yesterday to four weeks ahead, in its zone)",
        querystring: myShiftsQuerySchema,
        response: { 200: myShiftsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await actorOf(db, request);
      return withOrganization(db, actor.organizationId, (tx) => myShifts(tx, actor, request.query));
    },
  );
}
