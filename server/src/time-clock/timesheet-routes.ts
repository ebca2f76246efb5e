import {
  approvalRequestSchema,
  boardScopeSchema,
  bulkApprovalRequestSchema,
  bulkApprovalResponseSchema,
  errorBodySchema,
  timesheetAccess,
  timesheetQuerySchema,
  timesheetResponseSchema,
  unlockRequestSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { timesheetActor } from "./access.ts";
import { approvePeriod, approvePeriods, unlockPeriod } from "./approvals.ts";
import { loadTimesheets } from "./timesheets.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/** Timesheets per pay period (view_timesheet) and approving or unlocking a person's period (manage_timesheet). */
export async function timesheetRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);
  const docs = (summary: string) => ({ tags: ["time clock"], security: [{ bearer: [] }], summary });

  api.get(
    "/api/time-clock/boards/:scope/timesheets",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("The timesheets of a board (or `all`) for the pay period holding `date` (default today)"),
        params: z.object({ scope: boardScopeSchema }),
        querystring: timesheetQuerySchema,
        response: { 200: timesheetResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "view");
      const canManage = timesheetAccess(actor.role, actor.permissions).manage;
      return withOrganization(db, actor.organizationId, (tx) =>
        loadTimesheets(tx, actor.organizationId, request.params.scope, request.query.date, canManage),
      );
    },
  );

  api.post(
    "/api/time-clock/approvals",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Approve a person's pay period: its entries are locked until it is unlocked"),
        body: approvalRequestSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await timesheetActor(db, request, "manage");
      await withOrganization(db, actor.organizationId, (tx) =>
        approvePeriod(tx, actor, request.body.user_id, request.body.period_start),
      );
      return reply.status(204).send(null);
    },
  );

  api.post(
    "/api/time-clock/approvals/bulk",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Approve the pay period of each person named who is ready; the others are skipped, each with why"),
        body: bulkApprovalRequestSchema,
        response: { 200: bulkApprovalResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await timesheetActor(db, request, "manage");
      return withOrganization(db, actor.organizationId, (tx) =>
        approvePeriods(tx, actor, request.body.user_ids, request.body.period_start),
      );
    },
  );

  api.post(
    "/api/time-clock/approvals/unlock",
    {
      preHandler: requireAuth,
      schema: {
        ...docs("Unlock a person's approved pay period, with the reason (audited)"),
        body: unlockRequestSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await timesheetActor(db, request, "manage");
      await withOrganization(db, actor.organizationId, (tx) =>
        unlockPeriod(tx, actor, request.body.user_id, request.body.period_start, request.body.reason),
      );
      return reply.status(204).send(null);
    },
  );
}
