import {
  ledgerQuerySchema,
  ledgerResponseSchema,
  myTimeOffResponseSchema,
  timeOffPreviewResponseSchema,
  timeOffPreviewSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { readLedger } from "./ledger/ledger-read.ts";
import { myTimeOff, previewTimeOff } from "./my-time-off.ts";
import { loadLeaveType } from "./setup/leave-types.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "./setup/route-docs.ts";

/**
 * The employee's own time off (timeOff.own): balances, a preview of an ask,
 * the ledger. Asking, cancelling and deciding go through the requests' routes.
 */
export async function myTimeOffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/my/time-off",
    {
      config: { access: "timeOff.own" },
      schema: {
        tags,
        security,
        summary: "My balances, the leave types I can ask for, my zone and the weekend days",
        response: { 200: myTimeOffResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => myTimeOff(tx, actor)),
  );

  api.post(
    "/api/my/time-off/preview",
    {
      config: { access: "timeOff.own" },
      schema: {
        tags,
        security,
        summary: "What asking for this time off would take (per day), the balance after, and what would refuse it now",
        body: timeOffPreviewSchema,
        response: { 200: timeOffPreviewResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => previewTimeOff(tx, actor, request.body)),
  );

  api.get(
    "/api/my/time-off/ledger",
    {
      config: { access: "timeOff.own", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "My ledger of one leave type, in date order with the balance after each entry",
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => {
        const { leave_type_id, from, to } = request.query;
        await loadLeaveType(tx, actor.organizationId, leave_type_id);
        return readLedger(tx, actor.organizationId, actor.userId, leave_type_id, { from, to });
      }),
  );
}
