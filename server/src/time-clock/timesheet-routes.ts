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
import { clientGone, dropAnswer } from "../lib/http/client-gone.ts";
import { approvePeriod, approvePeriods, unlockPeriod } from "./approvals.ts";
import { loadTimesheets, timesheetsText } from "./timesheets.ts";

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
      // A period of a large team is tens of megabytes of JSON, which zod would walk field by field on
      // every request: written as it is, and checked against the schema by the test server.
      config: { access: "timesheets.view", compressAnswers: true, answerCheck: "tests" },
      schema: {
        ...docs("The timesheets of a board (or `all`) for the pay period holding `date` (default today)"),
        params: z.object({ scope: boardScopeSchema }),
        querystring: timesheetQuerySchema,
        response: { 200: timesheetResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const gone = clientGone(reply);
      try {
        // Whether a page is asked for does not depend on coercion; the query is validated by inTenantRead.
        if (request.query.limit === undefined) {
          // The whole period is written as kept (timesheetsText), names mapped: the answer's hooks are not needed.
          const text = await inTenantRead(request, (tx, actor) =>
            timesheetsText(
              tx,
              actor.organizationId,
              request.params.scope,
              request.query.date,
              can(actor, "timesheets.manage"),
              gone,
            ),
          );
          if (!gone.aborted) return reply.type("application/json; charset=utf-8").send(text as never);
          dropAnswer(reply);
          return;
        }
        const answer = await inTenantRead(request, (tx, actor) => {
          const { date, offset, limit } = request.query;
          return loadTimesheets(
            tx,
            actor.organizationId,
            request.params.scope,
            date,
            can(actor, "timesheets.manage"),
            new Date(),
            undefined,
            { page: { offset: offset ?? 0, limit: limit ?? 0 }, signal: gone },
          );
        });
        // A tab that navigated away no longer waits for a large period: it is not written.
        if (!gone.aborted) return answer;
      } catch (error) {
        if (!gone.aborted) throw error;
      }
      dropAnswer(reply);
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
