import {
  copyResultSchema,
  shiftConflictBodySchema,
  templateApplySchema,
  templateCreateSchema,
  templateParamsSchema,
  templateResponseSchema,
  templatesQuerySchema,
  templatesResponseSchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { inTenant } from "../lib/access/in-tenant.ts";
import { scheduleRefusals, scheduleSecurity, scheduleTags } from "./route-docs.ts";
import { applyTemplate, createTemplate, deleteTemplate, listTemplates } from "./templates.ts";

const refusals = scheduleRefusals;
const security = scheduleSecurity;
const tags = scheduleTags;

/** A board's week templates: list (schedule.view), save a week, apply to a week, delete (schedule.manage). */
export async function templateRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/schedule/templates",
    {
      config: { access: "schedule.view", compressAnswers: true },
      schema: {
        tags,
        security,
        summary: "A board's week templates, by name",
        querystring: templatesQuerySchema,
        response: { 200: templatesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const templates = await inTenant(request, (tx, actor) =>
        listTemplates(tx, actor.organizationId, request.query.board_id),
      );
      return { templates };
    },
  );

  api.post(
    "/api/schedule/templates",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Save a week of a board as a template (wall-clock times; name unique on the board, any case)",
        body: templateCreateSchema,
        response: { 201: templateResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const template = await inTenant(request, (tx, actor) => createTemplate(tx, actor, request.body));
      return reply.status(201).send({ template });
    },
  );

  api.post(
    "/api/schedule/templates/:id/apply",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Add a template's shifts to a week as drafts; archived people or jobs and overlaps are skipped",
        params: templateParamsSchema,
        body: templateApplySchema,
        response: { 200: copyResultSchema, ...refusals, 409: shiftConflictBodySchema },
      },
    },
    async (request) => {
      return inTenant(request, (tx, actor) => applyTemplate(tx, actor, request.params.id, request.body));
    },
  );

  api.delete(
    "/api/schedule/templates/:id",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags,
        security,
        summary: "Delete a template",
        params: templateParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...refusals },
      },
    },
    async (request, reply) => {
      await inTenant(request, (tx, actor) => deleteTemplate(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
