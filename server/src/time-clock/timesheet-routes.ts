import {
  approvalRequestSchema,
  boardScopeSchema,
  bulkApprovalRequestSchema,
  bulkApprovalResponseSchema,
  can,
  errorBodySchema,
  timesheetQuerySchema,
  timesheetResponseSchema,
  unlockRequestSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant, inTenantRead } from "../lib/access/in-tenant.ts";
import { approvePeriod, approvePeriods, unlockPeriod } from "./approvals.ts";
import { loadTimesheets } from "./timesheets.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/** Timesheets per pay period (timesheets.view) and approving or unlocking a person's period (timesheets.manage). */
export async function timesheetRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({ tags: ["time clock"], security: [{ bearer: [] }], summary });

  api.get(
    "/api/time-clock/boards/:scope/timesheets",
    {
      config: { access: "timesheets.view", compressAnswers: true },
      schema: {
        ...docs("The timesheets of a board (or `all`) for the pay period holding `date` (default today)"),
        params: z.object({ scope: boardScopeSchema }),
        querystring: timesheetQuerySchema,
        response: { 200: timesheetResponseSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenantRead(request, (tx, actor) =>
        loadTimesheets(
          tx,
          actor.organizationId,
          request.params.scope,
          request.query.date,
          can(actor, "timesheets.manage"),
        ),
      );
    },
  );

  api.post(
    "/api/time-clock/approvals",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Approve a person's pay period: its entries are locked until it is unlocked"),
        body: approvalRequestSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => approvePeriod(tx, actor, request.body.user_id, request.body.period_start));
      return reply.status(204).send(null);
    },
  );

  api.post(
    "/api/time-clock/approvals/bulk",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Approve the pay period of each person named who is ready; the others are skipped, each with why"),
        body: bulkApprovalRequestSchema,
        response: { 200: bulkApprovalResponseSchema, ...refusals },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) =>
        approvePeriods(tx, actor, request.body.user_ids, request.body.period_start),
      );
    },
  );

  api.post(
    "/api/time-clock/approvals/unlock",
    {
      config: { access: "timesheets.manage" },
      schema: {
        ...docs("Unlock a person's approved pay period, with the reason (audited)"),
        body: unlockRequestSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) =>
        unlockPeriod(tx, actor, request.body.user_id, request.body.period_start, request.body.reason),
      );
      return reply.status(204).send(null);
    },
  );
}
