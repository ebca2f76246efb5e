import { errorBodySchema, myShiftsQuerySchema, myShiftsResponseSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { myShifts } from "./my-shifts.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

/** The employee's side of scheduling (/my): their own published shifts. Any member may ask, EMPLOYEE included. */
export async function myShiftRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/my/shifts",
    {
      config: { access: "my.shifts", compressAnswers: true },
      schema: {
        tags: ["my"],
        security: [{ bearer: [] }],
        summary:
          "My published shifts in this organization between two dates (default: yesterday to four weeks ahead, in its zone)",
        querystring: myShiftsQuerySchema,
        response: { 200: myShiftsResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myShifts(tx, actor, request.query)),
  );
}
