import { timeOffCalendarQuerySchema, timeOffCalendarResponseSchema } from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { timeOffCalendar } from "./calendar-read.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "./setup/route-docs.ts";

/** The team calendar of time off (timeOff.view). */
export async function timeOffCalendarRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/time-off/calendar/:board",
    {
      // A month of 2,000 people's leave is close to a megabyte: zod's walk of it cost more than its SQL.
      config: { access: "timeOff.view", compressAnswers: true, answerCheck: "tests" },
      schema: {
        tags,
        security,
        summary:
          "Who is off on each day (at most 42), waiting and approved, per day and job against its limit, with holidays and blocked dates; a board's people or everyone's (`all`)",
        params: z.object({ board: z.string().max(100) }),
        querystring: timeOffCalendarQuerySchema,
        response: { 200: timeOffCalendarResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, (tx, actor) =>
        timeOffCalendar(tx, actor.organizationId, request.params.board, request.query.from, request.query.to),
      ),
  );
}
