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
import { inTenant } from "../lib/access/in-tenant.ts";
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
 * Schedule boards (spec "job schedulers"): list, create, read, change (name,
 * time zone, week start, and the sets of jobs and people, each replaced whole
 * in one transaction), archive and restore; seeing them is the schedule's
 * view right, changing them its manage right. The sidebar's
 * GET /api/company/job-schedulers/get reads the same table.
 */
export async function boardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/boards",
    {
      config: { access: "schedule.view", compressAnswers: true },
      schema: {
        tags: ["boards"],
        summary: "The organization's schedule boards with their jobs and people; archived ones only when asked",
        security,
        querystring: boardsQuerySchema,
        response: { 200: boardsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const boards = await inTenant(request, (tx) =>
        listBoards(tx, { includeArchived: request.query.include_archived === "true" }),
      );
      return { boards };
    },
  );

  api.post(
    "/api/boards",
    {
      config: { access: "schedule.manage" },
      schema: {
        tags: ["boards"],
        summary: "Create a board (time zone and week start default to the organization's)",
        security,
        body: boardCreateSchema,
        response: { 201: boardResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const board = await inTenant(request, (tx, actor) => createBoard(tx, actor, request.body));
      return reply.status(201).send({ board });
    },
  );

  api.get(
    "/api/boards/:id",
    {
      config: { access: "schedule.view" },
      schema: {
        tags: ["boards"],
        summary: "One board",
        security,
        params: boardParamsSchema,
        response: { 200: boardResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const board = await inTenant(request, (tx) => loadBoard(tx, request.params.id));
      return { board };
    },
  );

  api.patch(
    "/api/boards/:id",
    {
      config: { access: "schedule.manage" },
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
      const board = await inTenant(request, (tx, actor) => updateBoard(tx, actor, request.params.id, request.body));
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
        config: { access: "schedule.manage" },
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
        const board = await inTenant(request, (tx, actor) => setBoardArchived(tx, actor, request.params.id, archived));
        return { board };
      },
    );
  }
}
