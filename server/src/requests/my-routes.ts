import {
  myRequestsResponseSchema,
  requestCreateSchema,
  requestParamsSchema,
  requestRefuseSchema,
  requestResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { acceptRequest } from "./accept.ts";
import { askRequest, type StepResult } from "./ask.ts";
import { cancelRequest } from "./cancel.ts";
import type { RequestOptions } from "./effects.ts";
import { myRequests } from "./my-requests.ts";
import { refuseRequest } from "./refuse.ts";
import { requestRefusals as refusals, requestSecurity as security, requestTags as tags } from "./route-docs.ts";

/**
 * The employee's side of requests (requests.own): ask, list one's own and
 * what teammates offer, cancel one's own, accept or turn down an offer.
 */
export async function myRequestRoutes(app: FastifyInstance, options: RequestOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Answers a step, waking delivery when it queued messages (after the commit). */
  const answered = ({ request, notified }: StepResult) => {
    if (notified > 0) app.delivery.wake();
    return { request };
  };

  api.post(
    "/api/my/requests",
    {
      config: { access: "requests.own" },
      schema: {
        tags,
        security,
        summary:
          "Ask for something: claim an open shift, give a shift away, swap, change availability, correct one's time",
        body: requestCreateSchema,
        response: { 201: requestResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await inTenant(request, (tx, actor) => askRequest(tx, actor, request.body, options));
      return reply.status(201).send(answered(result));
    },
  );

  api.get(
    "/api/my/requests",
    {
      config: { access: "requests.own", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "My requests (waiting ones and the last 90 days), and what teammates offer me",
        response: { 200: myRequestsResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myRequests(tx, actor)),
  );

  api.post(
    "/api/my/requests/:id/cancel",
    {
      config: { access: "requests.own" },
      schema: {
        tags,
        security,
        summary: "Cancel one of my requests while it waits",
        params: requestParamsSchema,
        response: { 200: requestResponseSchema, ...refusals },
      },
    },
    async (request) =>
      answered(await inTenant(request, (tx, actor) => cancelRequest(tx, actor, request.params.id, options))),
  );

  api.post(
    "/api/my/requests/:id/accept",
    {
      config: { access: "requests.own" },
      schema: {
        tags,
        security,
        summary: "Take a shift a teammate offers, or accept a swap asked of me (then a manager decides, or not)",
        params: requestParamsSchema,
        response: { 200: requestResponseSchema, ...refusals },
      },
    },
    async (request) =>
      answered(await inTenant(request, (tx, actor) => acceptRequest(tx, actor, request.params.id, options))),
  );

  api.post(
    "/api/my/requests/:id/refuse",
    {
      config: { access: "requests.own" },
      schema: {
        tags,
        security,
        summary: "Turn down a shift offered to me by name, or a swap asked of me",
        params: requestParamsSchema,
        body: requestRefuseSchema,
        response: { 200: requestResponseSchema, ...refusals },
      },
    },
    async (request) =>
      answered(
        await inTenant(request, (tx, actor) =>
          refuseRequest(tx, actor, request.params.id, request.body?.reason ?? null, options),
        ),
      ),
  );
}
