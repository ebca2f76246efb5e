import {
  errorBodySchema,
  inboxCountSchema,
  inboxItemResponseSchema,
  inboxQuerySchema,
  inboxResponseSchema,
  requestParamsSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { inboxCount, inboxItem, listInbox } from "./inbox.ts";

const refusals = { 400: errorBodySchema, 403: errorBodySchema };
const withNotFound = { ...refusals, 404: errorBodySchema };

/** The managers' inbox (requests.view): a page of the requests they may decide, with the impact of a yes; and its count. */
export async function inboxRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({ tags: ["requests"], security: [{ bearer: [] }], summary });

  api.get(
    "/api/requests",
    {
      // A page holds every request's impact (shifts, people, figures): its check is left to the tests.
      config: { access: "requests.view", compressAnswers: true, answerCheck: "tests" },
      schema: {
        ...docs(
          "A page of the requests of the kinds the signed-in manager may decide, newest first; waiting ones carry the impact of a yes",
        ),
        querystring: inboxQuerySchema,
        response: { 200: inboxResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => listInbox(tx, actor, request.query)),
  );

  api.get(
    "/api/requests/count",
    {
      config: { access: "requests.view" },
      schema: {
        ...docs("How many requests wait for the signed-in manager's yes (pending, of the kinds they decide)"),
        response: { 200: inboxCountSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => inboxCount(tx, actor)),
  );

  api.get(
    "/api/requests/:id",
    {
      config: { access: "requests.view" },
      schema: {
        ...docs(
          "One request the signed-in manager may decide (its kind), with the impact of a yes while it waits; 404 otherwise",
        ),
        params: requestParamsSchema,
        response: { 200: inboxItemResponseSchema, ...withNotFound },
      },
    },
    async (request) => inTenant(request, (tx, actor) => inboxItem(tx, actor, request.params.id)),
  );
}
