import {
  leaveTypeInputSchema,
  leaveTypePatchSchema,
  leaveTypeSchema,
  timeOffBlockInputSchema,
  timeOffBlockSchema,
  timeOffSettingsPatchSchema,
  timeOffSettingsSchema,
  timeOffSetupResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../../lib/access/in-tenant.ts";
import { listPolicies } from "../policies/policies.ts";
import { readTimeOffSettings, updateTimeOffSettings } from "../settings/settings.ts";
import { createBlock, deleteBlock, listBlocks } from "./blocks.ts";
import { ensureLeaveTypes } from "./default-types.ts";
import { createLeaveType, listLeaveTypes, updateLeaveType } from "./leave-types.ts";
import { timeOffRefusals as refusals, timeOffSecurity as security, timeOffTags as tags } from "./route-docs.ts";

const idParams = z.object({ id: z.string() });

/** Time off's setup: what the settings page shows, leave types, blocked dates and settings. */
export async function timeOffSetupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/time-off/setup",
    {
      config: { access: "timeOff.view" },
      schema: {
        tags,
        security,
        summary: "Leave types, policies, settings and blocked dates (the default types are made the first time)",
        response: { 200: timeOffSetupResponseSchema, ...refusals },
      },
    },
    async (request) =>
      inTenant(request, async (tx, actor) => {
        await ensureLeaveTypes(tx, actor.organizationId);
        return {
          leave_types: await listLeaveTypes(tx, actor.organizationId),
          policies: await listPolicies(tx, actor.organizationId),
          settings: await readTimeOffSettings(tx, actor.organizationId),
          blocks: await listBlocks(tx, actor.organizationId),
        };
      }),
  );

  api.post(
    "/api/time-off/types",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Add a leave type (name unique among active types)",
        body: leaveTypeInputSchema,
        response: { 201: z.object({ leave_type: leaveTypeSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const type = await inTenant(request, (tx, actor) => createLeaveType(tx, actor, request.body));
      return reply.status(201).send({ leave_type: type });
    },
  );

  api.patch(
    "/api/time-off/types/:id",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Rename, recolour, archive or restore a leave type",
        params: idParams,
        body: leaveTypePatchSchema,
        response: { 200: z.object({ leave_type: leaveTypeSchema }), ...refusals },
      },
    },
    async (request) => ({
      leave_type: await inTenant(request, (tx, actor) => updateLeaveType(tx, actor, request.params.id, request.body)),
    }),
  );

  api.post(
    "/api/time-off/blocks",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Block dates for time off, for the organization or one board",
        body: timeOffBlockInputSchema,
        response: { 201: z.object({ block: timeOffBlockSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const block = await inTenant(request, (tx, actor) => createBlock(tx, actor, request.body));
      return reply.status(201).send({ block });
    },
  );

  api.delete(
    "/api/time-off/blocks/:id",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Unblock dates",
        params: idParams,
        response: { 204: z.null().describe("Deleted"), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => deleteBlock(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  api.patch(
    "/api/time-off/settings",
    {
      config: { access: "timeOff.manage" },
      schema: {
        tags,
        security,
        summary: "Change some of the time-off settings (job limits: null removes one)",
        body: timeOffSettingsPatchSchema,
        response: { 200: z.object({ settings: timeOffSettingsSchema }), ...refusals },
      },
    },
    async (request) => ({
      settings: await inTenant(request, (tx, actor) => updateTimeOffSettings(tx, actor, request.body)),
    }),
  );
}
