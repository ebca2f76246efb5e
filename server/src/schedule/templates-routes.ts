import {
  copyResultSchema,
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
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { boardActor } from "../boards/access.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { scheduleRefusals, scheduleSecurity, scheduleTags } from "./route-docs.ts";
import { applyTemplate, createTemplate, deleteTemplate, listTemplates } from "./templates.ts";

const refusals = scheduleRefusals;
const security = scheduleSecurity;
const tags = scheduleTags;

/** A board's week templates: list (view), save a week, apply to a week, delete (manage). */
export async function templateRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);

  api.get(
    "/api/schedule/templates",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "A board's week templates, by name",
        querystring: templatesQuerySchema,
        response: { 200: templatesResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await boardActor(db, request, "view");
      const templates = await withOrganization(db, actor.organizationId, (tx) =>
        listTemplates(tx, actor.organizationId, request.query.board_id),
      );
      return { templates };
    },
  );

  api.post(
    "/api/schedule/templates",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Save a week of a board as a template (wall-clock times; name unique on the board, any case)",
        body: templateCreateSchema,
        response: { 201: templateResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await boardActor(db, request, "manage");
      const template = await withOrganization(db, actor.organizationId, (tx) =>
        createTemplate(tx, actor, request.body),
      );
      return reply.status(201).send({ template });
    },
  );

  api.post(
    "/api/schedule/templates/:id/apply",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Add a template's shifts to a week as drafts; archived people or jobs and overlaps are skipped",
        params: templateParamsSchema,
        body: templateApplySchema,
        response: { 200: copyResultSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await boardActor(db, request, "manage");
      return withOrganization(db, actor.organizationId, (tx) =>
        applyTemplate(tx, actor, request.params.id, request.body),
      );
    },
  );

  api.delete(
    "/api/schedule/templates/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: "Delete a template",
        params: templateParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await boardActor(db, request, "manage");
      await withOrganization(db, actor.organizationId, (tx) => deleteTemplate(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
