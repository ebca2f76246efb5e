import {
  boardCreateSchema,
  boardParamsSchema,
  boardResponseSchema,
  boardsQuerySchema,
  boardsResponseSchema,
  boardUpdateSchema,
  errorBodySchema,
} from "@workshift/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate } from "../auth/authenticate.ts";
import type { AuthKeys } from "../auth/keys.ts";
import { withOrganization } from "../lib/db/tenancy.ts";
import { boardActor } from "./access.ts";
import { createBoard, listBoards, loadBoard, setBoardArchived, updateBoard } from "./boards.ts";

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const security = [{ bearer: [] }];

/**
 * Schedule boards (spec "job schedulers", issue #5): list, create, read,
 * change (name, time zone, week start, and the sets of jobs and people, each
 * replaced whole in one transaction), archive and restore. The sidebar's
 * GET /api/company/job-schedulers/get reads the same table.
 */
export async function boardRoutes(app: FastifyInstance, { keys }: { keys: AuthKeys }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const requireAuth = authenticate(keys.access);

  api.get(
    "/api/boards",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["boards"],
        summary: "The organization's schedule boards with their jobs and people; archived ones only when asked",
        security,
        querystring: boardsQuerySchema,
        response: { 200: boardsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await boardActor(db, request, "view");
      const boards = await withOrganization(db, actor.organizationId, (tx) =>
        listBoards(tx, { includeArchived: request.query.include_archived === "true" }),
      );
      return { boards };
    },
  );

  api.post(
    "/api/boards",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["boards"],
        summary: "Create a board (time zone and week start default to the organization's)",
        security,
        body: boardCreateSchema,
        response: { 201: boardResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await boardActor(db, request, "manage");
      const board = await withOrganization(db, actor.organizationId, (tx) => createBoard(tx, actor, request.body));
      return reply.status(201).send({ board });
    },
  );

  api.get(
    "/api/boards/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["boards"],
        summary: "One board",
        security,
        params: boardParamsSchema,
        response: { 200: boardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await boardActor(db, request, "view");
      const board = await withOrganization(db, actor.organizationId, (tx) => loadBoard(tx, request.params.id));
      return { board };
    },
  );

  api.patch(
    "/api/boards/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["boards"],
        summary: "Change a board; job_ids and member_ids replace the whole sets",
        security,
        params: boardParamsSchema,
        body: boardUpdateSchema,
        response: { 200: boardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await boardActor(db, request, "manage");
      const board = await withOrganization(db, actor.organizationId, (tx) =>
        updateBoard(tx, actor, request.params.id, request.body),
      );
      return { board };
    },
  );

  for (const [action, archived] of [
    ["archive", true],
    ["restore", false],
  ] as const) {
    api.post(
      `/api/boards/:id/${action}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ["boards"],
          summary: archived
            ? "Archive a board (it leaves the sidebar; its history stays)"
            : "Restore an archived board (its name must be free among active boards)",
          security,
          params: boardParamsSchema,
          response: { 200: boardResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const actor = await boardActor(db, request, "manage");
        const board = await withOrganization(db, actor.organizationId, (tx) =>
          setBoardArchived(tx, actor, request.params.id, archived),
        );
        return { board };
      },
    );
  }
}
