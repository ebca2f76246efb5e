import {
  holidayInputSchema,
  holidayLoadSchema,
  holidaySchema,
  holidaysQuerySchema,
  holidaysResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../../lib/access/in-tenant.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "../setup/route-docs.ts";
import {
  companyCountry,
  createHoliday,
  deleteHoliday,
  listHolidays,
  loadPublicHolidays,
  updateHoliday,
} from "./holidays.ts";

const idParams = z.object({ id: z.string() });

/** The organization's public holidays: read (timeOff.view), edited and loaded from the library (timeOff.manage). */
export async function holidayRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/time-off/holidays",
    {
      config: { access: "timeOff.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "The organization's holidays of a year (this year by default) and the company's country",
        querystring: holidaysQuerySchema,
        response: { 200: holidaysResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => ({
        holidays: await listHolidays(tx, actor.organizationId, request.query.year),
        country: await companyCountry(tx, actor.organizationId),
      })),
  );

  api.post(
    "/api/time-off/holidays",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Add a holiday (one per day)",
        body: holidayInputSchema,
        response: { 201: z.object({ holiday: holidaySchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const holiday = await inTenant(request, (tx, actor) => createHoliday(tx, actor, request.body));
      return reply.status(201).send({ holiday });
    },
  );

  api.patch(
    "/api/time-off/holidays/:id",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Rename or move a holiday",
        params: idParams,
        body: holidayInputSchema.partial(),
        response: { 200: z.object({ holiday: holidaySchema }), ...refusals },
      },
    },
    async (request) => ({
      holiday: await inTenant(request, (tx, actor) => updateHoliday(tx, actor, request.params.id, request.body)),
    }),
  );

  api.delete(
    "/api/time-off/holidays/:id",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Remove a holiday",
        params: idParams,
        response: { 204: z.null().describe("Deleted"), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => deleteHoliday(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  api.post(
    "/api/time-off/holidays/load",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary:
          "Add the public holidays of the company's country for a year, in the reader's language (days already set stay)",
        body: holidayLoadSchema,
        response: { 200: holidaysResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => ({
        holidays: await loadPublicHolidays(tx, actor, request.body.year),
        country: await companyCountry(tx, actor.organizationId),
      })),
  );
}
