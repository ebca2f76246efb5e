import {
  leaveAssignSchema,
  leavePolicyInputSchema,
  leavePolicyPatchSchema,
  leavePolicySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../../lib/access/in-tenant.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "../setup/route-docs.ts";
import { assignPolicy } from "./assignments.ts";
import { createPolicy, updatePolicy } from "./policies.ts";

/** Leave policies and who is on them (timeOff.manage). */
export async function leavePolicyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/time-off/policies",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Add a policy to a leave type",
        body: leavePolicyInputSchema,
        response: { 201: z.object({ policy: leavePolicySchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const policy = await inTenant(request, (tx, actor) => createPolicy(tx, actor, request.body));
      return reply.status(201).send({ policy });
    },
  );

  api.patch(
    "/api/time-off/policies/:id",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Change or archive a policy (everyone on it is recomputed)",
        params: z.object({ id: z.string() }),
        body: leavePolicyPatchSchema,
        response: { 200: z.object({ policy: leavePolicySchema }), ...refusals },
      },
    },
    async (request) => ({
      policy: await inTenant(request, (tx, actor) => updatePolicy(tx, actor, request.params.id, request.body)),
    }),
  );

  api.post(
    "/api/time-off/assignments",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Put people on a policy of a leave type, or take them off (policy_id null)",
        body: leaveAssignSchema,
        response: { 200: z.object({ assigned: z.number().int() }), ...refusals },
      },
    },
    async (request) => ({ assigned: await inTenant(request, (tx, actor) => assignPolicy(tx, actor, request.body)) }),
  );
}
