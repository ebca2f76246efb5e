import {
  errorBodySchema,
  myAvailabilityResponseSchema,
  myEntriesQuerySchema,
  myEntriesResponseSchema,
  openShiftsResponseSchema,
  requestOptionsQuerySchema,
  requestOptionsResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { myAvailability } from "../availability/my-availability.ts";
import { inTenant } from "../lib/access/in-tenant.ts";
import { myEntries } from "./my-entries.ts";
import { myOpenShifts } from "./open-shifts.ts";
import { requestOptions } from "./request-options.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const tags = ["my"];
const security = [{ bearer: [] }];

/**
 * What an employee reads to ask for something (/my): the open shifts they may
 * claim, who could cover or swap one of their shifts, their availability, and
 * their own time entries (to correct). Everyone who asks (requests.own).
 */
export async function myRequestReadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/my/open-shifts",
    {
      config: { access: "requests.own", compressAnswers: true },
      schema: {
        tags,
        security,
        summary:
          "Open shifts I may claim: published, not started, the next eight weeks, on my jobs (or my boards), free for me",
        response: { 200: openShiftsResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myOpenShifts(tx, actor)),
  );

  api.get(
    "/api/my/requests/options",
    {
      config: { access: "requests.own" },
      schema: {
        tags,
        security,
        summary:
          "For one of my published shifts ahead: the teammates who could take it, and the shifts I could swap it for",
        querystring: requestOptionsQuerySchema,
        response: { 200: requestOptionsResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => requestOptions(tx, actor, request.query.shift_id)),
  );

  api.get(
    "/api/my/availability",
    {
      config: { access: "requests.own", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "My availability: weekly windows in effect now or later, and exceptions from today on",
        response: { 200: myAvailabilityResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myAvailability(tx, actor)),
  );

  api.get(
    "/api/my/entries",
    {
      config: { access: "requests.own", compressAnswers: true },
      schema: {
        tags,
        security,
        summary:
          "My own time entries between two dates (default the last 14 days, at most 62), newest first, to ask for corrections",
        querystring: myEntriesQuerySchema,
        response: { 200: myEntriesResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myEntries(tx, actor, request.query)),
  );
}
