import {
  bulkDecisionResultSchema,
  requestApproveSchema,
  requestBulkDecisionSchema,
  requestDeclineSchema,
  requestParamsSchema,
  requestResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { decideMany } from "./bulk.ts";
import { decideRequest } from "./decide.ts";
import type { RequestOptions } from "./effects.ts";
import { requestRefusals as refusals, requestSecurity as security, requestTags as tags } from "./route-docs.ts";

/**
 * Managers decide requests (requests.view, then the kind's decider action
 * of the access table: a request one may not decide is not found): one at
 * a time at the version read, or many at once.
 */
export async function requestDecisionRoutes(app: FastifyInstance, options: RequestOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const wake = (notified: number) => {
    if (notified > 0) app.delivery.wake();
  };

  api.post(
    "/api/requests/:id/approve",
    {
      config: { access: "requests.view" },
      schema: {
        tags,
        security,
        summary: "Approve a pending request read at `version`: re-checked and applied in full, or refused with why",
        params: requestParamsSchema,
        body: requestApproveSchema,
        response: { 200: requestResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { request: decided, notified } = await inTenant(request, (tx, actor) =>
        decideRequest(
          tx,
          actor,
          request.params.id,
          request.body.version,
          { approve: true, shifts: request.body.shifts },
          options,
        ),
      );
      wake(notified);
      return { request: decided };
    },
  );

  api.post(
    "/api/requests/:id/decline",
    {
      config: { access: "requests.view" },
      schema: {
        tags,
        security,
        summary: "Decline a waiting request read at `version`, with the reason its author is told",
        params: requestParamsSchema,
        body: requestDeclineSchema,
        response: { 200: requestResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { request: decided, notified } = await inTenant(request, (tx, actor) =>
        decideRequest(
          tx,
          actor,
          request.params.id,
          request.body.version,
          { approve: false, reason: request.body.reason },
          options,
        ),
      );
      wake(notified);
      return { request: decided };
    },
  );

  api.post(
    "/api/requests/decisions",
    {
      config: { access: "requests.view" },
      schema: {
        tags,
        security,
        summary:
          "Approve or decline many requests, each on its own: one that no longer applies is refused with its code",
        body: requestBulkDecisionSchema,
        response: { 200: bulkDecisionResultSchema, ...refusals },
      },
    },
    async (request) => {
      const { results, notified } = await inTenant(request, (tx, actor) =>
        decideMany(tx, actor, request.body, options),
      );
      wake(notified);
      return { results };
    },
  );
}
