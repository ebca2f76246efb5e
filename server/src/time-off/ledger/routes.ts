import {
  balancesResponseSchema,
  leavePersonPatchSchema,
  ledgerAdjustSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  personIdSchema,
  teamBalancesResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../../lib/access/in-tenant.ts";
import { notFound } from "../../lib/http/errors.ts";
import { loadLeaveType } from "../setup/leave-types.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "../setup/route-docs.ts";
import { adjustBalance } from "./adjust.ts";
import { readLedger } from "./ledger-read.ts";
import { personBalances, updateLeavePerson } from "./person.ts";
import { teamBalances } from "./team.ts";

const personParams = z.object({ user: personIdSchema() });
const teamQuery = z.object({
  leave_type_id: z.string().uuid("timeOff.unknownType").optional(),
  board_id: z.string().uuid("timeOff.unknownBoard").optional(),
});

/** Balances and ledgers: read (timeOff.view), adjusted (timeOff.approve), start dates (timeOff.manage). */
export async function leaveLedgerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/time-off/balances",
    {
      config: { access: "timeOff.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "Everyone's balance of one leave type (the first active one by default), or one board's people",
        querystring: teamQuery,
        response: { 200: teamBalancesResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => teamBalances(tx, actor.organizationId, request.query)),
  );

  api.get(
    "/api/time-off/people/:user/balances",
    {
      config: { access: "timeOff.view" },
      schema: {
        tags,
        security,
        summary: "A person's balances, one per active leave type",
        params: personParams,
        response: { 200: balancesResponseSchema, ...refusals },
      },
    },
    async (request) => inTenant(request, (tx, actor) => personBalances(tx, actor.organizationId, request.params.user)),
  );

  api.get(
    "/api/time-off/people/:user/ledger",
    {
      config: { access: "timeOff.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "A person's ledger of one type, in date order with the balance after each entry",
        params: personParams,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => {
        const member = await tx
          .selectFrom("memberships")
          .select("user_id")
          .where("organization_id", "=", actor.organizationId)
          .where("user_id", "=", request.params.user)
          .executeTakeFirst();
        if (!member) throw notFound("No such person");
        const { leave_type_id, from, to } = request.query;
        await loadLeaveType(tx, actor.organizationId, leave_type_id);
        return readLedger(tx, actor.organizationId, request.params.user, leave_type_id, { from, to });
      }),
  );

  api.patch(
    "/api/time-off/people/:user",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "A person's start date and usual day (their balances are recomputed)",
        params: personParams,
        body: leavePersonPatchSchema,
        response: { 200: balancesResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, (tx, actor) => updateLeavePerson(tx, actor, request.params.user, request.body)),
  );

  api.post(
    "/api/time-off/adjustments",
    {
      config: { access: "timeOff.approve" },
      schema: {
        tags,
        security,
        summary: "Change a person's balance, with a reason (kept in the ledger, audited)",
        body: ledgerAdjustSchema,
        response: { 201: ledgerResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const ledger = await inTenant(request, (tx, actor) => adjustBalance(tx, actor, request.body));
      return reply.status(201).send(ledger);
    },
  );
}
